package org.mpj.device.tcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The tcp device's settings, read once from {@link Config} when the job starts and kept in final
 * fields; nothing on the data path reads a setting.
 */
final class TcpSettings {
    /**
     * Messages up to this size go in one EAGER frame; larger ones and synchronous sends by rendezvous.
     * By default 512 KiB (Open MPI's tcp transport: 64 KiB), or {@code mpj.eagerLimitBytes} where that
     * is set: up to there the RTS/CTS round trip costs more than the copy it saves, most where ranks
     * share cores and each hop of the handshake may wait for a peer to be scheduled. Each step was
     * chosen alternating the limits bin by bin in one job. 256 KiB against 64 KiB: 4 JVMs on 2 cores,
     * Bcast of 128 KiB 94-149 us against 147-222, Allreduce of 256 KiB 363-401 against 483-502,
     * Allgather and Alltoall of 128-256 KiB 10-35% faster (benchmarks/results/2026-11-27/
     * tcp-eager-limit.txt). 512 KiB against 256 KiB once an EAGER body streamed into a posted receive
     * (EagerStream) rather than being gathered first: 2 JVMs, ping-pong of 320-512 KiB 12-16% faster
     * on Java 17 and 25; 4 JVMs, Bcast of 320 KiB 198-249 us against 348-494, Allgather and Alltoall
     * of 320-512 KiB level to 13% faster, Allreduce level. 1 MiB gained no more
     * (benchmarks/results/2026-11-28/tcp-eager-512k.txt).
     */
    static final String EAGER_LIMIT_BYTES = "mpj.tcp.eagerLimitBytes";
    static final int DEFAULT_EAGER_LIMIT_BYTES = 512 * 1024;
    /**
     * Payload of one DATA frame: a rendezvous is written in pieces of this size, so control frames pass
     * between. Fewer, larger writes move more through loopback TCP than many small ones, but where
     * each piece is copied into native memory first, the copy of piece i+1 overlaps the transfer of
     * piece i: by default 768 KiB there, and 1 MiB where the pieces go straight between arrays and
     * sockets ({@link #HEAP_IO}). Two JVMs on 2 cores, ping-pong, the piece size alternating bin by bin
     * in one job, us a way: Java 17 (copies), 768 KiB against 512 KiB, 1 MiB and 256 KiB (the default
     * before): 1 MiB 163-167 against 170-174, 189-203 and 247; 2 MiB 316-318 against 351-357, 365 and
     * 514; 4 MiB 641-661 against 718-730, 721-774 and 892. Java 25 (heap I/O), 1 MiB against 512 KiB
     * (the default before): 1 MiB 106-110 against 140-143, 2 MiB 228-246 against 304-308, 4 MiB
     * 479-513 against 593-643. 4 JVMs, Bcast and Allreduce of 512 KiB-4 MiB level or faster
     * (benchmarks/results/2026-11-27/tcp-pieces.txt).
     */
    static final String CHUNK_BYTES = "mpj.tcp.chunkBytes";
    static final int DEFAULT_CHUNK_BYTES = 768 * 1024;
    static final int DEFAULT_HEAP_CHUNK_BYTES = 1 << 20;
    /** The largest payload of any one frame a rank accepts; larger ones close the connection. */
    static final String MAX_FRAME_BYTES = "mpj.tcp.maxFrameBytes";
    static final int DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;
    /** The largest message a rank sends or accepts (an RTS announcing more closes the connection). */
    static final String MAX_MESSAGE_BYTES = "mpj.tcp.maxMessageBytes";
    static final long DEFAULT_MAX_MESSAGE_BYTES = 1L << 30;
    /**
     * Address the ranks listen on: for thread ranks loopback; for ranks in separate JVMs the address
     * of this host that reached the launcher, unless this setting names one.
     */
    static final String BIND_ADDRESS = "mpj.tcp.bindAddress";
    /** TCP_NODELAY: on, since MPI messages are latency-bound and frames are written whole. */
    static final String NO_DELAY = "mpj.tcp.noDelay";
    /** SO_SNDBUF and SO_RCVBUF; 0 leaves the kernel's (auto-tuned) default. */
    static final String SEND_BUFFER_BYTES = "mpj.tcp.sendBufferBytes";
    static final String RECEIVE_BUFFER_BYTES = "mpj.tcp.receiveBufferBytes";
    /**
     * The most one socket read takes: reads start small and grow while they fill (Netty's adaptive
     * allocator), so a rendezvous of megabytes comes off the socket in a few large reads.
     */
    static final String MAX_READ_BYTES = "mpj.tcp.maxReadBytes";
    static final int DEFAULT_MAX_READ_BYTES = 256 * 1024;
    /**
     * Queued outbound bytes above which a rendezvous stops writing DATA until the socket drains; by
     * default 1 MiB (and at least one piece).
     */
    static final String WRITE_HIGH_WATER_BYTES = "mpj.tcp.writeHighWaterBytes";
    static final int DEFAULT_WRITE_HIGH_WATER_BYTES = 1 << 20;
    /** {@code auto} (epoll where available), {@code epoll} or {@code nio}. */
    static final String TRANSPORT = "mpj.tcp.transport";
    /**
     * Rendezvous data go between the socket and the user's array with no copy through native memory
     * ({@link HeapSocketIo}), where Java 22+ and the epoll transport allow: {@code auto} (the default)
     * where this host's ranks do not outnumber its cores, {@code true} or {@code false}. Each rank
     * decides for its own sockets; the frames on the wire are the same either way. On 2 cores, 2 JVMs: a
     * 1 MiB ping-pong took 107-116 us a way against 124-129 with Netty's copies (Open MPI's tcp 107-111).
     * With 4 JVMs on those 2 cores, Allreduce of 1 MiB took 690-870 us against 750-1140, but Bcast of
     * 4 MiB (the root sending to three peers at once) 2240-2350 against 1340-1600, and no better with
     * either side's part alone: so not where ranks outnumber the cores.
     */
    static final String HEAP_IO = "mpj.tcp.heapIo";
    /**
     * Ranks on one host connect through Unix domain sockets (where the epoll transport is used), not
     * loopback TCP: the kernel's loopback TCP runs the receiver's TCP input inside each send. In C on
     * 2 cores, a ping-pong of 8 B, 64 KiB and 1 MiB took 3.1, 15.5 and 142 us a way over Unix sockets
     * against 6.2, 50 and 495 over loopback TCP in the same minutes, and a root writing 8 B to three
     * peers 1.6-1.8 us a write against 4.7-4.9.
     */
    static final String LOCAL_SOCKETS = "mpj.tcp.localSockets";
    /**
     * Rendezvous data between JVMs connected through Unix domain sockets go through a pipe of shared
     * memory of this many bytes each way ({@link MappedPipe}; a power of two, 0: none), in chunks of
     * at most {@link #PIPE_CHUNK_BYTES}: chunks of 64 KiB let the reader copy one out while the writer
     * copies the next in.
     */
    static final String PIPE_BYTES = "mpj.tcp.pipeBytes";
    static final String PIPE_CHUNK_BYTES = "mpj.tcp.pipeChunkBytes";
    /**
     * The eager limit toward a peer this rank has a pipe to: past it the pipe is faster than an EAGER
     * frame through the socket, handshake and all (2 JVMs, ping-pong of 128-512 KiB: 14-30 us a way
     * against 20-119). A larger message to a local peer without a pipe yet offers it one. Where an
     * eager limit is set ({@code mpj.eagerLimitBytes}, {@link #EAGER_LIMIT_BYTES}), this one is the same.
     */
    static final String PIPE_EAGER_LIMIT_BYTES = "mpj.tcp.pipeEagerLimitBytes";
    static final String CONNECT_TIMEOUT_MS = "mpj.tcp.connectTimeoutMs";
    static final String HANDSHAKE_TIMEOUT_MS = "mpj.tcp.handshakeTimeoutMs";
    /** How long Finalize waits for every peer's BYE before closing anyway. */
    static final String CLOSE_TIMEOUT_MS = "mpj.tcp.closeTimeoutMs";

