package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.ServerChannel;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.mpj.core.ErrorClass;
import org.mpj.core.JobAbortedException;
import org.mpj.core.JobControl;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.device.Device;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;

/**
 * One rank's end of the tcp device: a listening socket, one connection per peer, and a Netty event
 * loop that the rank's own thread drives. There is no I/O thread: {@link #progress()} runs the loop
 * once without blocking ({@code ManualIoEventLoop.runNow}), and {@link #idleWait} runs it with a
 * timeout, so a rank that has waited long enough to park sleeps in epoll and wakes when a frame
 * arrives. Every handler therefore runs on the rank's thread, and peers need no locks.
 *
 * <p>The thread that first calls the device (the rank's main thread, from its first MPI call after
 * Init) becomes the loop's owner and opens connections to every higher rank. Calls from other
 * threads of the rank (MPI_THREAD_MULTIPLE) are handed to the owner as tasks, and progress while
 * the owner is inside MPI.
 *
 * <p>Messages of at most {@code mpj.tcp.eagerLimitBytes} go in one EAGER frame, copied from the
 * user's array straight into the outbound buffer; larger ones and synchronous sends go by
 * rendezvous (RTS, CTS, DATA). While more than {@code mpj.tcp.writeHighWaterBytes} wait to be
 * written to a peer (it has stopped reading), eager sends to it wait too, uncopied
 * ({@link DeferredSend}): a sender ahead of a busy receiver buffers no more than that.
 */
public final class TcpDevice implements Device {
    public static final String NAME = "tcp";
    /**
     * Classes the message path first needs at its first rendezvous, loaded with the device: a class
     * loaded after C2 compiled the path invalidates the code that counted on the classes then known
     * (here a second {@code RemoteMessage}, which sent {@code MatchingEngine.arrive} back to the
     * interpreter in MpiJavaBench's first 128 KiB row). {@link HeapSocketIo} does the same for its
     * heap segment classes, whose first load (Java 25) deoptimized 41 methods of the decoder, the
     * engine and Netty's buffers at once there.
     */
    private static final Class<?>[] LOADED_AT_START = {RendezvousMessage.class, OutgoingTransfer.class, DeferredSend.class,
        MappedPipe.class};
    /** Loop passes allowed for the event loop to finish closing. */
    private static final int SHUTDOWN_PASSES = 10_000;

    final int rank;
    final MatchingEngine engine;
    final JobControl job;
    final TcpSettings settings;
    final ReceiveFiller receives;
    /** Rendezvous data go straight between sockets and arrays ({@link HeapSocketIo}). */
    final boolean heapIo;
    /** A DATA frame's header on its way to {@link HeapSocketIo#send}, in the heap. */
    final ByteBuf heapHeader = Unpooled.wrappedBuffer(new byte[Frame.HEADER_BYTES]);
    /** {@link #heapHeader}'s memory for {@link HeapSocketIo#send}, or null without heap I/O. */
    final Object heapHeaderSegment;
    /** A struct pollfd for {@link HeapSocketIo#readable}, and its memory (null without heap I/O). */
    final int[] pollfd = new int[2];
    final Object pollSegment;
    final PeerTable table;
    private final ManualIoEventLoop loop;
    /** Counted by {@link Peer#connected}: {@link #localConnections}. */
    static final LongAdder LOCAL_CONNECTIONS = new LongAdder();
    private final ServerChannel listener;
    /** This rank's Unix domain socket for the ranks of its host ({@link TcpSettings#LOCAL_SOCKETS}), or null. */
    final ServerChannel localListener;
    private final Peer[] peers;
    /** The peers with a pipe of shared memory either way, first {@link #pipedCount} ({@link MappedPipe}). */
    private final Peer[] piped;
    private int pipedCount;
    private final Wiring wiring;
    private final LayoutCursor sendCursor = new LayoutCursor();
    /** Every native buffer of this rank's frames and connections ({@link FrameBuffers}). */
    final ByteBufAllocator alloc = new FrameBuffers(this);
    /** The thread that drives the loop; volatile, as completions on other threads read it ({@link #wake}). */
    private volatile Thread owner;
    private boolean closing;
    private volatile boolean closed;
    /** The owner sleeps in the event loop's poll ({@link #idleWait}). */
    private volatile boolean sleeping;
    /** Set by {@link #wakeUp}: the loop may not start sleeping in its poll (see {@link #wakeUp}). */
    private volatile boolean wakeRequested;

