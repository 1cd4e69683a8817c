package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.epoll.AbstractEpollStreamChannel;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.util.collection.LongObjectHashMap;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * One remote rank as this rank sees it: the connection (once proven), the frames written before it
 * was, and the rendezvous in flight each way. Touched only by the thread that owns the rank's event
 * loop, so it needs no lock.
 */
final class Peer {
    final TcpDevice device;
    final int rank;
    Channel channel;
    /** The connection's socket for {@link HeapSocketIo}, or -1 where rendezvous data take Netty's copies. */
    int heapFd = -1;
    /** Frames written before the connection was proven, in order. */
    private final ArrayDeque<ByteBuf> pending = new ArrayDeque<>();
    /** Bytes in {@link #pending}: past the high-water mark, eager sends wait uncopied as for a full socket. */
    private long pendingBytes;
    /** Our rendezvous sends waiting for the peer's CTS, by id. */
    final LongObjectHashMap<OutgoingTransfer> awaitingCts = new LongObjectHashMap<>();
    /** Our rendezvous sends cleared to send, written in this order as the socket drains. */
    final ArrayDeque<OutgoingTransfer> streaming = new ArrayDeque<>();
    /** Our sends waiting for the socket to drain before they start, in order ({@link DeferredSend}). */
    final ArrayDeque<DeferredSend> deferred = new ArrayDeque<>();
    /** The peer's rendezvous sends announced by RTS that no receive matched yet: what its CANCEL may take back. */
    final LongObjectHashMap<RendezvousMessage> announced = new LongObjectHashMap<>();
    /** The peer's rendezvous sends we answered with CTS, whose DATA is coming. */
    final LongObjectHashMap<RendezvousMessage> incoming = new LongObjectHashMap<>();
    /** The body of the EAGER frame coming now, where its receive was posted before the body came. */
    final EagerStream eagerStream;
    /** The message object for the next EAGER frame; replaced when one is queued unmatched. */
    EagerMessage nextEager;
    /**
     * Message objects of EAGER frames that waited for their receives and were received, for the frames
     * after them (at most {@link #SPARE_EAGER}): a burst of waiting messages takes no new ones once one
     * like it has come and gone.
     */
    private final ArrayDeque<EagerMessage> spareEager = new ArrayDeque<>();
    private static final int SPARE_EAGER = 1024;
    long nextRendezvousId;
    /** Connected through a Unix domain socket: a JVM of this host, which a {@link MappedPipe} may reach. */
    boolean local;
    /** The pipe this rank offered the peer and awaits its answer to; then {@link #pipeOut}. */
    private MappedPipe pipeOffered;
    /** The pipe the rendezvous data of {@link #piping} go through, once the peer opened it. */
    MappedPipe pipeOut;
    /** No pipe to this peer: it is not local, pipes are off, none could be made, or the peer refused it. */
    private boolean noPipe;
    /** The pipe the peer writes its rendezvous data to this rank through. */
    MappedPipe pipeIn;
    /** Our rendezvous sends cleared to send through {@link #pipeOut}, written in this order. */
    final ArrayDeque<OutgoingTransfer> piping = new ArrayDeque<>();
    /** This rank sleeps with its flag raised in the pipe, each way ({@link #armPipes}). */
    private boolean armedIn;
    private boolean armedOut;
    boolean byeReceived;
    boolean lost;
    private boolean pumping;
    /** {@link #write} leaves flushing to {@link #startDeferred}. */
    private boolean startingDeferred;

    Peer(TcpDevice device, int rank) {
        this.device = device;
        this.rank = rank;
        this.nextEager = new EagerMessage(this);
        this.eagerStream = new EagerStream(this);
    }

    /** Replaces {@link #nextEager}, which now waits for its receive. */
    void replaceNextEager() {
        EagerMessage m = spareEager.pollLast();
        nextEager = m != null ? m : new EagerMessage(this);
    }

    /** Takes back a message object whose frame was received after waiting (on the loop's owner thread). */
    void spare(EagerMessage m) {
        if (spareEager.size() < SPARE_EAGER) {
            spareEager.addLast(m);
        }
    }

    /** Writes and flushes a frame, or queues it until the connection is proven. */
    void write(ByteBuf frame) {
        Channel c = channel;
        if (c != null) {
            if (startingDeferred) {
                c.write(frame, c.voidPromise()); // flushed together once they are all written
                return;
            }
            c.writeAndFlush(frame, c.voidPromise());
        } else if (lost) {
            frame.release();
        } else {
            pendingBytes += frame.readableBytes();
            pending.add(frame);
        }
    }

