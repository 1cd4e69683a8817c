package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;
import org.mpj.tests.ThreadAllocation;

/**
 * The shared-memory collectives of thread ranks allocate nothing per call once their buffers are in
 * place (the architecture's rule for hot paths): each rank measures the bytes its own thread allocates
 * over a run of calls of every collective that has a shared algorithm, after a warm-up, interpreted or
 * compiled alike. A check that built its error message before checking allocated about 100 bytes a call.
 */
class CollAllocationTest {
    /** Allowed per call on average: a stage grown once in the run, nothing per call. */
    static final long MAX_BYTES_PER_CALL = 8;
    static final int CALLS = 400;

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size(), n = 16;
            byte[] a = new byte[n * p], b = new byte[n * p];
            double[] x = new double[n], y = new double[n];
            int[] counts = new int[p], displs = new int[p];
            for (int r = 0; r < p; r++) {
                counts[r] = n;
                displs[r] = r * n;
            }
            String[] names = {"Barrier", "Bcast", "Reduce", "Allreduce", "Scan", "Reduce_scatter", "Gather", "Scatter",
                "Allgather", "Allgatherv", "Alltoall", "Alltoallv"};
            Runnable[] calls = {
                w::Barrier,
                () -> w.Bcast(a, 0, n, MPI.BYTE, 0),
                () -> w.Reduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM, p - 1),
                () -> w.Allreduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM),
                () -> w.Scan(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM),
                () -> w.Reduce_scatter(a, 0, b, 0, counts, MPI.BYTE, MPI.BOR),
                () -> w.Gather(a, 0, n, MPI.BYTE, b, 0, n, MPI.BYTE, 0),
                () -> w.Scatter(a, 0, n, MPI.BYTE, b, 0, n, MPI.BYTE, 0),
                () -> w.Allgather(a, 0, n, MPI.BYTE, b, 0, n, MPI.BYTE),
                () -> w.Allgatherv(a, 0, n, MPI.BYTE, b, 0, counts, displs, MPI.BYTE),
                () -> w.Alltoall(a, 0, n, MPI.BYTE, b, 0, n, MPI.BYTE),
                () -> w.Alltoallv(a, 0, counts, displs, MPI.BYTE, b, 0, counts, displs, MPI.BYTE),
            };
            StringBuilder over = new StringBuilder();
            for (int i = 0; i < calls.length; i++) {
                long bytes = ThreadAllocation.perCall(calls[i], CALLS);
                if (bytes > MAX_BYTES_PER_CALL) {
                    over.append(' ').append(names[i]).append(' ').append(bytes).append(" B/call;");
                }
            }
            assertTrue(over.length() == 0, "rank " + w.Rank() + " of " + p + " allocated per call:" + over);
            MPI.Finalize();
        }
    }

    /** Every primitive that has one runs its shared-memory algorithm, whatever the table says. */
    static final Map<String, String> SHARED = Map.ofEntries(Map.entry("mpj.coll.barrier", "shared"),
            Map.entry("mpj.coll.bcast", "shared"), Map.entry("mpj.coll.reduce", "shared"),
            Map.entry("mpj.coll.allreduce", "shared"), Map.entry("mpj.coll.scan", "shared"),
            Map.entry("mpj.coll.reduce_scatter", "shared"), Map.entry("mpj.coll.gather", "shared"),
            Map.entry("mpj.coll.scatter", "shared"), Map.entry("mpj.coll.allgather", "shared"),
            Map.entry("mpj.coll.allgatherv", "shared"), Map.entry("mpj.coll.alltoall", "shared"),
            Map.entry("mpj.coll.alltoallv", "shared"));

    @ParameterizedTest(name = "{0} thread ranks")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void sharedCollectivesAllocateNothingPerCall(int ranks) {
        Jobs.runOk(ranks, SHARED, Program.class);
    }

    /**
     * Message algorithms whose steps are blocking exchanges (recursive doubling, Bruck) run
     * them on the thread's own requests, as a user's Sendrecv does; the other primitives keep their
     * shared algorithms. Each exchange took a new request and a request array (Allreduce of 8 bytes on 2
     * tcp JVMs: 210-227 bytes a call).
     */
    static final Map<String, String> EXCHANGES = withAlgorithms(SHARED, Map.of("mpj.coll.allreduce", "bBDE",
            "mpj.coll.allgather", "bBDE", "mpj.coll.alltoall", "bruck"));

    static Map<String, String> withAlgorithms(Map<String, String> base, Map<String, String> changes) {
        Map<String, String> m = new HashMap<>(base);
        m.putAll(changes);
        return m;
    }

    @ParameterizedTest(name = "{0} thread ranks")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void exchangesAllocateNothingPerCall(int ranks) {
        Jobs.runOk(ranks, EXCHANGES, Program.class);
    }
}