    TcpDevice(int rank, MatchingEngine engine, JobControl job, TcpSettings settings, Transport transport,
              PeerTable table, ServerChannel listener, ServerChannel localListener) {
        this(rank, engine, job, settings, transport, table, listener, localListener, rank, 1);
    }

    /**
     * A device that connects to every rank of the table except ranks {@code otherFirst .. otherFirst +
     * otherCount - 1}, which another device reaches (the hybrid device's threads of this JVM); that
     * range holds {@code rank} itself.
     */
    TcpDevice(int rank, MatchingEngine engine, JobControl job, TcpSettings settings, Transport transport,
              PeerTable table, ServerChannel listener, ServerChannel localListener, int otherFirst, int otherCount) {
        this.rank = rank;
        this.engine = engine;
        this.job = job;
        this.settings = settings;
        this.table = table;
        this.listener = listener;
        this.localListener = localListener;
        this.receives = new ReceiveFiller("rank " + rank);
        this.heapIo = settings.heapIo && transport.epoll && HeapSocketIo.AVAILABLE;
        this.heapHeaderSegment = heapIo ? HeapSocketIo.segment(heapHeader.array(), BaseType.BYTE) : null;
        this.pollSegment = heapIo ? HeapSocketIo.segment(pollfd, BaseType.INT) : null;
        this.loop = new ManualIoEventLoop(null, null, transport.handlerFactory()) {
            @Override
            protected boolean canBlock() {
                return !wakeRequested;
            }
        };
        this.peers = new Peer[table.size()];
        this.piped = new Peer[table.size()];
        for (int r = 0; r < peers.length; r++) {
            peers[r] = r >= otherFirst && r < otherFirst + otherCount ? null : new Peer(this, r);
        }
        if (localListener != null && settings.pipeBytes > 0) {
            MappedPipe.initialize(); // its class's first use comes with the first pipe, mid-job, else
        }
        this.wiring = new Wiring(this, transport, loop);
        wiring.listen(listener);
        if (localListener != null) {
            wiring.listen(localListener);
        }
    }

    /**
     * A Netty thread: Netty's Recycler pools the entries of a channel's outbound buffer only on its
     * own threads, so on a plain one every frame written allocated a new entry (64 bytes; 200 bytes a
     * 4-rank Bcast at its root).
     */
    @Override
    public Thread newRankThread(Runnable body, String name) {
        return new FastThreadLocalThread(body, name);
    }