    /**
     * Whether a send must wait behind {@link #deferred}: an eager one while the peer's outbound buffer
     * is over its high-water mark (Netty's writability), or before the connection is proven, while
     * the frames queued for it are; any one while others wait, to keep the order.
     */
    boolean mustDefer(boolean eager) {
        Channel c = channel;
        return !deferred.isEmpty()
                || (eager && (c != null ? !c.isWritable() : pendingBytes >= device.settings.writeHighWaterBytes && !lost));
    }

    /** The connection is proven: frames queued meanwhile go first, in order, then the deferred sends. */
    void connected(Channel c) {
        channel = c;
        if (c instanceof DomainSocketChannel) {
            local = true;
            TcpDevice.LOCAL_CONNECTIONS.increment();
        }
        if (device.heapIo && c instanceof AbstractEpollStreamChannel e) {
            heapFd = e.fd().intValue();
        }
        // Writing them may fire channelWritabilityChanged: no deferred send may start before the last.
        pumping = true;
        try {
            for (ByteBuf b = pending.poll(); b != null; b = pending.poll()) {
                c.write(b, c.voidPromise());
            }
        } finally {
            pumping = false;
        }
        pendingBytes = 0;
        c.flush();
        pump();
    }

    /**
     * Writes DATA of the cleared rendezvous sends while the socket takes it; called again when it
     * drains. Each chunk is flushed as soon as it is copied, so the kernel moves chunk i to the peer
     * (and the peer copies it out) while this rank copies chunk i+1.
     */
    void pump() {
        Channel c = channel;
        if (c == null || (streaming.isEmpty() && deferred.isEmpty()) || pumping) {
            return;
        }
        // A write that fills the outbound buffer fires channelWritabilityChanged, which calls pump() again
        // once the socket drains; an event fired while pumping is lost, so this goes on while the flush at
        // the end of startDeferred leaves the channel writable (its socket took everything).
        pumping = true;
        try {
            do {
                startDeferred(c);
                pumpWhileWritable(c);
            } while (!deferred.isEmpty() && c.isWritable());
        } finally {
            pumping = false;
        }
    }

    /**
     * Starts the deferred sends while the socket takes them, with one flush for all (a gathering
     * write): a flush each took a system call per message, and a 2-JVM stream of 16 KiB messages to
     * a busy receiver ran at ~10.4 us a message instead of ~8.3.
     */
    private void startDeferred(Channel c) {
        if (deferred.isEmpty()) {
            return;
        }
        startingDeferred = true;
        try {
            while (c.isWritable()) {
                DeferredSend d = deferred.poll();
                if (d == null) {
                    break;
                }
                d.start();
            }
        } finally {
            startingDeferred = false;
        }
        c.flush();
    }

    /**
     * Writes chunks while Netty's outbound buffer is under its high-water mark. Chunks written straight
     * from the array ({@link HeapSocketIo}) go while the socket takes them whole: its buffer bounds
     * that burst, and once it is full the rest waits in Netty's buffer as with copies.
     */
    private void pumpWhileWritable(Channel c) {
        while (c.isWritable()) {
            OutgoingTransfer t = streaming.peek();
            if (t == null) {
                break;
            }
            t.writeChunk(c);
            c.flush();
            if (t.done()) {
                streaming.poll();
                t.complete();
            }
        }
    }

    // ---- the pipe of shared memory ({@link MappedPipe}) ---------------------------------------

    /** Offers the peer a pipe for this rank's rendezvous data, once: a local peer, pipes on, none yet. */
    void offerPipe() {
        if (noPipe || pipeOut != null || pipeOffered != null || channel == null) {
            return;
        }
        int bytes = device.settings.pipeBytes;
        MappedPipe m = local && bytes > 0 ? MappedPipe.create(bytes) : null;
        if (m == null) {
            noPipe = true;
            return;
        }
        pipeOffered = m;
        byte[] name = m.path().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteBuf b = device.alloc.directBuffer(Frame.HEADER_BYTES + name.length);
        Frame.writeHeader(b, Frame.PIPE, Frame.PIPE_OFFER, Frame.NO_BASE, 0, device.rank, 0, 0, name.length, bytes, 0);
        b.writeBytes(name);
        write(b);
    }

