package org.mpj.examples.nbody;

/**
 * The particles a rank holds, as flat arrays: particle i has position pos[3i..3i+2], velocity
 * vel[3i..], acceleration acc[3i..], potential pot[i], mass mass[i], the interactions the last force
 * computation charged to it work[i] (the weight of the domain decomposition) and its global number id[i].
 *
 * <p>Between ranks a particle travels as {@link #RECORD} doubles (position, velocity, mass, work, id);
 * acceleration and potential are computed again where it lands.
 */
final class Particles {
    /** Doubles per particle in an exchange: x y z vx vy vz mass work id. */
    static final int RECORD = 9;

    int count;
    double[] pos;
    double[] vel;
    double[] acc;
    double[] pot;
    double[] mass;
    double[] work;
    long[] id;

    /** Scratch of {@link #permute}, kept between calls. */
    private double[] scratch = new double[0];
    private long[] scratchIds = new long[0];

    Particles(int capacity) {
        allocate(Math.max(capacity, 1));
    }

    private void allocate(int capacity) {
        pos = java.util.Arrays.copyOf(pos == null ? new double[0] : pos, 3 * capacity);
        vel = java.util.Arrays.copyOf(vel == null ? new double[0] : vel, 3 * capacity);
        acc = java.util.Arrays.copyOf(acc == null ? new double[0] : acc, 3 * capacity);
        pot = java.util.Arrays.copyOf(pot == null ? new double[0] : pot, capacity);
        mass = java.util.Arrays.copyOf(mass == null ? new double[0] : mass, capacity);
        work = java.util.Arrays.copyOf(work == null ? new double[0] : work, capacity);
        id = java.util.Arrays.copyOf(id == null ? new long[0] : id, capacity);
    }

    int capacity() {
        return mass.length;
    }

    /** Makes room for n particles, keeping the first {@link #count}. */
    void ensureCapacity(int n) {
        if (n > capacity()) {
            allocate(Math.max(n, capacity() + capacity() / 2));
        }
    }

    /** Writes particle i's exchange record at buf[off..off+RECORD). */
    void pack(int i, double[] buf, int off) {
        buf[off] = pos[3 * i];
        buf[off + 1] = pos[3 * i + 1];
        buf[off + 2] = pos[3 * i + 2];
        buf[off + 3] = vel[3 * i];
        buf[off + 4] = vel[3 * i + 1];
        buf[off + 5] = vel[3 * i + 2];
        buf[off + 6] = mass[i];
        buf[off + 7] = work[i];
        buf[off + 8] = id[i]; // exact: ids are below 2^53
    }

    /** Sets particle i from the exchange record at buf[off..off+RECORD). */
    void unpack(int i, double[] buf, int off) {
        pos[3 * i] = buf[off];
        pos[3 * i + 1] = buf[off + 1];
        pos[3 * i + 2] = buf[off + 2];
        vel[3 * i] = buf[off + 3];
        vel[3 * i + 1] = buf[off + 4];
        vel[3 * i + 2] = buf[off + 5];
        mass[i] = buf[off + 6];
        work[i] = buf[off + 7];
        id[i] = (long) buf[off + 8];
    }

    /** Reorders the particles: particle i becomes the old particle order[i]. */
    void permute(int[] order) {
        int n = count;
        if (scratch.length < 3 * n) {
            scratch = new double[3 * capacity()];
            scratchIds = new long[capacity()];
        }
        permute3(pos, order, n);
        permute3(vel, order, n);
        permute3(acc, order, n);
        permute1(pot, order, n);
        permute1(mass, order, n);
        permute1(work, order, n);
        for (int i = 0; i < n; i++) {
            scratchIds[i] = id[order[i]];
        }
        System.arraycopy(scratchIds, 0, id, 0, n);
    }

    private void permute3(double[] a, int[] order, int n) {
        for (int i = 0; i < n; i++) {
            int j = 3 * order[i];
            scratch[3 * i] = a[j];
            scratch[3 * i + 1] = a[j + 1];
            scratch[3 * i + 2] = a[j + 2];
        }
        System.arraycopy(scratch, 0, a, 0, 3 * n);
    }

    private void permute1(double[] a, int[] order, int n) {
        for (int i = 0; i < n; i++) {
            scratch[i] = a[order[i]];
        }
        System.arraycopy(scratch, 0, a, 0, n);
    }

    /** Removes particle i (the last one takes its place); tests use it to lose a particle. */
    void remove(int i) {
        int last = count - 1;
        for (int d = 0; d < 3; d++) {
            pos[3 * i + d] = pos[3 * last + d];
            vel[3 * i + d] = vel[3 * last + d];
            acc[3 * i + d] = acc[3 * last + d];
        }
        pot[i] = pot[last];
        mass[i] = mass[last];
        work[i] = work[last];
        id[i] = id[last];
        count = last;
    }
}
