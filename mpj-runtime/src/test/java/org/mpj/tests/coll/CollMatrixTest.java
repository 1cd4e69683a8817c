package org.mpj.tests.coll;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.coll.node.BarrierHierarchical;
import org.mpj.coll.select.Catalog;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * The correctness matrix of the collectives: every algorithm of every primitive, forced with its
 * {@code mpj.coll.<key>} setting, against a sequential reference ({@link MovementCases},
 * {@link ReductionCases}, and a barrier check), on communicators of 1, 2, 3, 4, 5, 7, 8 and 9 ranks
 * and on the halves of each made by {@code Split} (ranks in reverse order), for every root of small
 * communicators, counts 0, 1, odd and past the eager limit and the segment size, every operator.
 *
 * <p>One job per communicator size and algorithm index k (in the full run, per primitive as well):
 * it forces the k-th algorithm of every primitive that has one (names from {@link Catalog}, so an algorithm added later is covered
 * without touching this test) and runs those primitives. One more job per size runs every primitive
 * as the shipped table selects. Odd k set {@code mpj.coll.segmentBytes} to 4096 instead of the
 * default. Two more jobs per size force the hierarchical algorithms on nodes of 2 and of 3 ranks,
 * simulated with {@code mpj.shm.ranksPerNode} (in one node, the k jobs run them as one node's call).
 *
 * <p>The default run is the quick profile (chosen types, operators and roots). With
 * {@code -Pcoll-matrix} ({@code -Dmpj.test.matrix=full}) every type, operator, root and a Dup are run
 * as well, and 16 ranks.
 */
class CollMatrixTest {
    static final boolean FULL = "full".equals(System.getProperty("mpj.test.matrix"));
    static final List<Integer> RANKS = FULL ? List.of(1, 2, 3, 4, 5, 7, 8, 9, 16) : List.of(1, 2, 3, 4, 5, 7, 8, 9);
    /** MPI call name and selector key of every primitive. */
    static final String[][] PRIMITIVES = {{"Barrier", "barrier"}, {"Bcast", "bcast"}, {"Gather", "gather"},
        {"Gatherv", "gatherv"}, {"Scatter", "scatter"}, {"Scatterv", "scatterv"}, {"Allgather", "allgather"},
        {"Allgatherv", "allgatherv"}, {"Alltoall", "alltoall"}, {"Alltoallv", "alltoallv"}, {"Reduce", "reduce"},
        {"Allreduce", "allreduce"}, {"Reduce_scatter", "reduce_scatter"}, {"Scan", "scan"}};

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        int most = 0;
        for (String[] prim : PRIMITIVES) {
            most = Math.max(most, Catalog.names(prim[1]).size());
        }
        for (int np : RANKS) {
            List<String> all = new ArrayList<>();
            for (String[] prim : PRIMITIVES) {
                all.add(prim[0]);
            }
            cases.add(Arguments.of(np, "as the table selects", Map.of(), String.join(",", all)));
            for (int perNode : np > 1 ? new int[] {2, 3} : new int[0]) {
                cases.add(hierarchicalOnNodes(np, perNode));
            }
            for (int k = 0; k < most; k++) {
                Map<String, String> settings = new LinkedHashMap<>();
                List<String> run = new ArrayList<>();
                for (String[] prim : PRIMITIVES) {
                    List<String> names = Catalog.names(prim[1]);
                    if (k < names.size()) {
                        settings.put("mpj.coll." + prim[1], names.get(k));
                        run.add(prim[0]);
                    }
                }
                if (k % 2 == 1) {
                    settings.put("mpj.coll.segmentBytes", "4096");
                }
                if (!FULL) {
                    cases.add(Arguments.of(np, settings.toString(), settings, String.join(",", run)));
                    continue;
                }
                for (String primitive : run) {
                    cases.add(Arguments.of(np, primitive + " " + settings, settings, primitive));
                }
            }
        }
        return cases.stream();
    }

    /** Every primitive's hierarchical algorithm, forced, on simulated nodes of {@code perNode} ranks. */
    static Arguments hierarchicalOnNodes(int np, int perNode) {
        Map<String, String> settings = new LinkedHashMap<>();
        List<String> run = new ArrayList<>();
        for (String[] prim : PRIMITIVES) {
            if (Catalog.names(prim[1]).contains(BarrierHierarchical.NAME)) {
                settings.put("mpj.coll." + prim[1], BarrierHierarchical.NAME);
                run.add(prim[0]);
            }
        }
        settings.put("mpj.shm.ranksPerNode", Integer.toString(perNode));
        return Arguments.of(np, settings.toString(), settings, String.join(",", run));
    }

    /** The full run's jobs (one primitive each, up to 16 ranks) may take longer than a test job's minute. */
    static final long FULL_JOB_LIMIT_MS = 600_000;

    /**
     * The first case whose job hung. A deadlock in one algorithm hangs every case that forces it, a
     * minute each: the later cases are skipped so that the run reports it in one minute, not an hour.
     */
    static volatile String firstHang;

    @ParameterizedTest(name = "np={0} {1}")
    @MethodSource("cases")
    @Timeout(660)
    void agreesWithSequentialReference(int np, String label, Map<String, String> settings, String primitives)
            throws InterruptedException {
        Assumptions.assumeTrue(firstHang == null, () -> "not run: an earlier case hung (" + firstHang + ")");
        String profile = FULL ? "full" : "quick";
        ThreadJob job = ThreadJob.of(np, Matrix.class, profile, primitives).withSettings(settings);
        JobResult r = (FULL ? job.withTimeoutMs(FULL_JOB_LIMIT_MS) : job).run();
        if (!r.succeeded()) {
            if (r.timedOut()) {
                firstHang = "np=" + np + " " + label;
            }
            throw new AssertionError("Matrix with " + np + " ranks: " + r.message(), r.cause());
        }
    }

    /** Every root of communicators up to 5 ranks (of all in the full run), else the ends and middle; -1 if rootless. */
    static int[] roots(String primitive, int p, boolean full) {
        if (!primitive.equals("Bcast") && !primitive.equals("Reduce") && !primitive.startsWith("Gather")
                && !primitive.startsWith("Scatter")) {
            return new int[] {-1};
        }
        if (p <= 5 || full) {
            int[] all = new int[p];
            for (int r = 0; r < p; r++) {
                all[r] = r;
            }
            return all;
        }
        return new int[] {0, 1, p / 2, p - 1};
    }

    /** The job: args[0] quick or full, args[1] the primitives to run, comma-separated. */
    public static class Matrix {
        public static void main(String[] args) {
            MPI.Init(args);
            boolean full = args[0].equals("full");
            int me = MPI.COMM_WORLD.Rank();
            List<Intracomm> comms = new ArrayList<>(List.of(MPI.COMM_WORLD));
            List<String> names = new ArrayList<>(List.of("world"));
            // Halves by parity, ranks in reverse order: sub-communicators whose ranks are not the world's.
            comms.add(MPI.COMM_WORLD.Split(me % 2, -me));
            names.add("Split(rank % 2, -rank) half " + me % 2);
            if (full) {
                comms.add(MPI.COMM_WORLD.Dup());
                names.add("a Dup of world");
            }
            MovementCases movement = new MovementCases(full);
            ReductionCases.Runner reductions = new ReductionCases.Runner(full);
            for (String primitive : args[1].split(",")) {
                for (int i = 0; i < comms.size(); i++) {
                    switch (primitive) {
                        case "Barrier": barrier(comms.get(i), names.get(i)); break;
                        case "Reduce": case "Allreduce": case "Reduce_scatter": case "Scan":
                            reductions.run(primitive, comms.get(i), names.get(i));
                            break;
                        default: movement.run(primitive, comms.get(i), names.get(i));
                    }
                }
            }
            for (int i = 1; i < comms.size(); i++) {
                comms.get(i).Free();
            }
            MPI.Finalize();
        }

        /**
         * No rank leaves a Barrier before the last one entered: each rank in turn enters 2 ms late;
         * enter and leave times (System.nanoTime: ranks are threads of this JVM, one clock) are
         * compared afterwards.
         */
        static void barrier(Intracomm c, String name) {
            int p = c.Size(), me = c.Rank();
            long[] times = new long[2 * p];
            for (int late = 0; late < p; late++) {
                if (me == late) {
                    sleepMs(2);
                }
                long[] mine = {System.nanoTime(), 0};
                c.Barrier();
                mine[1] = System.nanoTime();
                c.Allgather(mine, 0, 2, MPI.LONG, times, 0, 2, MPI.LONG);
                long lastEnter = Long.MIN_VALUE, firstLeave = Long.MAX_VALUE;
                for (int r = 0; r < p; r++) {
                    lastEnter = Math.max(lastEnter, times[2 * r]);
                    firstLeave = Math.min(firstLeave, times[2 * r + 1]);
                }
                if (firstLeave < lastEnter) {
                    throw new AssertionError("Barrier on " + name + " with rank " + late + " late: a rank left at "
                            + firstLeave + " ns, before the last entered at " + lastEnter + " ns");
                }
            }
        }

        static void sleepMs(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }
}
