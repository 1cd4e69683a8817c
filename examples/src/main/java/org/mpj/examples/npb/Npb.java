package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * What every kernel shares: reading the command line ({@code CLASS [SEED]}), the process-count rule
 * and the NPB-style report. A failed verification ends the program with {@link VerificationFailed}
 * so that mpjrun (and a test) sees the job fail.
 */
final class Npb {
    /** NPB's seed for IS, CG, MG and FT (EP has its own). */
    static final long SEED = 314159265L;

    private Npb() {
    }

    /** The problem class named by the first argument (default S), one of {@code classes}. */
    static char problemClass(String bench, String[] app, String classes) {
        String c = app.length > 0 ? app[0].trim().toUpperCase() : "S";
        if (c.length() != 1 || classes.indexOf(c.charAt(0)) < 0) {
            throw new IllegalArgumentException(bench + ": unknown problem class '" + (app.length > 0 ? app[0] : "")
                    + "'; expected one of " + String.join(", ", classes.split("")));
        }
        return c.charAt(0);
    }

    /**
     * The seed of the random generator: NPB's unless a second argument gives another (a different seed
     * gives a different answer, which must then fail verification).
     */
    static long seed(String bench, String[] app, long npbSeed) {
        if (app.length < 2) {
            return npbSeed;
        }
        try {
            long s = Long.parseLong(app[1].trim());
            if (s <= 0 || (s & 1) == 0 || s >= (1L << 46)) {
                throw new NumberFormatException("not an odd number in (0, 2^46)");
            }
            return s;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(bench + ": seed '" + app[1] + "' must be an odd integer in (0, 2^46)", e);
        }
    }

    /** NPB's MPI kernels decompose the problem by halving: they need a power-of-two number of ranks. */
    static void requirePowerOfTwo(String bench, int ranks, int max) {
        if (Integer.bitCount(ranks) != 1 || ranks > max) {
            throw new IllegalArgumentException(bench + " needs a power-of-two number of ranks up to " + max + ", got " + ranks);
        }
    }

    /**
     * Wall-clock seconds for the timed section. System.nanoTime rather than MPI.Wtime, whose
     * resolution differs between mpiJava implementations, so that MPJ and MPJ Express time alike.
     */
    static double seconds() {
        return System.nanoTime() * 1e-9;
    }

    /** Prints the report as NPB's print_results does. */
    static void report(String bench, char cls, String size, int iterations, double seconds, double mops,
                       int ranks, String operation, boolean verified) {
        StringBuilder sb = new StringBuilder();
        sb.append("\n ").append(bench).append(" Benchmark Completed.\n");
        sb.append(String.format(" Class           = %24c%n", cls));
        sb.append(String.format(" Size            = %24s%n", size));
        sb.append(String.format(" Iterations      = %24d%n", iterations));
        sb.append(String.format(" Time in seconds = %24.2f%n", seconds));
        sb.append(String.format(" Total processes = %24d%n", ranks));
        sb.append(String.format(" Mop/s total     = %24.2f%n", mops));
        sb.append(String.format(" Mop/s/process   = %24.2f%n", mops / ranks));
        sb.append(String.format(" Operation type  = %24s%n", operation));
        sb.append(String.format(" Verification    = %24s%n", verified ? "SUCCESSFUL" : "UNSUCCESSFUL"));
        System.out.print(sb);
        System.out.flush();
    }

    /** Ends the program with an error when verification failed (call after MPI.Finalize). */
    static void requireVerified(String bench, char cls, boolean verified) {
        if (!verified) {
            throw new VerificationFailed(bench + " class " + cls + ": VERIFICATION UNSUCCESSFUL");
        }
    }

    /** A time step given on the command line (SP, BT): a number in (0, 1). */
    static double timeStep(String bench, String arg) {
        try {
            double dt = Double.parseDouble(arg.trim());
            if (!(dt > 0 && dt < 1)) {
                throw new NumberFormatException("out of range");
            }
            return dt;
        } catch (NumberFormatException e) {
            throw new MPIException(bench + ": time step '" + arg + "' must be a number in (0, 1)");
        }
    }

    /** Sums of squares over an n^3 grid, per component, reduced over all ranks, to RMS norms as NPB takes them. */
    static double[] rmsNorms(double[] sums, int n) throws MPIException {
        double[] total = new double[5];
        MPI.COMM_WORLD.Allreduce(sums, 0, total, 0, 5, MPI.DOUBLE, MPI.SUM);
        for (int m = 0; m < 5; m++) {
            for (int d = 0; d < 3; d++) {
                total[m] /= n - 2;
            }
            total[m] = Math.sqrt(total[m]);
        }
        return total;
    }

    /** Appends NPB's comparison lines of five norms; returns how many are off (NaN counts as off). */
    static int compareNorms(double[] value, double[] ref, double epsilon, StringBuilder lines) {
        int off = 0;
        for (int m = 0; m < 5; m++) {
            double dif = Math.abs((value[m] - ref[m]) / ref[m]);
            boolean ok = dif <= epsilon;
            off += ok ? 0 : 1;
            lines.append(String.format(" %s %2d%20.13e%20.13e%20.13e%n", ok ? "        " : "FAILURE:", m + 1, value[m], ref[m], dif));
        }
        return off;
    }
}
