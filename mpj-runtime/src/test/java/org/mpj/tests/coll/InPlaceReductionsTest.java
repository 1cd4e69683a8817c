package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpj.runtime.Jobs;

/**
 * Reductions with one array as send and receive buffer, as mpiJava programs reduce in place (mpiJava has
 * no MPI_IN_PLACE; NPB IS does {@code Allreduce(passed, 0, passed, 0, ...)}), through whatever the table
 * picks on each device: the shared algorithms on thread ranks, the hierarchical ones across JVMs of
 * several ranks, message algorithms between JVMs. Sizes from one element to past the shared
 * algorithms' staging and slicing limits.
 */
class InPlaceReductionsTest {
    static final int[] COUNTS = {1, 5, 1029, 5000, 20000};

    /** Rank r's element i in iteration it. */
    static int value(int r, int i, int it) {
        return (r + 1) * 1000 + i % 977 + it;
    }

    public static class InPlace {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            for (int it = 0; it < 3; it++) {
                for (int n : COUNTS) {
                    String what = n + " ints, iteration " + it + ", rank " + me + " of " + p;
                    int[] x = mine(me, n, it);
                    MPI.COMM_WORLD.Allreduce(x, 0, x, 0, n, MPI.INT, MPI.SUM);
                    for (int i = 0; i < n; i++) {
                        assertEquals(sum(p, i, it), x[i], "Allreduce in place, " + what + ", element " + i);
                    }
                    for (int root = 0; root < p; root++) {
                        x = mine(me, n, it);
                        MPI.COMM_WORLD.Reduce(x, 0, x, 0, n, MPI.INT, MPI.SUM, root);
                        for (int i = 0; me == root && i < n; i++) {
                            assertEquals(sum(p, i, it), x[i], "Reduce in place to root " + root + ", " + what + ", element " + i);
                        }
                    }
                    x = mine(me, n, it);
                    MPI.COMM_WORLD.Scan(x, 0, x, 0, n, MPI.INT, MPI.SUM);
                    for (int i = 0; i < n; i++) {
                        assertEquals(sum(me + 1, i, it), x[i], "Scan in place, " + what + ", element " + i);
                    }
                    int[] counts = new int[p];
                    Arrays.fill(counts, n);
                    int[] all = new int[n * p];
                    for (int b = 0; b < p; b++) {
                        System.arraycopy(mine(me, n, it + b), 0, all, b * n, n);
                    }
                    MPI.COMM_WORLD.Reduce_scatter(all, 0, all, 0, counts, MPI.INT, MPI.SUM);
                    for (int i = 0; i < n; i++) {
                        assertEquals(sum(p, i, it + me), all[i], "Reduce_scatter in place, " + what + ", element " + i);
                    }
                }
            }
            MPI.Finalize();
        }

        static int[] mine(int rank, int n, int it) {
            int[] x = new int[n];
            for (int i = 0; i < n; i++) {
                x[i] = value(rank, i, it);
            }
            return x;
        }

        /** The sum over ranks 0..ranks-1. */
        static int sum(int ranks, int i, int it) {
            int s = 0;
            for (int r = 0; r < ranks; r++) {
                s += value(r, i, it);
            }
            return s;
        }
    }

    @ParameterizedTest(name = "{0}, np={1}, {2} per JVM")
    @CsvSource({"shm, 3, 0", "shm, 4, 0", "shm, 5, 0", "tcp, 4, 1", "hybrid, 4, 2", "hybrid, 5, 2"})
    @Timeout(120)
    void reductionsInPlaceAgreeWithTheSums(String device, int np, int perJvm) {
        Jobs.Launch launch = device.equals("shm") ? Jobs.Launch.SHM : device.equals("tcp") ? Jobs.Launch.TCP
                : Jobs.Launch.hybrid(perJvm);
        Jobs.runOk(launch, np, InPlace.class);
    }
}