    @Override
    public boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                        Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest) {
        if (worldDest == rank) {
            return engine.deliver(context, source, tag, base, elements, data, dataOffset, dataType, mayBuffer, sendRequest);
        }
        long bytes = base == BaseType.OBJECT ? ((byte[]) data).length : (long) elements * base.byteSize();
        if (bytes > settings.maxMessageBytes) {
            throw new MpjException(ErrorClass.ERR_COUNT, "Send of " + bytes + " bytes to world rank " + worldDest
                    + " exceeds " + TcpSettings.MAX_MESSAGE_BYTES + "=" + settings.maxMessageBytes);
        }
        if (Thread.currentThread() != owner && !claim(true)) {
            return sendFromOtherThread(worldDest, context, source, tag, base, elements, data, dataOffset, dataType,
                    mayBuffer, sendRequest);
        }
        Peer p = peers[worldDest];
        if (bytes > settings.pipeEagerLimitBytes && p.pipeOut == null) {
            p.offerPipe();
        }
        boolean eager = mayBuffer && bytes <= (p.pipeOut != null ? settings.pipeEagerLimitBytes : settings.eagerLimitBytes);
        if (p.mustDefer(eager)) {
            sendRequest.reset(); // completed once the deferred send starts (eager) or as its rendezvous does
            DeferredSend d = new DeferredSend(p, eager, context, source, tag, base, elements, data, dataOffset, dataType,
                    sendRequest);
            sendRequest.cancelTarget = d;
            p.deferred.add(d);
            return false;
        }
        if (!eager) {
            sendRequest.reset(); // completed by the rendezvous
        }
        return start(p, eager, context, source, tag, base, elements, data, dataOffset, dataType, sendRequest);
    }

    /**
     * Writes an eager message (true: the send is complete) or starts a rendezvous (false: its request,
     * already reset, completes once the data is written). On the loop's owner.
     */
    boolean start(Peer p, boolean eager, int context, int source, int tag, BaseType base, int elements, Object data,
                  int dataOffset, TypeMap dataType, EngineRequest sendRequest) {
        long bytes = base == BaseType.OBJECT ? ((byte[]) data).length : (long) elements * base.byteSize();
        if (eager) {
            int n = (int) bytes;
            ByteBuf b = alloc.directBuffer(Frame.HEADER_BYTES + n);
            Frame.writeHeader(b, Frame.EAGER, 0, base.ordinal(), context, source, tag, elements, n, n, 0);
            if (n > 0) {
                sendCursor.start(data, dataOffset, dataType, base).write(b, base == BaseType.OBJECT ? n : elements);
                sendCursor.clear();
            }
            p.write(b);
            return true;
        }
        long id = p.nextRendezvousId++;
        OutgoingTransfer t = new OutgoingTransfer(p, id, source, tag, base, elements, data, dataOffset, dataType,
                p.heapFd >= 0 ? settings.heapChunkBytes : settings.chunkBytes, sendRequest);
        sendRequest.cancelTarget = t;
        p.awaitingCts.put(id, t);
        ByteBuf b = alloc.directBuffer(Frame.HEADER_BYTES);
        Frame.writeHeader(b, Frame.RTS, 0, base.ordinal(), context, source, tag, elements, 0, bytes, id);
        p.write(b);
        if (p.awaitingCts.size() == 1 && p.streaming.isEmpty() && p.pipeOut == null) {
            // The only transfer to this peer: its first chunk is copied while the handshake travels
            // (one such buffer per peer at most, however many sends wait for their CTS).
            t.prepareFirst(alloc);
        }
        return false;
    }

    /** A send from a thread other than the loop's owner travels to the owner as a task. */
    private boolean sendFromOtherThread(int worldDest, int context, int source, int tag, BaseType base, int elements,
                                        Object data, int dataOffset, TypeMap dataType, boolean mayBuffer,
                                        EngineRequest sendRequest) {
        sendRequest.reset();
        runOnOwner(() -> {
            if (send(worldDest, context, source, tag, base, elements, data, dataOffset, dataType, mayBuffer, sendRequest)) {
                sendRequest.complete(source, tag, elements, base);
            }
        });
        return false;
    }

    /** Polls the sockets once; first buffers what the rank's engine holds (sends to itself, hybrid peers). */
    @Override
    public int progress() {
        int drained = engine.drain();
        if (Thread.currentThread() != owner && !claim(true)) {
            return drained;
        }
        return drained + loop.runNow() + movePipes();
    }

    /** Moves rendezvous data through the pipes of shared memory to and from this rank's local peers. */
    private int movePipes() {
        int n = 0;
        for (int i = 0; i < pipedCount; i++) {
            n += piped[i].movePipes();
        }
        return n;
    }

    /** {@code p} has a pipe now, one way or both ({@link Peer#pipeFrame}). */
    void piped(Peer p) {
        for (int i = 0; i < pipedCount; i++) {
            if (piped[i] == p) {
                return;
            }
        }
        piped[pipedCount++] = p;
    }

    /** Sleeps in epoll (or the NIO selector) for up to {@code nanos}; an incoming frame wakes the rank. */
    @Override
    public int idleWait(long nanos) {
        if (Thread.currentThread() != owner && !claim(true)) {
            LockSupport.parkNanos(nanos);
            return 0;
        }
        for (int i = 0; i < pipedCount; i++) {
            if (piped[i].armPipes()) {
                disarmPipes();
                return 1;
            }
        }
        sleeping = true;
        try {
            return loop.run(Math.max(1, nanos));
        } finally {
            disarmPipes();
            sleeping = false;
            // The caller re-checks what it waits for, so a request made during the sleep is answered.
            wakeRequested = false;
        }
    }

    private void disarmPipes() {
        for (int i = 0; i < pipedCount; i++) {
            piped[i].disarmPipes();
        }
    }

    /**
     * Wakes the owner if it sleeps in {@link #idleWait}: another thread completed something it may be
     * waiting for (a hybrid delivery from a rank of this JVM), which an unpark would not reach in
     * epoll. No wake-up is lost to a race with falling asleep: the loop decides to block in its poll
     * only after it announced it (Netty's wake-up state, which {@code loop.wakeup()} reads) and then
     * found {@code wakeRequested} clear ({@code canBlock}); this side sets {@code wakeRequested}
     * before it reads {@code sleeping}, and wakes the poll if the loop may be in it.
     */
    public void wakeUp() {
        wakeRequested = true;
        if (sleeping) {
            loop.wakeup();
        }
    }

    /** A completion for {@code waiter}: the owner may sleep in the poll; any other thread parks. */
    @Override
    public void wake(Thread waiter) {
        if (waiter == owner) {
            wakeUp();
        } else {
            LockSupport.unpark(waiter);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Connections between ranks of one host made through Unix domain sockets in this JVM so far (tests). */
    public static long localConnections() {
        return LOCAL_CONNECTIONS.sum();
    }

    /** Payload bytes read out of pipes of shared memory in this JVM so far ({@link MappedPipe}; tests). */
    public static long pipeBytesRead() {
        return MappedPipe.BYTES_READ.sum();
    }

    /** Removes pipe files that the JVM of process {@code pid} left unopened (mpjrun, after its JVMs end). */
    public static void removePipesOf(long pid) {
        MappedPipe.removeLeftOvers(pid);
    }

    /** The Unix domain socket of the rank listening on TCP {@code address}, where it may have one (tests). */
    public static Path localSocketOf(InetSocketAddress address) {
        return Transport.localPath(address);
    }

    /** Where this rank listens, and where its peers do. */
    public PeerTable table() {
        return table;
    }

    JobSecret secret() {
        return table.secret();
    }

    boolean onOwner() {
        return Thread.currentThread() == owner;
    }

    void runOnOwner(Runnable task) {
        loop.execute(task);
    }

    /** Makes the calling thread the loop's owner if there is none yet; {@code connect}: open the connections. */
    private synchronized boolean claim(boolean connect) {
        if (owner != null || closed) {
            return false;
        }
        owner = Thread.currentThread();
        loop.setOwningThread(owner);
        if (connect) {
            for (int r = rank + 1; r < peers.length; r++) {
                if (peers[r] != null) {
                    wiring.connect(r, table.address(r));
                }
            }
        }
        return true;
    }

    /** Writes a frame without payload (CTS, BYE). */
    void writeControl(Peer p, byte type, int flags, long id) {
        ByteBuf b = alloc.directBuffer(Frame.HEADER_BYTES);
        Frame.writeHeader(b, type, flags, Frame.NO_BASE, 0, rank, 0, 0, 0, 0, id);
        p.write(b);
    }

    // ---- connections (control path) ------------------------------------------------------------

    /** A connection to {@code peerRank} proved the secret; false when that rank is connected already. */
    boolean linkProven(int peerRank, Channel ch) {
        Peer p = peers[peerRank];
        if (p == null || p.channel != null || p.lost || closing) {
            return false;
        }
        ch.pipeline().addLast(new FrameDispatcher(p));
        p.connected(ch);
        return true;
    }

    /** This rank cannot reach {@code peerRank}: the job ends. */
    void linkFailed(int peerRank, String why) {
        if (!closing) {
            job.abort(peerRank, why, null, 1);
        }
    }

    /** A proven connection closed: expected after the peer's BYE or while this rank closes, else the job ends. */
    void linkLost(Peer p) {
        boolean expected = p.byeReceived || closing;
        p.release();
        if (!expected) {
            job.abort(p.rank, "tcp: the connection from rank " + rank + " to " + p.describe()
                    + " closed unexpectedly (did that rank's process end?); ending job", null, 1);
        }
    }

    /** A proven peer broke the protocol: close its connection and end the job, naming it. */
    void linkBroken(Peer p, String why) {
        Channel c = p.channel;
        if (!closing) {
            job.abort(p.rank, "tcp: rank " + rank + " is closing the connection from " + p.describe() + ": " + why
                    + "; ending job", null, 1);
        }
        if (c != null) {
            c.close();
        }
    }

    /** A peer's ABORT frame: another rank ended the job. */
    void abortedBy(Peer p, InboundFrame f) {
        String sentence = f.payload.toString(f.payloadIndex, f.payloadBytes, StandardCharsets.UTF_8);
        job.abort(f.source, sentence, null, f.tag);
    }

    // ---- the end ------------------------------------------------------------------------------

    /**
     * Ends this rank's part: after Finalize, says BYE to every peer and waits for theirs (so no
     * connection closes with data unread, and no peer mistakes the close for a crash); after an
     * abort, tells every connected peer why, then closes everything.
     */
    @Override
    public void close() {
        engine.retire();
        if (closed || closing) {
            return;
        }
        if (Thread.currentThread() != owner && !claim(!job.isAborted())) {
            closed = true;
            loop.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
            return;
        }
        if (!job.isAborted()) {
            sayGoodbye();
        }
        closing = true;
        if (job.isAborted()) {
            tellAbort();
        }
        wiring.closeAll(peers, listener, localListener);
        closed = true;
        loop.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
        for (int i = 0; i < SHUTDOWN_PASSES && !loop.isTerminated(); i++) {
            loop.runNow();
        }
        for (Peer p : peers) {
            if (p != null) {
                p.releasePipes();
            }
        }
    }

    private void sayGoodbye() {
        for (Peer p : peers) {
            if (p != null) {
                writeControl(p, Frame.BYE, 0, 0);
            }
        }
        long deadline = System.nanoTime() + settings.closeTimeoutMs * 1_000_000L;
        while (!job.isAborted() && !allSaidBye() && System.nanoTime() - deadline < 0) {
            loop.run(1_000_000L);
        }
        if (!job.isAborted() && !allSaidBye()) {
            StringBuilder missing = new StringBuilder();
            for (Peer p : peers) {
                if (p != null && !p.byeReceived && !p.lost) {
                    missing.append(missing.length() == 0 ? "" : ", ").append(p.rank);
                }
            }
            HandshakeHandler.LOG.warning("tcp: rank " + rank + " closes without BYE from rank(s) " + missing + " after "
                    + settings.closeTimeoutMs + " ms (" + TcpSettings.CLOSE_TIMEOUT_MS + ")");
        }
    }

    private boolean allSaidBye() {
        for (Peer p : peers) {
            if (p != null && !p.byeReceived && !p.lost) {
                return false;
            }
        }
        return true;
    }

    private void tellAbort() {
        JobAbortedException failure = job.failure();
        String why = failure.getMessage();
        int at = why.indexOf("job aborted: ");
        byte[] text = (at >= 0 ? why.substring(at + "job aborted: ".length()) : why).getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, Frame.MAX_ABORT_BYTES);
        for (Peer p : peers) {
            if (p != null && p.channel != null) {
                ByteBuf b = alloc.directBuffer(Frame.HEADER_BYTES + n);
                Frame.writeHeader(b, Frame.ABORT, 0, Frame.NO_BASE, 0, job.failedRank(), job.exitCode(), 0, n, 0, 0);
                b.writeBytes(text, 0, n);
                p.write(b);
            }
        }
    }
}
