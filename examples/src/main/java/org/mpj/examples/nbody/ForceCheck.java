package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Compares the tree's accelerations with direct summation over all N particles, for a sample of
 * particles (every particle whose id is a multiple of a stride, at most {@link #MAX_SAMPLES}): the
 * samples' positions and tree accelerations are gathered on every rank (Allgather of counts,
 * Allgatherv of samples), every rank adds the exact pull of its own particles on each sample, and an
 * Allreduce sums those partial forces. The error of a sample is |a_tree - a_direct| / |a_direct|.
 *
 * <p>The monopole error of one cell seen under opening angle theta is of order theta^2 (the dipole
 * term vanishes about the centre of mass), so the bounds scale with theta^2. Plummer spheres of 500
 * to 20,000 particles show a median of 0.005 to 0.02 theta^2 and a 99th percentile of 0.025 to 0.12
 * theta^2 (theta 0.5 to 1); the bounds leave a factor of about 2.5.
 */
final class ForceCheck {
    static final int MAX_SAMPLES = 500;
    /** Bound on the median relative error: MEDIAN_PER_THETA2 theta^2. */
    static final double MEDIAN_PER_THETA2 = 0.05;
    /** Bound on the 99th percentile: P99_PER_THETA2 theta^2. */
    static final double P99_PER_THETA2 = 0.3;
    /** Below this the error is rounding (theta 0: the walk sums every particle directly). */
    static final double ROUNDING = 1e-10;

    private static final int SAMPLE = 7; // id x y z ax ay az

    /** The outcome; errors are sorted ascending. */
    record Result(int samples, double median, double p99, double max, double medianBound, double p99Bound) {
        boolean passed() {
            return median <= medianBound && p99 <= p99Bound;
        }
    }

    private ForceCheck() {
    }

    static Result run(Particles p, long n, double theta, double softening, Intracomm comm) throws MPIException {
        int size = comm.Size();
        long stride = Math.max(1, (n + MAX_SAMPLES - 1) / MAX_SAMPLES);
        int mine = 0;
        for (int i = 0; i < p.count; i++) {
            if (p.id[i] % stride == 0) {
                mine++;
            }
        }
        double[] own = new double[SAMPLE * Math.max(mine, 1)];
        int k = 0;
        for (int i = 0; i < p.count; i++) {
            if (p.id[i] % stride == 0) {
                own[SAMPLE * k] = p.id[i];
                for (int d = 0; d < 3; d++) {
                    own[SAMPLE * k + 1 + d] = p.pos[3 * i + d];
                    own[SAMPLE * k + 4 + d] = p.acc[3 * i + d];
                }
                k++;
            }
        }
        int[] counts = new int[size];
        comm.Allgather(new int[] {SAMPLE * mine}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT);
        int[] displs = new int[size];
        int all = 0;
        for (int r = 0; r < size; r++) {
            displs[r] = all;
            all += counts[r];
        }
        double[] samples = new double[Math.max(all, 1)];
        comm.Allgatherv(own, 0, SAMPLE * mine, MPI.DOUBLE, samples, 0, counts, displs, MPI.DOUBLE);
        int s = all / SAMPLE;

        double eps2 = softening * softening;
        double[] partial = new double[3 * Math.max(s, 1)];
        for (int j = 0; j < s; j++) {
            long id = (long) samples[SAMPLE * j];
            double x = samples[SAMPLE * j + 1];
            double y = samples[SAMPLE * j + 2];
            double z = samples[SAMPLE * j + 3];
            double ax = 0;
            double ay = 0;
            double az = 0;
            for (int i = 0; i < p.count; i++) {
                if (p.id[i] == id) {
                    continue;
                }
                double dx = p.pos[3 * i] - x;
                double dy = p.pos[3 * i + 1] - y;
                double dz = p.pos[3 * i + 2] - z;
                double inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
                double f = p.mass[i] * inv * inv * inv;
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
            }
            partial[3 * j] = ax;
            partial[3 * j + 1] = ay;
            partial[3 * j + 2] = az;
        }
        double[] direct = new double[partial.length];
        comm.Allreduce(partial, 0, direct, 0, 3 * s, MPI.DOUBLE, MPI.SUM);

        double[] errors = new double[s];
        for (int j = 0; j < s; j++) {
            double ex = samples[SAMPLE * j + 4] - direct[3 * j];
            double ey = samples[SAMPLE * j + 5] - direct[3 * j + 1];
            double ez = samples[SAMPLE * j + 6] - direct[3 * j + 2];
            double a = Math.sqrt(direct[3 * j] * direct[3 * j] + direct[3 * j + 1] * direct[3 * j + 1]
                    + direct[3 * j + 2] * direct[3 * j + 2]);
            errors[j] = Math.sqrt(ex * ex + ey * ey + ez * ez) / a;
        }
        java.util.Arrays.sort(errors);
        double median = s == 0 ? 0 : errors[s / 2];
        double p99 = s == 0 ? 0 : errors[Math.min(s - 1, (int) Math.ceil(0.99 * s) - 1)];
        double max = s == 0 ? 0 : errors[s - 1];
        double t2 = theta * theta;
        return new Result(s, median, p99, max, Math.max(ROUNDING, MEDIAN_PER_THETA2 * t2),
                Math.max(ROUNDING, P99_PER_THETA2 * t2));
    }
}
