package org.mpj.bench.suite;

import java.util.List;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * Times the candidates of one collective at one size inside one job, interleaved, so that every
 * candidate meets the same machine: the same JIT state, thread placement and moments of a host whose
 * speed swings within minutes (measured in separate jobs, one algorithm differed from itself by up to
 * 3x on a 2-core VM). Repetition r runs candidate (r + j) mod K for j = 0 .. K − 1: the starting
 * candidate rotates, so none always runs first after the others. Each call is timed between barriers
 * on COMM_WORLD, the same separator for every candidate, as the suite times a single one; warm-up
 * repetitions are interleaved the same way.
 */
public final class Interleaved {
    private Interleaved() {
    }

    /** One row per candidate, in the order of {@code candidates}; {@code comms[k]} runs candidate k. */
    public static Row[] measure(Intracomm world, Intracomm[] comms, List<Candidate> candidates, String test, Primitive type,
                                int bytes, SuiteOptions o) throws MPIException {
        int k = comms.length, reps = o.repsFor(bytes);
        CollectiveOps.Buffers buffers = new CollectiveOps.Buffers(test, bytes, world.Size());
        CollectiveOps.Call[] calls = new CollectiveOps.Call[k];
        for (int c = 0; c < k; c++) {
            calls[c] = CollectiveOps.make(test, buffers, comms[c]);
        }
        long[][] ns = new long[k][reps];
        for (int r = -o.warmupFor(reps); r < reps; r++) {
            for (int j = 0; j < k; j++) {
                int c = Math.floorMod(r + j, k);
                world.Barrier();
                long t = System.nanoTime();
                calls[c].run();
                if (r >= 0) {
                    ns[c][r] = System.nanoTime() - t;
                }
            }
        }
        Row[] rows = new Row[k];
        for (int c = 0; c < k; c++) {
            rows[c] = RankTimes.row(world, test, type, candidates.get(c).label(), bytes, ns[c], o.median);
        }
        return rows;
    }
}
