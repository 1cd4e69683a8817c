package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Kick-drift-kick leapfrog with one time step for all particles, chosen before each step from the
 * largest acceleration of any particle (an Allreduce of the maximum): Gadget-2's criterion
 * dt = sqrt(2 eta softening / |a|), with an upper bound.
 */
final class Leapfrog {
    /** Gadget-2's accuracy parameter of the time step criterion (ErrTolIntAccuracy). */
    static final double ETA = 0.025;
    /** The longest step, in Hénon units (the crossing time of the Plummer sphere is about 2.8). */
    static final double MAX_STEP = 1.0 / 128;

    private final double[] localMax = new double[1];
    private final double[] globalMax = new double[1];

    /** The step for every particle, the same on every rank. */
    double timestep(Particles p, double softening, Intracomm comm) throws MPIException {
        double a2 = 0;
        for (int i = 0; i < p.count; i++) {
            double ax = p.acc[3 * i];
            double ay = p.acc[3 * i + 1];
            double az = p.acc[3 * i + 2];
            a2 = Math.max(a2, ax * ax + ay * ay + az * az);
        }
        localMax[0] = a2;
        comm.Allreduce(localMax, 0, globalMax, 0, 1, MPI.DOUBLE, MPI.MAX);
        double a = Math.sqrt(globalMax[0]);
        return a > 0 ? Math.min(MAX_STEP, Math.sqrt(2 * ETA * softening / a)) : MAX_STEP;
    }

    /** v += a dt. */
    static void kick(Particles p, double dt) {
        for (int k = 0; k < 3 * p.count; k++) {
            p.vel[k] += p.acc[k] * dt;
        }
    }

    /** x += v dt. */
    static void drift(Particles p, double dt) {
        for (int k = 0; k < 3 * p.count; k++) {
            p.pos[k] += p.vel[k] * dt;
        }
    }
}
