package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.epoll.AbstractEpollStreamChannel;
import io.netty.channel.unix.DomainSocketChannel;
import io.netty.util.collection.LongObjectHashMap;
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

    /** The connection is gone: drops what can no longer be sent. */
    void release() {
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
