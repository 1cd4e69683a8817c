package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.mpj.runtime.Jobs;

/**
 * Collectives that move no data on any rank return at once, without waiting for the other ranks
 * (MPI makes only Barrier synchronise), and leave every buffer as it was: rank 0 makes every such
 * call while the others wait for its message, which they could not get if rank 0 waited for them.
 */
class EmptyCollectivesTest {
    public static class FirstRankAlone {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int[] none = {7, 7};
            double[] d = {1.5, 2.5};
            if (me == 0) {
                MPI.COMM_WORLD.Bcast(none, 0, 0, MPI.INT, p - 1);
                MPI.COMM_WORLD.Gather(none, 0, 0, MPI.INT, none, 1, 0, MPI.INT, p - 1);
                MPI.COMM_WORLD.Scatter(none, 0, 0, MPI.INT, none, 1, 0, MPI.INT, p - 1);
                MPI.COMM_WORLD.Allgather(none, 0, 0, MPI.INT, none, 1, 0, MPI.INT);
                MPI.COMM_WORLD.Alltoall(none, 0, 0, MPI.INT, none, 1, 0, MPI.INT);
                MPI.COMM_WORLD.Reduce(d, 0, d, 1, 0, MPI.DOUBLE, MPI.SUM, p - 1);
                MPI.COMM_WORLD.Allreduce(d, 0, d, 1, 0, MPI.DOUBLE, MPI.SUM);
                MPI.COMM_WORLD.Scan(d, 0, d, 1, 0, MPI.DOUBLE, MPI.SUM);
                MPI.COMM_WORLD.Reduce_scatter(d, 0, d, 1, new int[p], MPI.DOUBLE, MPI.SUM);
                for (int r = 1; r < p; r++) {
                    MPI.COMM_WORLD.Send(none, 0, 1, MPI.INT, r, 3);
                }
            } else {
                int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 3);
                assertEquals(7, got[0]);
            }
            assertArrayEquals(new int[] {7, 7}, none, "rank " + me + ": an empty call wrote a buffer");
            assertArrayEquals(new double[] {1.5, 2.5}, d, 0, "rank " + me + ": an empty reduction wrote a buffer");
            // The other ranks make the same empty calls afterwards, as MPI requires; they return at once too.
            if (me != 0) {
                MPI.COMM_WORLD.Bcast(none, 0, 0, MPI.INT, p - 1);
                MPI.COMM_WORLD.Allreduce(d, 0, d, 1, 0, MPI.DOUBLE, MPI.SUM);
                MPI.COMM_WORLD.Reduce_scatter(d, 0, d, 1, new int[p], MPI.DOUBLE, MPI.SUM);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(30)
    void emptyCallsDoNotWaitForTheOtherRanks(int np) {
        Jobs.runOk(np, FirstRankAlone.class);
    }
}