    final int eagerLimitBytes;
    final int chunkBytes;
    /** {@link #chunkBytes} where the pieces go straight between arrays and sockets. */
    final int heapChunkBytes;
    final int maxFrameBytes;
    final long maxMessageBytes;
    final InetAddress bindAddress;
    final boolean noDelay;
    final int sendBufferBytes;
    final int receiveBufferBytes;
    final int writeHighWaterBytes;
    final int maxReadBytes;
    final String transport;
    /** {@link #HEAP_IO} as this JVM takes it: heap I/O wanted, if Java and the transport allow. */
    final boolean heapIo;
    /** {@link #LOCAL_SOCKETS}: wanted, if the transport allows. */
    final boolean localSockets;
    /** {@link #PIPE_BYTES}, 0 for none. */
    final int pipeBytes;
    final int pipeChunkBytes;
    final int pipeEagerLimitBytes;
    final int connectTimeoutMs;
    final int handshakeTimeoutMs;
    final int closeTimeoutMs;

    /** @param ranksInJvm this JVM's ranks: the ranks on this host unless the launcher says ({@code mpj.ranksOnHost}) */
    TcpSettings(Config c, int ranksInJvm) {
        this(c, "127.0.0.1", ranksInJvm);
    }

    /** @param defaultBind where ranks listen unless {@code mpj.tcp.bindAddress} names another address */
    TcpSettings(Config c, String defaultBind, int ranksInJvm) {
        maxFrameBytes = c.getInt(MAX_FRAME_BYTES, DEFAULT_MAX_FRAME_BYTES, 64 * 1024, 1 << 30);
        int generalEager = c.get(Config.EAGER_LIMIT_BYTES) == null ? DEFAULT_EAGER_LIMIT_BYTES
                : c.getInt(Config.EAGER_LIMIT_BYTES, Config.DEFAULT_EAGER_LIMIT_BYTES, 0, 1 << 30);
        eagerLimitBytes = c.getInt(EAGER_LIMIT_BYTES, Math.min(generalEager, maxFrameBytes), 0, maxFrameBytes);
        chunkBytes = c.getInt(CHUNK_BYTES, Math.min(DEFAULT_CHUNK_BYTES, maxFrameBytes), 8, maxFrameBytes);
        heapChunkBytes = c.getInt(CHUNK_BYTES, Math.min(DEFAULT_HEAP_CHUNK_BYTES, maxFrameBytes), 8, maxFrameBytes);
        maxMessageBytes = c.getLong(MAX_MESSAGE_BYTES, DEFAULT_MAX_MESSAGE_BYTES, 0, 1L << 34);
        noDelay = c.getBoolean(NO_DELAY, true);
        sendBufferBytes = c.getInt(SEND_BUFFER_BYTES, 0, 0, 1 << 30);
        receiveBufferBytes = c.getInt(RECEIVE_BUFFER_BYTES, 0, 0, 1 << 30);
        maxReadBytes = c.getInt(MAX_READ_BYTES, DEFAULT_MAX_READ_BYTES, 4096, 1 << 30);
        int largestPiece = Math.max(chunkBytes, heapChunkBytes);
        writeHighWaterBytes = c.getInt(WRITE_HIGH_WATER_BYTES, Math.max(DEFAULT_WRITE_HIGH_WATER_BYTES, largestPiece),
                largestPiece, 1 << 30);
        transport = c.getChoice(TRANSPORT, "auto", "epoll", "nio");
        String heap = c.getChoice(HEAP_IO, "auto", "true", "false");
        heapIo = heap.equals("true") || heap.equals("auto") && c.ranksOnHost(ranksInJvm) <= c.coresOnHost();
        localSockets = c.getBoolean(LOCAL_SOCKETS, true);
        pipeBytes = c.getInt(PIPE_BYTES, 1 << 20, 0, 1 << 30);
        if (pipeBytes != 0 && (pipeBytes < 64 * 1024 || Integer.bitCount(pipeBytes) != 1)) {
            throw new MpjException(ErrorClass.ERR_ARG, "setting " + PIPE_BYTES + "=" + pipeBytes
                    + " is not 0 or a power of two of at least 65536");
        }
        pipeChunkBytes = c.getInt(PIPE_CHUNK_BYTES, 64 * 1024, 4096, 1 << 30);
        boolean eagerLimitSet = c.get(EAGER_LIMIT_BYTES) != null || c.get(Config.EAGER_LIMIT_BYTES) != null;
        pipeEagerLimitBytes = c.getInt(PIPE_EAGER_LIMIT_BYTES, eagerLimitSet ? eagerLimitBytes : Math.min(64 * 1024, eagerLimitBytes),
                0, eagerLimitBytes);
        connectTimeoutMs = c.getInt(CONNECT_TIMEOUT_MS, 30_000, 1, Integer.MAX_VALUE);
        handshakeTimeoutMs = c.getInt(HANDSHAKE_TIMEOUT_MS, 10_000, 1, Integer.MAX_VALUE);
        closeTimeoutMs = c.getInt(CLOSE_TIMEOUT_MS, 10_000, 1, Integer.MAX_VALUE);
        String bind = c.get(BIND_ADDRESS, defaultBind);
        try {
            bindAddress = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new MpjException(ErrorClass.ERR_ARG, "setting " + BIND_ADDRESS + "='" + bind + "' is not an address of this host");
        }
    }
}
