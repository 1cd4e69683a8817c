package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * NPB EP (embarrassingly parallel): 2^(M+1) uniform numbers from NPB's generator become Gaussian
 * pairs by the Marsaglia polar method; the sums of the deviates and the counts per square annulus
 * are the result. The numbers come in batches of 2^(MK+1); each rank generates its own batches,
 * jumping its generator straight to each batch's seed, and one Allreduce adds the sums and counts.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.EP [S|W|A|B] [SEED]</pre>
 */
public final class EP {
    private static final int MK = 16;
    private static final int NK = 1 << MK;
    private static final int NQ = 10;
    private static final long SEED = 271828183L;
    private static final double EPSILON = 1.0e-8;

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("EP", app, "SWAB");
        long seed = Npb.seed("EP", app, SEED);
        int m = switch (cls) {
            case 'S' -> 24;
            case 'W' -> 25;
            case 'A' -> 28;
            default -> 30;
        };
        // Reference sums of X and Y from NPB 3.x.
        double sxRef = switch (cls) {
            case 'S' -> -3.247834652034740e3;
            case 'W' -> -2.863319731645753e3;
            case 'A' -> -4.295875165629892e3;
            default -> 4.033815542441498e4;
        };
        double syRef = switch (cls) {
            case 'S' -> -6.958407078382297e3;
            case 'W' -> -6.320053679109499e3;
            case 'A' -> -1.580732573678431e4;
            default -> -2.660669192809235e4;
        };
        long batches = 1L << (m - MK);
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- EP Benchmark%n%n"
                    + " Number of random numbers generated: %d%n Number of active processes: %d%n", 2L << m, size);
        }

        // Batches split as evenly as possible; the first (batches % size) ranks take one more.
        long mine = batches / size;
        long extra = batches % size;
        long first = rank < extra ? rank * (mine + 1) : extra * (mine + 1) + (rank - extra) * mine;
        if (rank < extra) {
            mine++;
        }

        double[] x = new double[2 * NK];
        double[] result = new double[2 + NQ]; // sx, sy, q[0..NQ)
        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (long k = 0; k < mine; k++) {
            Randlc gen = new Randlc(Randlc.skip(seed, Randlc.A, 2L * NK * (first + k)), Randlc.A);
            gen.fill(x, 0, 2 * NK);
            gaussianPairs(x, result);
        }
        double[] total = new double[2 + NQ];
        MPI.COMM_WORLD.Allreduce(result, 0, total, 0, 2 + NQ, MPI.DOUBLE, MPI.SUM);
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        boolean verified = Math.abs((total[0] - sxRef) / sxRef) <= EPSILON
                && Math.abs((total[1] - syRef) / syRef) <= EPSILON;
        if (rank == 0) {
            double gc = 0;
            for (int l = 0; l < NQ; l++) {
                gc += total[2 + l];
            }
            System.out.printf(" EP Benchmark Results:%n%n CPU Time = %10.4f%n N = 2^%5d%n"
                    + " No. Gaussian Pairs = %15.0f%n Sums = %25.15e %25.15e%n Counts:%n", time[0], m, gc, total[0], total[1]);
            for (int l = 0; l < NQ; l++) {
                System.out.printf("%3d%15.0f%n", l, total[2 + l]);
            }
            Npb.report("EP", cls, Long.toString(2L << m), 0, time[0], Math.scalb(1.0, m + 1) / time[0] / 1e6, size,
                    "Random numbers generated", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("EP", cls, verified);
    }

    /**
     * Turns the uniform numbers of one batch into Gaussian pairs, adding their sums to result[0..1]
     * and their counts per annulus to result[2..]. A method of its own so that the JIT compiles this
     * small loop on its own, early, rather than main's whole body on stack replacement.
     */
    private static void gaussianPairs(double[] x, double[] result) {
        double sx = result[0]; // one running sum over all batches, as NPB adds them
        double sy = result[1];
        for (int i = 0; i < NK; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0;
            double x2 = 2.0 * x[2 * i + 1] - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                double t2 = Math.sqrt(-2.0 * Math.log(t1) / t1);
                double t3 = x1 * t2;
                double t4 = x2 * t2;
                int l = (int) Math.max(Math.abs(t3), Math.abs(t4));
                result[2 + l] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
        result[0] = sx;
        result[1] = sy;
    }
}
