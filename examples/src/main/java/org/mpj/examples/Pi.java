package org.mpj.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Computes pi by integrating 4/(1+x^2) over [0,1] with the midpoint rule: rank 0 broadcasts the
 * number of intervals, each rank sums every size-th interval, and Reduce adds the partial sums.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.Pi [intervals]</pre>
 */
public class Pi {
    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] n = {app.length > 0 ? Long.parseLong(app[0]) : 10_000_000L};
        MPI.COMM_WORLD.Bcast(n, 0, 1, MPI.LONG, 0);

        double h = 1.0 / n[0];
        double sum = 0;
        for (long i = rank; i < n[0]; i += size) {
            double x = h * (i + 0.5);
            sum += 4.0 / (1.0 + x * x);
        }
        double[] mine = {h * sum};
        double[] pi = new double[1];
        MPI.COMM_WORLD.Reduce(mine, 0, pi, 0, 1, MPI.DOUBLE, MPI.SUM, 0);

        if (rank == 0) {
            System.out.printf("pi is approximately %.16f, error %.3e (%d intervals, %d ranks)%n",
                    pi[0], Math.abs(pi[0] - Math.PI), n[0], size);
        }
        MPI.Finalize();
    }
}
