package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Initial conditions: a Plummer sphere in Hénon units (G = 1, total mass 1, total energy -1/4),
 * sampled as Aarseth, Hénon and Wielen (1974) do, cut at 10 scale radii.
 *
 * <p>Particle i is drawn from a random stream of its own, seeded by (seed, i), so a particle is the
 * same whichever rank makes it: rank r of P makes particles [N r / P, N (r+1) / P), and a run is
 * reproducible for any number of ranks. The centre of mass is then moved to rest at the origin.
 */
final class PlummerSphere {
    /** Radii beyond this many Plummer scale lengths are drawn again (0.15% of the mass lies there). */
    private static final double MAX_RADIUS = 10;
    /** Hénon units: length scale 3 pi / 16 of the Plummer scale length, velocities the inverse root. */
    private static final double LENGTH_UNIT = 3 * Math.PI / 16;
    private static final double VELOCITY_UNIT = 1 / Math.sqrt(LENGTH_UNIT);

    private long state; // splitmix64 state of the particle being drawn

    private PlummerSphere() {
    }

    /** Makes this rank's share of n particles into p (which it empties first). */
    static void generate(Particles p, long n, long seed, Intracomm comm) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        long first = n * rank / size;
        long end = n * (rank + 1) / size;
        int count = (int) (end - first);
        p.ensureCapacity(count);
        p.count = count;
        PlummerSphere g = new PlummerSphere();
        for (int i = 0; i < count; i++) {
            g.draw(p, i, first + i, seed, n);
        }
        moveCentreOfMassToRest(p, comm);
    }

    private void draw(Particles p, int i, long id, long seed, long n) {
        state = mix(seed * 0x9E3779B97F4A7C15L + id);
        double r;
        do {
            double m = uniform();
            r = 1 / Math.sqrt(Math.pow(m, -2.0 / 3.0) - 1);
        } while (!(r <= MAX_RADIUS)); // m = 0 gives NaN, m = 1 infinity: both drawn again
        isotropic(r * LENGTH_UNIT, p.pos, 3 * i);

        // Speed q v_escape, q from g(q) = q^2 (1 - q^2)^3.5 by rejection (its maximum is below 0.1).
        double q;
        double gq;
        do {
            q = uniform();
            gq = q * q * Math.pow(1 - q * q, 3.5);
        } while (0.1 * uniform() >= gq);
        double escape = Math.sqrt(2) * Math.pow(1 + r * r, -0.25);
        isotropic(q * escape * VELOCITY_UNIT, p.vel, 3 * i);

        p.mass[i] = 1.0 / n;
        p.work[i] = 1;
        p.id[i] = id;
        p.acc[3 * i] = p.acc[3 * i + 1] = p.acc[3 * i + 2] = 0;
        p.pot[i] = 0;
    }

    /** A vector of length len in a uniformly random direction, written at a[off..off+2]. */
    private void isotropic(double len, double[] a, int off) {
        double z = (1 - 2 * uniform()) * len;
        double rxy = Math.sqrt(Math.max(0, len * len - z * z));
        double phi = 2 * Math.PI * uniform();
        a[off] = rxy * Math.cos(phi);
        a[off + 1] = rxy * Math.sin(phi);
        a[off + 2] = z;
    }

    /** A double in [0, 1) from the next splitmix64 number. */
    private double uniform() {
        state += 0x9E3779B97F4A7C15L;
        return (mix(state) >>> 11) * 0x1.0p-53;
    }

    /** The splitmix64 finaliser (Steele, Lea and Flood, 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static void moveCentreOfMassToRest(Particles p, Intracomm comm) throws MPIException {
        double[] sums = new double[7]; // mass, then mass-weighted position and velocity
        for (int i = 0; i < p.count; i++) {
            double m = p.mass[i];
            sums[0] += m;
            for (int d = 0; d < 3; d++) {
                sums[1 + d] += m * p.pos[3 * i + d];
                sums[4 + d] += m * p.vel[3 * i + d];
            }
        }
        double[] total = new double[sums.length];
        comm.Allreduce(sums, 0, total, 0, sums.length, MPI.DOUBLE, MPI.SUM);
        for (int i = 0; i < p.count; i++) {
            for (int d = 0; d < 3; d++) {
                p.pos[3 * i + d] -= total[1 + d] / total[0];
                p.vel[3 * i + d] -= total[4 + d] / total[0];
            }
        }
    }
}
