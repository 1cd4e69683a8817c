package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.epoll.Epoll;
import java.util.Map;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.device.tcp.HeapSocketIo;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.runtime.Jobs;
import org.mpj.tests.ThreadAllocation;

/**
 * Eager messages that reach a tcp rank before their receives (a root running ahead of its Bcasts)
 * wait in the device's reused native buffers: once a burst has been received, the next burst of the
 * same size allocates nothing but the Status of each receive. Each rank but the first receives bursts
 * from rank 0 and measures the bytes its thread allocates over each; rank 0 measures its sends. Jobs
 * send bytes, doubles, or doubles laid out by a Vector. With 8 free buffers a size, the rest of a burst took new direct
 * buffers (a Cleaner each): 510-534 bytes a message.
 */
class TcpAllocationTest {
    static final Map<String, String> TCP = Map.of("mpj.device", "tcp");
    static final int BURST = 200;
    /**
     * Bursts a job; the least any burst after the first allocated is checked. A burst that meets a
     * deoptimization runs partly in the interpreter, which allocates what compiled code does not (one
     * in about 40 bursts of doubles took ~400 bytes a message).
     */
    static final int ROUNDS = 5;
    /**
     * An eager send: nothing. Netty's Recycler reuses the entries of a channel's outbound buffer only on
     * Netty's threads; on a plain rank thread each frame written took a new one (64 bytes).
     */
    static final long MAX_BYTES_PER_SEND = 16;
    /**
     * The receive's Status (40 bytes) and slack: the device reuses the objects of messages that waited,
     * as it does their buffers (each one took a new 48-byte object).
     */
    static final long MAX_BYTES_PER_MESSAGE = 64;
    /** Round trips a burst of the rendezvous program. */
    static final int RENDEZVOUS_TRIPS = 20;
    /**
     * A rendezvous message: the send's and the receive's objects (~160 bytes); a piece whose buffer is
     * not one the device keeps adds ~130 (1 MiB pieces with their headers in power-of-two classes to
     * 1 MiB: 292 and 556).
     */
    static final long MAX_BYTES_PER_RENDEZVOUS = 200;
    /**
     * The same with heap I/O (Java 22+), where each send(2) and recv(2) also takes a 40-byte view of
     * the array from the byte it starts at: 291-335 bytes a 1 MiB message, 742-785 a 3 MiB one; with a
     * view of the whole array made for each call as well, and one for each poll(2), 406-561 and
     * 2920-3411. The calls, and so the views, grow with how often the socket runs dry on a busy host:
     * 1566 bytes a 3 MiB message in one CI run of stop 40 (the best of four rounds).
     */
    static final long MAX_BYTES_PER_HEAP_RENDEZVOUS = 2048;

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.Rank(), p = w.Size();
            String kind = args.length > 0 ? args[0] : "byte";
            boolean doubles = !kind.equals("byte");
            byte[] b = new byte[64];
            // doubles: 8 in a row; vector: blocks of 2 in 3, gathered into frames and scattered out of them
            double[] d = new double[kind.equals("vector") ? 12 : 8];
            Datatype type = MPI.DOUBLE;
            int count = 8;
            if (kind.equals("vector")) {
                type = Datatype.Vector(4, 2, 3, MPI.DOUBLE);
                type.Commit();
                count = 1;
            }
            long perMessage = Long.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++) {
                long before = ThreadAllocation.allocated();
                if (rank == 0) {
                    for (int peer = 1; peer < p; peer++) {
                        for (int k = 0; k < BURST; k++) {
                            if (doubles) {
                                d[0] = k;
                                w.Send(d, 0, count, type, peer, 5);
                            } else {
                                b[0] = (byte) k;
                                w.Send(b, 0, b.length, MPI.BYTE, peer, 5);
                            }
                        }
                        w.Send(b, 0, 1, MPI.BYTE, peer, 6); // behind the burst on the connection
                    }
                } else {
                    w.Recv(b, 0, 1, MPI.BYTE, 0, 6); // so the whole burst waits for its receives
                    for (int k = 0; k < BURST; k++) {
                        if (doubles) {
                            w.Recv(d, 0, count, type, 0, 5);
                        } else {
                            w.Recv(b, 0, b.length, MPI.BYTE, 0, 5);
                        }
                        if (doubles ? d[0] != k : b[0] != (byte) k) { // no message text built on the measured path
                            throw new AssertionError("rank " + rank + ", message " + k + " of round " + round);
                        }
                    }
                }
                long bytes = (ThreadAllocation.allocated() - before) / (rank == 0 ? (BURST + 1) * (p - 1) : BURST + 1);
                if (round > 0) {
                    perMessage = Math.min(perMessage, bytes);
                }
                w.Barrier();
            }
            long max = rank == 0 ? MAX_BYTES_PER_SEND : MAX_BYTES_PER_MESSAGE;
            assertTrue(perMessage <= max, "rank " + rank + " of " + p + " allocated " + perMessage + " bytes a message "
                    + (rank == 0 ? "sent" : "waiting for its receive") + ", more than " + max);
            MPI.Finalize();
        }
    }

    /**
     * Rendezvous messages of one to four pieces (1 MiB, 3 MiB), copied through native memory (heap I/O
     * off, as where ranks outnumber the cores; pipes off, or through a pipe of shared memory): each piece and its frame header fit one of the device's
     * kept buffers, so a round trip after the first takes none from the system. Rank 0 and rank 1
     * exchange them; the bytes each thread allocates a message are printed and checked.
     */
    public static class Rendezvous {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.Rank();
            int bytes = Integer.parseInt(args[0]);
            long bound = args.length > 1 ? Long.parseLong(args[1]) : MAX_BYTES_PER_RENDEZVOUS;
            byte[] b = new byte[bytes];
            long perMessage = Long.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++) {
                long before = ThreadAllocation.allocated();
                for (int k = 0; k < RENDEZVOUS_TRIPS && rank < 2; k++) {
                    if (rank == 0) {
                        w.Send(b, 0, bytes, MPI.BYTE, 1, 7);
                        w.Recv(b, 0, bytes, MPI.BYTE, 1, 7);
                    } else {
                        w.Recv(b, 0, bytes, MPI.BYTE, 0, 7);
                        w.Send(b, 0, bytes, MPI.BYTE, 0, 7);
                    }
                }
                if (round > 0) {
                    perMessage = Math.min(perMessage, (ThreadAllocation.allocated() - before) / (2 * RENDEZVOUS_TRIPS));
                }
                w.Barrier();
            }
            if (rank < 2) {
                System.out.println("rank " + rank + ": " + perMessage + " bytes a rendezvous message of " + bytes);
                assertTrue(perMessage <= bound, "rank " + rank + " allocated " + perMessage
                        + " bytes a rendezvous message of " + bytes + " bytes, more than " + bound);
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "bytes={0}")
    @ValueSource(ints = {1 << 20, 3 << 20})
    @Timeout(60)
    void rendezvousPiecesReuseBuffers(int bytes) {
        Jobs.runOk(3, Map.of("mpj.device", "tcp", "mpj.tcp.heapIo", "false", "mpj.tcp.pipeBytes", "0"), Rendezvous.class,
                Integer.toString(bytes));
    }

    @ParameterizedTest(name = "bytes={0}")
    @ValueSource(ints = {1 << 20, 3 << 20})
    @Timeout(60)
    void rendezvousThroughPipesTakesNoBuffers(int bytes) {
        long read = TcpDevice.pipeBytesRead();
        Jobs.runOk(3, TCP, Rendezvous.class, Integer.toString(bytes));
        assertEquals(Epoll.isAvailable(), TcpDevice.pipeBytesRead() > read, "bytes through pipes");
    }

    @ParameterizedTest(name = "bytes={0}")
    @ValueSource(ints = {1 << 20, 3 << 20})
    @Timeout(60)
    void rendezvousWithHeapIoTakesOneArrayViewACall(int bytes) {
        Assumptions.assumeTrue(HeapSocketIo.available() && Epoll.isAvailable(),
                "no heap I/O here: " + (HeapSocketIo.available() ? "no native epoll" : HeapSocketIo.unavailable()));
        Jobs.runOk(3, Map.of("mpj.device", "tcp", "mpj.tcp.heapIo", "true", "mpj.tcp.pipeBytes", "0"), Rendezvous.class,
                Integer.toString(bytes),
                Long.toString(MAX_BYTES_PER_HEAP_RENDEZVOUS));
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void waitingEagerMessagesReuseBuffers(int np) {
        Jobs.runOk(np, TCP, Program.class);
    }

    /**
     * Doubles go through typed views of the device's buffers, which it keeps from message to message:
     * a view made for each copy was 56 bytes a send.
     */
    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void typedMessagesReuseViews(int np) {
        Jobs.runOk(np, TCP, Program.class, "double");
    }

    /** The same for a derived datatype's runs: a view per message before (TypedBytes.putRuns). */
    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3})
    @Timeout(60)
    void derivedDatatypesReuseViews(int np) {
        Jobs.runOk(np, TCP, Program.class, "vector");
    }
}
