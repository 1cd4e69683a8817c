package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;
import org.mpj.tests.ThreadAllocation;

/**
 * Eager messages that reach a tcp rank before their receives (a root running ahead of its Bcasts)
 * wait in the device's reused native buffers: once a burst has been received, the next burst of the
 * same size allocates no buffers, only the queue's entry and the Status of each receive. Each rank but
 * the first receives a burst from rank 0 three times and measures the bytes its thread allocated over
 * the last; rank 0 measures its sends. One job sends bytes, another doubles. With 8 free buffers a
 * size, the rest of a burst took new direct buffers (a Cleaner each): 510-534 bytes a message.
 */
class TcpAllocationTest {
    static final Map<String, String> TCP = Map.of("mpj.device", "tcp");
    static final int BURST = 200;
    /**
     * An eager send: nothing. Netty's Recycler reuses the entries of a channel's outbound buffer only on
     * Netty's threads; on a plain rank thread each frame written took a new one (64 bytes).
     */
    static final long MAX_BYTES_PER_SEND = 16;
    /** The waiting message's entry, the receive's Status (40 bytes) and slack. */
    static final long MAX_BYTES_PER_MESSAGE = 160;

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.Rank(), p = w.Size();
            boolean doubles = args.length > 0 && args[0].equals("double");
            byte[] b = new byte[64];
            double[] d = new double[8];
            long perMessage = 0;
            for (int round = 0; round < 3; round++) {
                long before = ThreadAllocation.allocated();
                if (rank == 0) {
                    for (int peer = 1; peer < p; peer++) {
                        for (int k = 0; k < BURST; k++) {
                            if (doubles) {
                                d[0] = k;
                                w.Send(d, 0, d.length, MPI.DOUBLE, peer, 5);
                            } else {
                                b[0] = (byte) k;
                                w.Send(b, 0, b.length, MPI.BYTE, peer, 5);
                            }
                        }
                    }
                    w.Barrier(); // the bursts arrive before any receive is posted
                } else {
                    w.Barrier();
                    for (int k = 0; k < BURST; k++) {
                        if (doubles) {
                            w.Recv(d, 0, d.length, MPI.DOUBLE, 0, 5);
                        } else {
                            w.Recv(b, 0, b.length, MPI.BYTE, 0, 5);
                        }
                        if (doubles ? d[0] != k : b[0] != (byte) k) { // no message text built on the measured path
                            throw new AssertionError("rank " + rank + ", message " + k + " of round " + round);
                        }
                    }
                }
                perMessage = (ThreadAllocation.allocated() - before) / (rank == 0 ? BURST * (p - 1) : BURST);
                w.Barrier();
            }
            long max = rank == 0 ? MAX_BYTES_PER_SEND : MAX_BYTES_PER_MESSAGE;
            assertTrue(perMessage <= max, "rank " + rank + " of " + p + " allocated " + perMessage + " bytes a message "
                    + (rank == 0 ? "sent" : "waiting for its receive") + ", more than " + max);
            MPI.Finalize();
        }
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
}
