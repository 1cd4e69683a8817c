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
        double[] mine = {(median ? median(ns) : mean(ns)) / 1e3}, min = new double[1], max = new double[1], sum = new double[1];
        world.Reduce(mine, 0, min, 0, 1, MPI.DOUBLE, MPI.MIN, 0);
        world.Reduce(mine, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        world.Reduce(mine, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        int p = world.Size();
        double avg = sum[0] / p;
        return new Row(test, type.name(), label, p, bytes, ns.length, min[0], avg, max[0], avg == 0 ? 0 : (double) bytes * p / avg);
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
