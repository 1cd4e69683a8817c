package org.mpj.examples.nbody;

import mpi.MPIException;

/**
 * The command line {@code [PARTICLES [STEPS [THETA [SEED]]]]}, checked: a bad value stops the run
 * with an MPIException that names the argument, the value and what is allowed.
 */
record RunOptions(long particles, int steps, double theta, long seed) {
    static final long DEFAULT_PARTICLES = 20_000;
    static final int DEFAULT_STEPS = 10;
    static final double DEFAULT_THETA = 0.5;
    static final long DEFAULT_SEED = 42;
    /** Particle ids travel as doubles and a rank's share must fit a Java array. */
    static final long MAX_PARTICLES = 1L << 30;
    /** Beyond 1 a cell may be taken whole from inside its own neighbourhood: errors of order one. */
    static final double MAX_THETA = 1.0;
    static final String USAGE = "usage: NBody [PARTICLES [STEPS [THETA [SEED]]]]";

    /**
     * Plummer softening length in Hénon units, for every N: about a sixth of the mean distance
     * between particles inside the half-mass radius (0.77) for 20,000 particles.
     */
    static final double SOFTENING = 0.01;

    static RunOptions parse(String[] args) {
        if (args.length > 4) {
            throw new MPIException("NBody: " + args.length + " arguments given, at most 4 expected; " + USAGE);
        }
        long n = args.length > 0 ? parseLong("particle count", args[0]) : DEFAULT_PARTICLES;
        long steps = args.length > 1 ? parseLong("step count", args[1]) : DEFAULT_STEPS;
        double theta = args.length > 2 ? parseDouble("opening angle theta", args[2]) : DEFAULT_THETA;
        long seed = args.length > 3 ? parseLong("seed", args[3]) : DEFAULT_SEED;
        if (n < 2 || n > MAX_PARTICLES) {
            throw new MPIException("NBody: particle count " + n + " is out of range; expected 2.." + MAX_PARTICLES);
        }
        if (steps < 0 || steps > Integer.MAX_VALUE) {
            throw new MPIException("NBody: step count " + steps + " is out of range; expected 0.." + Integer.MAX_VALUE);
        }
        if (!(theta >= 0 && theta <= MAX_THETA)) {
            throw new MPIException("NBody: opening angle theta " + theta + " is out of range; expected 0.." + MAX_THETA
                    + " (0 sums every pair directly)");
        }
        return new RunOptions(n, (int) steps, theta, seed);
    }

    private static long parseLong(String what, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new MPIException("NBody: " + what + " '" + text + "' is not an integer; " + USAGE);
        }
    }

    private static double parseDouble(String what, String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new MPIException("NBody: " + what + " '" + text + "' is not a number; " + USAGE);
        }
    }
}
