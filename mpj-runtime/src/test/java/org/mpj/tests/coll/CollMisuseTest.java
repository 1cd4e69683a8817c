package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.mpj.runtime.Jobs;

/**
 * Misused collectives raise MPIException with the MPI error class and a sentence that names the
 * value and the limit, on the ranks that misused them, and leave the communicator usable: every
 * program ends with a correct collective.
 */
class CollMisuseTest {
    /** Runs {@code call}, expecting MPIException of {@code errorClass} whose message holds each fragment. */
    static void expectError(int errorClass, Executable call, String... fragments) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "message '" + e.getMessage() + "' lacks '" + f + "'");
        }
    }

    /** A Bcast of one int from {@code root} that must work after the misuse. */
    static void stillUsable(int root) {
        int[] x = {MPI.COMM_WORLD.Rank() == root ? 42 : -1};
        MPI.COMM_WORLD.Bcast(x, 0, 1, MPI.INT, root);
        assertArrayEquals(new int[] {42}, x);
    }

    public static class RootOutOfRange {
        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            int[] buf = new int[4];
            expectError(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Bcast(buf, 0, 4, MPI.INT, p),
                    "Bcast with root " + p, "of size " + p, "valid: 0.." + (p - 1));
            expectError(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Reduce(buf, 0, buf, 0, 4, MPI.INT, MPI.SUM, -1),
                    "Reduce with root -1");
            expectError(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Gather(buf, 0, 1, MPI.INT, buf, 0, 1, MPI.INT, p + 3),
                    "Gather with root " + (p + 3));
            stillUsable(p - 1);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void rootOutOfRangeIsErrRoot() {
        Jobs.runOk(4, RootOutOfRange.class);
    }

    public static class BufferTooSmall {
        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            int[] send = new int[8], small = new int[7];
            expectError(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Allreduce(send, 0, small, 0, 8, MPI.INT, MPI.SUM),
                    "Allreduce (receive buffer)", "count 8", "int[7]");
            expectError(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Allgather(send, 0, 2, MPI.INT, small, 0, 2, MPI.INT),
                    "Allgather", "2 items for each of " + p + " ranks", "int[7]");
            expectError(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Bcast(small, 3, 5, MPI.INT, 0),
                    "offset 3 + count 5", "int[7]");
            // Reduce_scatter checks each rank's receive buffer against its own count, and every count.
            int[] counts = new int[p];
            java.util.Arrays.fill(counts, 1);
            counts[MPI.COMM_WORLD.Rank()] = 8;
            int[] wide = new int[8 * p];
            expectError(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Reduce_scatter(wide, 0, small, 0, counts, MPI.INT, MPI.SUM),
                    "Reduce_scatter (receive buffer)", "count 8", "int[7]");
            counts[p - 1] = -2;
            expectError(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Reduce_scatter(wide, 0, wide, 0, counts, MPI.INT, MPI.SUM),
                    "Reduce_scatter: receive count for rank " + (p - 1) + " is -2");
            stillUsable(0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void bufferTooSmallIsErrBuffer() {
        Jobs.runOk(4, BufferTooSmall.class);
    }

    /** Only the root can see that its own counts disagree; the other ranks do not make the call. */
    public static class GatherCountsMismatchAtRoot {
        public static void main(String[] args) {
            MPI.Init(args);
            int[] send = new int[2], recv = new int[3 * MPI.COMM_WORLD.Size()];
            if (MPI.COMM_WORLD.Rank() == 1) {
                expectError(MPI.ERR_COUNT,
                        () -> MPI.COMM_WORLD.Gather(send, 0, 2, MPI.INT, recv, 0, 3, MPI.INT, 1),
                        "Gather", "send count 2", "receive count 3");
            }
            stillUsable(1);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void gatherCountsMismatchAtRootIsErrCount() {
        Jobs.runOk(3, GatherCountsMismatchAtRoot.class);
    }

    /**
     * A rank sends Gather a block longer than the root's room, past the size that shared Gather stages:
     * there each rank copies its own block into the root's buffer, so that rank's call fails with the
     * sizes, and the others, the root included, complete with their blocks in place.
     */
    public static class GatherLongBlockTooLong {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size(), n = 20_000;
            int[] send = new int[n + 1], recv = new int[n * p];
            java.util.Arrays.fill(send, me + 1);
            if (me == p - 1) {
                expectError(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Gather(send, 0, n + 1, MPI.INT, recv, 0, n, MPI.INT, 0),
                        "Gather", "sends 20001 x MPI.INT", "root 0 has room for 20000 x MPI.INT");
            } else {
                MPI.COMM_WORLD.Gather(send, 0, n, MPI.INT, recv, 0, n, MPI.INT, 0);
                for (int r = 0; me == 0 && r < p - 1; r++) {
                    assertEquals(r + 1, recv[r * n], "block of rank " + r);
                    assertEquals(r + 1, recv[r * n + n - 1], "block of rank " + r);
                }
            }
            stillUsable(0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void gatherLongBlockTooLongIsErrTruncate() {
        Jobs.runOk(3, Map.of("mpj.coll.gather", "shared"), GatherLongBlockTooLong.class);
    }

    /** Allgather, Alltoall and Scatter (at the root) need equal send and receive amounts on each rank. */
    public static class CountsMismatch {
        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            int[] send = new int[4 * p], recv = new int[4 * p];
            expectError(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Allgather(send, 0, 2, MPI.INT, recv, 0, 3, MPI.INT),
                    "Allgather", "send count 2", "receive count 3");
            expectError(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Alltoall(send, 0, 4, MPI.INT, recv, 0, 1, MPI.INT2),
                    "Alltoall", "send count 4", "receive count 1");
            if (MPI.COMM_WORLD.Rank() == 0) {
                expectError(MPI.ERR_COUNT,
                        () -> MPI.COMM_WORLD.Scatter(send, 0, 1, MPI.INT, recv, 0, 2, MPI.INT, 0),
                        "Scatter", "send count 1", "receive count 2");
            }
            stillUsable(0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void exchangeCountsMismatchIsErrCount() {
        Jobs.runOk(3, CountsMismatch.class);
    }

    /** A rank sends more than the root has room for: the root's receive fails with the sizes. */
    public static class GathervBlockTooLong {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] send = new int[3], recv = new int[4];
            if (me == 0) {
                expectError(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Gatherv(send, 0, 2, MPI.INT, recv, 0,
                        new int[] {2, 2}, new int[] {0, 2}, MPI.INT, 0),
                        "message from rank 1", "12 bytes", "room for 8");
            } else {
                MPI.COMM_WORLD.Gatherv(send, 0, 3, MPI.INT, null, 0, null, null, MPI.INT, 0);
            }
            stillUsable(0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void gathervBlockTooLongIsErrTruncate() {
        Jobs.runOk(2, GathervBlockTooLong.class);
    }

    /** Every rank gives itself less room than it sends: each fails before any message moves. */
    public static class AllgathervOwnBlockTooShort {
        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            int[] send = new int[3], recv = new int[3 * p], counts = new int[p], displs = new int[p];
            for (int r = 0; r < p; r++) {
                counts[r] = 2;
                displs[r] = 3 * r;
            }
            expectError(MPI.ERR_TRUNCATE,
                    () -> MPI.COMM_WORLD.Allgatherv(send, 0, 3, MPI.INT, recv, 0, counts, displs, MPI.INT),
                    "Allgatherv", "3 x MPI.INT to send", "room for 2 x MPI.INT");
            stillUsable(p - 1);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void allgathervOwnBlockTooShortIsErrTruncate() {
        Jobs.runOk(3, AllgathervOwnBlockTooShort.class);
    }

    public static class OperatorNotForType {
        public static void main(String[] args) {
            MPI.Init(args);
            boolean[] a = new boolean[3], b = new boolean[3];
            expectError(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(a, 0, b, 0, 3, MPI.BOOLEAN, MPI.MAX),
                    "Allreduce", "MPI.MAX is not defined for MPI.BOOLEAN");
            expectError(MPI.ERR_OP, () -> MPI.COMM_WORLD.Reduce(new double[1], 0, new double[1], 0, 1, MPI.DOUBLE,
                    MPI.BAND, 0), "MPI.BAND is not defined for MPI.DOUBLE");
            expectError(MPI.ERR_OP, () -> MPI.COMM_WORLD.Scan(new int[1], 0, new int[1], 0, 1, MPI.INT, MPI.MAXLOC),
                    "MPI.MAXLOC is not defined for MPI.INT", "MPI.INT2");
            stillUsable(0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void operatorNotDefinedForTypeIsErrOp() {
        Jobs.runOk(3, OperatorNotForType.class);
    }
}
