package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * What a run must conserve, summed over all ranks with one Allreduce: particles, mass, energy
 * (kinetic plus the tree's potential energy) and momentum. {@code speedSum} (sum of m |v|) is the
 * scale that a momentum error is measured against, since the total momentum itself is zero.
 */
record Conserved(double particles, double mass, double kinetic, double potential,
                 double px, double py, double pz, double speedSum) {

    static Conserved measure(Particles p, Intracomm comm) throws MPIException {
        double[] local = new double[8];
        for (int i = 0; i < p.count; i++) {
            double m = p.mass[i];
            double vx = p.vel[3 * i];
            double vy = p.vel[3 * i + 1];
            double vz = p.vel[3 * i + 2];
            double v2 = vx * vx + vy * vy + vz * vz;
            local[0] += 1;
            local[1] += m;
            local[2] += 0.5 * m * v2;
            local[3] += 0.5 * m * p.pot[i]; // each pair counted from both ends
            local[4] += m * vx;
            local[5] += m * vy;
            local[6] += m * vz;
            local[7] += m * Math.sqrt(v2);
        }
        double[] s = new double[8];
        comm.Allreduce(local, 0, s, 0, 8, MPI.DOUBLE, MPI.SUM);
        return new Conserved(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]);
    }

    double energy() {
        return kinetic + potential;
    }

    /** |E - E0| / |E0|. */
    double energyDrift(Conserved start) {
        return Math.abs(energy() - start.energy()) / Math.abs(start.energy());
    }

    /** |P - P0| / sum m |v| at the start. */
    double momentumDrift(Conserved start) {
        double dx = px - start.px;
        double dy = py - start.py;
        double dz = pz - start.pz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz) / start.speedSum;
    }
}
