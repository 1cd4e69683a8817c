package org.mpj.bench.suite;

import java.util.List;
import java.util.Random;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * Times the candidates of one collective at one size inside one job, interleaved, so that every
 * candidate meets the same machine: the same JIT state, thread placement and moments of a host whose
 * speed swings within minutes (measured in separate jobs, one algorithm differed from itself by up to
 * 3x on a 2-core VM). Every repetition runs each candidate once, in an order shuffled anew for each
 * repetition, so that no candidate is always first, nor always runs after the same other one: a call
 * pays for what the one before it left behind (on 4 ranks on 2 cores, the same 64 KiB nbFT bcast took
 * 5.7-7.7 us when it always ran after bFT, 3.5 us elsewhere in the same job), which a fixed order,
 * even rotated, charges to one candidate only. Each candidate has arrays of its own, left by its own
 * calls as a program's would be: with one set for all, a call found the arrays in the other cores'
 * caches where the candidate before it had written them (2 ranks, Allgatherv of 64 KiB-1 MiB: the
 * shared algorithm alone 2.7, 9.0, 41.5 us, beside nbBKT on the same arrays 10.7, 39.5, 154). Every rank shuffles with the same seed, so all run the
 * same order. Each call is timed between barriers on COMM_WORLD, the same separator for every
 * candidate, as the suite times a single one ({@code --burst}: several back to back); warm-up repetitions
 * are interleaved the same way.
 */
public final class Interleaved {
    /** The shuffles' seed unless {@code --seed} gives one: any constant, the same on every rank. */
    public static final long SEED = 0x5eedL;

    private Interleaved() {
    }

    /** Fisher-Yates, in place. */
    static void shuffle(int[] order, Random random) {
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    /** One row per candidate, in the order of {@code candidates}; {@code comms[k]} runs candidate k. */
    public static Row[] measure(Intracomm world, Intracomm[] comms, List<Candidate> candidates, String test, Primitive type,
                                int bytes, SuiteOptions o) throws MPIException {
        int k = comms.length, reps = o.repsFor(bytes);
        CollectiveOps.Call[] calls = new CollectiveOps.Call[k];
        for (int c = 0; c < k; c++) {
            calls[c] = CollectiveOps.make(test, bytes, comms[c]);
        }
        long[][] ns = new long[k][reps];
        int[] order = new int[k];
        for (int c = 0; c < k; c++) {
            order[c] = c;
        }
        Random shuffle = new Random(o.seed);
        for (int r = -o.warmupFor(reps); r < reps; r++) {
            shuffle(order, shuffle);
            for (int c : order) {
                world.Barrier();
                long t = System.nanoTime();
                for (int b = 0; b < o.burst; b++) {
                    calls[c].run();
                }
                if (r >= 0) {
                    ns[c][r] = (System.nanoTime() - t) / o.burst;
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
