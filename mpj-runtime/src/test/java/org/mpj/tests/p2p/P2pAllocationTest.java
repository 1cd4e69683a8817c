package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;
import org.mpj.tests.ThreadAllocation;

/**
 * Blocking point-to-point calls on thread ranks allocate nothing per message but the Status that the
 * mpiJava API returns (the architecture's rule for hot paths): each rank measures the bytes its own
 * thread allocates over a run of ring shifts. Sendrecv built on Irecv, Send and Wait allocated 168
 * bytes a call (two requests besides the status).
 */
class P2pAllocationTest {
    /** A Status (40 bytes on a 64-bit JVM with compressed references, as measured) and some slack. */
    static final long MAX_BYTES_PER_CALL = 48;
    static final int CALLS = 2000;

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size(), rank = w.Rank(), right = (rank + 1) % p, left = (rank + p - 1) % p;
            double[] out = new double[64], in = new double[64];
            long sendrecv = ThreadAllocation.perCall(() -> {
                Status s = w.Sendrecv(out, 0, 64, MPI.DOUBLE, right, 3, in, 0, 64, MPI.DOUBLE, left, 3);
                if (s.source != left) {
                    throw new AssertionError("status.source " + s.source + ", expected " + left);
                }
            }, CALLS);
            // Rank 0 sends first, the others receive first: the ring shifts with blocking calls alone.
            long sendThenRecv = ThreadAllocation.perCall(() -> {
                if (rank == 0) {
                    w.Send(out, 0, 64, MPI.DOUBLE, right, 4);
                    w.Recv(in, 0, 64, MPI.DOUBLE, left, 4);
                } else {
                    w.Recv(in, 0, 64, MPI.DOUBLE, left, 4);
                    w.Send(out, 0, 64, MPI.DOUBLE, right, 4);
                }
            }, CALLS);
            assertTrue(sendrecv <= MAX_BYTES_PER_CALL && sendThenRecv <= MAX_BYTES_PER_CALL, "rank " + rank + " of " + p
                    + " allocated per call: Sendrecv " + sendrecv + " B, Send and Recv " + sendThenRecv + " B");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} thread ranks")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void blockingCallsAllocateOnlyTheirStatus(int ranks) {
        Jobs.runOk(ranks, Program.class);
    }
}
