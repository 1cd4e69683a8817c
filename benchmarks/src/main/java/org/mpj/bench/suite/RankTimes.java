package org.mpj.bench.suite;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * One point's row from every rank's timed calls: each rank makes one figure of its own calls (their
 * mean, or their median, which a call that lost its core to other work cannot move), and the row holds
 * the min / average / max of those figures across ranks, at rank 0. Collective over {@code world}.
 */
public final class RankTimes {
    private RankTimes() {
    }

    public static Row row(Intracomm world, String test, Primitive type, String label, int bytes, long[] ns, boolean median)
            throws MPIException {
        double[] across = minMaxSum(world, (median ? median(ns) : mean(ns)) / 1e3);
        int p = world.Size();
        double avg = across[2] / p;
        return new Row(test, type.name(), label, p, bytes, ns.length, across[0], avg, across[1], avg == 0 ? 0 : (double) bytes * p / avg);
    }

    /**
     * The min, max and sum of every rank's {@code mine}, at rank 0. These reductions run through the
     * library under test, with operators the timed calls may not use: {@link Settle} makes them too, so
     * that the first row's do not throw away code compiled for the candidates (a shared Reduce of doubles
     * compiled on SUM alone was deoptimized by the first row's MIN and ran interpreted, then recompiled,
     * through the next points: 2 thread ranks, 512 B-1 KiB 0.8-2.0 us a call against 0.3 before and after).
     */
    public static double[] minMaxSum(Intracomm world, double mine) throws MPIException {
        double[] in = {mine}, min = new double[1], max = new double[1], sum = new double[1];
        world.Reduce(in, 0, min, 0, 1, MPI.DOUBLE, MPI.MIN, 0);
        world.Reduce(in, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        world.Reduce(in, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        return new double[] {min[0], max[0], sum[0]};
    }

    static double mean(long[] ns) {
        double s = 0;
        for (long x : ns) {
            s += x;
        }
        return s / ns.length;
    }

    static double median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
