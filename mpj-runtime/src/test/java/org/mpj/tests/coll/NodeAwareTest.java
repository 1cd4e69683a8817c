package org.mpj.tests.coll;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * The node-aware ("shared") algorithms, forced, against the same sequential references as the
 * message-based ones: through memory on shm, and through their fallback on tcp, whose ranks do not
 * share arrays.
 */
class NodeAwareTest {
    static final List<Integer> RANKS = List.of(1, 2, 3, 4, 5, 8);
    static final Map<String, String> FORCED = Map.of("mpj.coll.barrier", "shared", "mpj.coll.bcast", "shared",
            "mpj.coll.allgather", "shared", "mpj.coll.alltoall", "shared", "mpj.coll.allreduce", "shared");

    static Stream<Arguments> cases() {
        return RANKS.stream().flatMap(np -> Stream.of("Bcast", "Allgather", "Alltoall", "Barrier", "Allreduce")
                .map(prim -> Arguments.of(np, prim)));
    }

    /**
     * Barrier, checked with the clock that thread ranks share: in each round every rank enters at a
     * different moment, and no rank may leave before the last one has entered.
     */
    public static class BarrierCheck {
        public static void main(String[] args) throws Exception {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            long[] times = new long[2], all = new long[2 * p];
            for (int round = 0; round < 50; round++) {
                if ((round + me) % p == 0) {
                    Thread.sleep(0, 200_000);
                }
                times[0] = System.nanoTime();
                w.Barrier();
                times[1] = System.nanoTime();
                // Gathered with messages so that the check does not rely on the collectives under test.
                if (me == 0) {
                    all[0] = times[0];
                    all[1] = times[1];
                    for (int r = 1; r < p; r++) {
                        w.Recv(all, 2 * r, 2, mpi.MPI.LONG, r, round);
                    }
                    long lastIn = Long.MIN_VALUE, firstOut = Long.MAX_VALUE;
                    for (int r = 0; r < p; r++) {
                        lastIn = Math.max(lastIn, all[2 * r]);
                        firstOut = Math.min(firstOut, all[2 * r + 1]);
                    }
                    if (firstOut < lastIn) {
                        throw new AssertionError("round " + round + ": a rank left the barrier "
                                + (lastIn - firstOut) + " ns before the last one entered");
                    }
                } else {
                    w.Send(times, 0, 2, mpi.MPI.LONG, 0, round);
                }
            }
            mpi.MPI.Finalize();
        }
    }

    private static void run(int np, String primitive, Map<String, String> settings) {
        if (primitive.equals("Barrier")) {
            Jobs.runOk(np, settings, BarrierCheck.class);
        } else if (primitive.equals("Allreduce")) {
            Jobs.runOk(np, settings, CollReductionTest.Reductions.class, primitive);
        } else {
            Jobs.runOk(np, settings, CollDataMovementTest.Movement.class, primitive);
        }
    }

    @ParameterizedTest(name = "shm np={0} {1}")
    @MethodSource("cases")
    @Timeout(60)
    void throughMemory(int np, String primitive) {
        run(np, primitive, FORCED);
    }

    @ParameterizedTest(name = "tcp np={0} {1}")
    @MethodSource("cases")
    @Timeout(60)
    void fallsBackWhereRanksDoNotShareMemory(int np, String primitive) {
        Map<String, String> tcp = new java.util.HashMap<>(FORCED);
        tcp.put("mpj.device", "tcp");
        run(np, primitive, tcp);
    }
}