    /** The peer's PIPE frame: its offer, its answer to ours, or a nudge. Returns why it breaks the protocol, or null. */
    String pipeFrame(InboundFrame f) {
        switch (f.flags) {
            case Frame.PIPE_OFFER -> {
                if (pipeIn != null) {
                    return "a second pipe offered";
                }
                String name = f.payload.toString(f.payloadIndex, f.payloadBytes, java.nio.charset.StandardCharsets.UTF_8);
                int answer = Frame.PIPE_OPENED;
                try {
                    pipeIn = local ? MappedPipe.open(name, f.total) : null;
                    if (pipeIn == null) {
                        answer = Frame.PIPE_REFUSED;
                    } else {
                        device.piped(this);
                    }
                } catch (IOException | RuntimeException e) {
                    HandshakeHandler.LOG.fine("tcp: rank " + device.rank + " cannot open the pipe of " + describe() + ": " + e);
                    answer = Frame.PIPE_REFUSED;
                }
                device.writeControl(this, Frame.PIPE, answer, 0);
            }
            case Frame.PIPE_OPENED, Frame.PIPE_REFUSED -> {
                if (pipeOffered == null) {
                    return "an answer to a pipe this rank did not offer";
                }
                if (f.flags == Frame.PIPE_OPENED) {
                    pipeOut = pipeOffered;
                    device.piped(this);
                } else {
                    pipeOffered.release();
                    noPipe = true;
                }
                pipeOffered = null;
            }
            default -> movePipes();
        }
        return null;
    }

    /**
     * Copies what the pipes allow each way; returns the chunks moved. Whatever in a pipe no peer could
     * have written (a counter, a chunk's length or id) breaks the link, as a bad frame does.
     */
    int movePipes() {
        try {
            return drainPipe() + pumpPipe();
        } catch (FrameException e) {
            device.linkBroken(this, e.getMessage());
            return 1;
        }
    }

    /** Writes rendezvous data into {@link #pipeOut} while it has room; returns the chunks written. */
    private int pumpPipe() {
        int chunks = 0;
        for (OutgoingTransfer t = piping.peek(); t != null; t = piping.peek()) {
            chunks += t.writeToPipe(pipeOut, device.settings.pipeChunkBytes);
            if (!t.done()) {
                break;
            }
            piping.poll();
            t.complete();
        }
        nudgeIfOwed(pipeOut);
        return chunks;
    }

    /** Copies the chunks {@link #pipeIn} holds into the receives they belong to; returns how many. */
    private int drainPipe() {
        MappedPipe in = pipeIn;
        if (in == null || incoming.isEmpty()) {
            return 0;
        }
        int chunks = 0;
        while (in.nextChunk()) {
            long id = in.chunkId();
            RendezvousMessage m = incoming.get(id);
            String wrong = m == null ? "a pipe chunk for rendezvous " + id + ", which this rank did not clear" : in.badChunk();
            if (wrong == null) {
                wrong = m.pipeData(in);
            }
            if (wrong != null) {
                throw new FrameException(wrong);
            }
            in.consume();
            chunks++;
        }
        nudgeIfOwed(in);
        return chunks;
    }

    private void nudgeIfOwed(MappedPipe m) {
        if (m != null && m.takeNudge()) {
            device.writeControl(this, Frame.PIPE, Frame.PIPE_NUDGE, 0);
        }
    }

    /**
     * Before the rank sleeps: raises its flags in the pipes it waits on, so that the peer nudges it;
     * true when a pipe can be moved after all (do not sleep).
     */
    boolean armPipes() {
        try {
            if (pipeIn != null && !incoming.isEmpty()) {
                armedIn = true;
                if (pipeIn.armReader()) {
                    return true;
                }
            }
            OutgoingTransfer t = piping.peek();
            if (pipeOut != null && t != null) {
                armedOut = true;
                return t.armForRoom(pipeOut, device.settings.pipeChunkBytes);
            }
            return false;
        } catch (FrameException e) {
            device.linkBroken(this, e.getMessage());
            return true;
        }
    }

    /** The rank woke: lowers the flags {@link #armPipes} raised. */
    void disarmPipes() {
        if (armedIn && pipeIn != null) {
            pipeIn.disarmReader();
        }
        if (armedOut && pipeOut != null) {
            pipeOut.disarmWriter();
        }
        armedIn = false;
        armedOut = false;
    }

    /** Lets go of this peer's pipes (their memory goes with the mappings, {@link MappedPipe#release}). */
    void releasePipes() {
        for (MappedPipe m : new MappedPipe[] {pipeOffered, pipeOut, pipeIn}) {
            if (m != null) {
                m.release();
            }
        }
        pipeOffered = null;
        pipeOut = null;
        pipeIn = null;
        noPipe = true;
        piping.clear();
    }

    /** The connection is gone: drops what can no longer be sent. */
    void release() {
        releasePipes();
        lost = true;
        channel = null;
        heapFd = -1;
        for (ByteBuf b = pending.poll(); b != null; b = pending.poll()) {
            b.release();
        }
        pendingBytes = 0;
        streaming.clear();
        deferred.clear();
        awaitingCts.values().forEach(OutgoingTransfer::releasePrepared);
        awaitingCts.clear();
        announced.clear();
        incoming.clear();
    }

    /** For messages: {@code rank 3 (127.0.0.1:40211)}. */
    String describe() {
        return "rank " + rank + " (" + device.table().address(rank) + ")";
    }
}
