package org.mpj.examples.npb;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB MG: four V-cycles of a multigrid solver for the 3-D Poisson equation on a periodic n^3 grid
 * (NPB's restriction rprj3, prolongation interp, residual and smoother with the S(a) coefficients).
 * The ranks form a 3-D grid; each holds a block of every level with one ghost layer, refreshed by
 * a halo exchange with its six neighbours (one axis after the other, so edges and corners follow).
 * Levels too coarse to give every rank two points per axis are gathered once (Allgather) and
 * solved redundantly by every rank, which then keeps its own block on the way up.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.MG [S|W|A|B] [SEED]</pre>
 */
public final class MG {
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    private static final double[] SMOOTHER_A = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};  // S(a): classes S, W, A
    private static final double[] SMOOTHER_B = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0}; // S(b): class B
    private static final int TEN = 10;

    private final int rank;
    private final double[] smoother; // the smoother's coefficients
    private final int lt;       // finest level: n = 2^lt
    private final int kd;       // coarsest level held in blocks; coarser levels are global on every rank
    private final int[] p = new int[3];      // ranks per axis
    private final int[] coord = new int[3];  // this rank's place in the rank grid
    private final int[] left = new int[3];
    private final int[] right = new int[3];
    private final int[][] dim;  // dim[k][d]: points per axis at level k, ghosts included
    private final int[][] off;  // off[k][d]: global index of the first interior point
    private final double[][] u;
    private final double[][] r;
    private final double[] v;
    private final double[] gathered;  // level kd, global, when kd > 1
    private final double[] block;
    private final double[] blocks;
    private final double[] sendBuf;
    private final double[] recvBuf;
    private final double[] t1;
    private final double[] t2;
    private final double[] t3;

    private MG(char cls, int lt, int rank, int size) {
        this.rank = rank;
        this.smoother = cls == 'B' ? SMOOTHER_B : SMOOTHER_A;
        this.lt = lt;
        for (int d = 0; d < 3; d++) {
            p[d] = 1;
        }
        for (int f = 0, d = 2; (1 << f) < size; f++, d = (d + 2) % 3) { // z, then y, then x
            p[d] *= 2;
        }
        int pmax = Math.max(p[0], Math.max(p[1], p[2]));
        kd = 1 + Integer.numberOfTrailingZeros(pmax);
        if (kd > lt) {
            throw new IllegalArgumentException("MG: a " + (1 << lt) + "^3 grid is too small for " + size + " ranks");
        }
        coord[0] = rank % p[0];
        coord[1] = rank / p[0] % p[1];
        coord[2] = rank / (p[0] * p[1]);
        for (int d = 0; d < 3; d++) {
            int[] c = coord.clone();
            c[d] = (coord[d] + p[d] - 1) % p[d];
            left[d] = c[0] + p[0] * (c[1] + p[1] * c[2]);
            c[d] = (coord[d] + 1) % p[d];
            right[d] = c[0] + p[0] * (c[1] + p[1] * c[2]);
        }
        dim = new int[lt + 1][3];
        off = new int[lt + 1][3];
        u = new double[lt + 1][];
        r = new double[lt + 1][];
        for (int k = 1; k <= lt; k++) {
            for (int d = 0; d < 3; d++) {
                int local = k >= kd ? (1 << k) / p[d] : 1 << k;
                dim[k][d] = local + 2;
                off[k][d] = k >= kd ? coord[d] * local : 0;
            }
            r[k] = new double[points(k)];
            u[k] = new double[points(k)];
        }
        v = new double[points(lt)];
        int n = 1 << kd;
        gathered = kd > 1 ? new double[(n + 2) * (n + 2) * (n + 2)] : null;
        int blockSize = (dim[kd][0] - 2) * (dim[kd][1] - 2) * (dim[kd][2] - 2);
        block = new double[blockSize];
        blocks = new double[blockSize * size];
        int[] f = dim[lt];
        int plane = Math.max(Math.max(f[0] * f[1], Math.max(f[1] * f[2], f[0] * f[2])), (n + 2) * (n + 2));
        sendBuf = new double[plane];
        recvBuf = new double[plane];
        int line = Math.max(f[0], Math.max(f[1], f[2])) + 2;
        t1 = new double[line];
        t2 = new double[line];
        t3 = new double[line];
    }

    private int points(int k) {
        return dim[k][0] * dim[k][1] * dim[k][2];
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("MG", app, "SWAB");
        long seed = Npb.seed("MG", app, Npb.SEED);
        Npb.requirePowerOfTwo("MG", size, 1 << 15);
        int lt = cls == 'S' ? 5 : cls == 'W' ? 7 : 8;
        int nit = cls == 'B' ? 20 : 4;
        double ref = cls == 'S' ? 0.5307707005734e-04 : cls == 'W' ? 0.6467329375339e-05
                : cls == 'A' ? 0.2433365309069e-05 : 0.1800564401355e-05;
        MG mg = new MG(cls, lt, rank, size);
        int n = 1 << lt;
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- MG Benchmark%n%n Size: %4dx%4dx%4d  (class %c)%n"
                    + " Iterations: %3d%n Number of processes: %6d (%d x %d x %d)%n",
                    n, n, n, cls, nit, size, mg.p[0], mg.p[1], mg.p[2]);
        }
        // The norms where NPB's mg.f takes them (norm2u3): of v and of the first residual before the
        // timed part, after its first residual inside it, and at its end. With the last alone, each rank's
        // copy of norm2 first ran, interpreted, at the end of the timed part, while C2 compiled it (2 ranks:
        // four compilations of 3-10 ms on the cores the ranks share); class A on 2 and 4 thread ranks
        // 4-5% faster with all four (benchmarks/results/2026-11-29/npb-mg-norms-s50.txt).
        mg.zran3(seed);
        mg.norm2(mg.v, n);
        mg.resid(mg.u[lt], mg.v, mg.r[lt], lt);
        mg.norm2(mg.r[lt], n);
        mg.vcycle(); // one cycle untimed, as NPB does, to touch all data and code
        mg.resid(mg.u[lt], mg.v, mg.r[lt], lt);
        Arrays.fill(mg.u[lt], 0);
        mg.zran3(seed);

        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        mg.resid(mg.u[lt], mg.v, mg.r[lt], lt);
        mg.norm2(mg.r[lt], n);
        for (int it = 1; it <= nit; it++) {
            mg.vcycle();
            mg.resid(mg.u[lt], mg.v, mg.r[lt], lt);
        }
        double rnm2 = mg.norm2(mg.r[lt], n);
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        double err = Math.abs(rnm2 - ref) / ref;
        boolean verified = err <= 1e-8; // false for NaN too
        if (rank == 0) {
            System.out.printf(" L2 Norm is %20.13e%n Error is   %20.13e%n", rnm2, err);
            double mflops = 58.0 * nit * Math.pow(n, 3) * 1e-6 / time[0];
            Npb.report("MG", cls, n + "x" + n + "x" + n, nit, time[0], mflops, size, "floating point", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("MG", cls, verified);
    }

    /** NPB's mg3P: restrict the residual down to level 1, smooth there, then interpolate and smooth up. */
    private void vcycle() throws MPIException {
        for (int k = lt; k >= 2; k--) {
            if (k == kd) { // the blocks of level kd become one global grid, restricted by every rank
                gather(r[kd]);
                rprj3(gathered, globalDims(kd), r[k - 1], dim[k - 1]);
            } else {
                rprj3(r[k], dim[k], r[k - 1], dim[k - 1]);
            }
            comm3(r[k - 1], k - 1);
        }
        Arrays.fill(u[1], 0);
        psinv(r[1], u[1], 1);
        for (int k = 2; k <= lt; k++) {
            if (k < lt) { // the finest level keeps its approximation and adds the correction
                Arrays.fill(u[k], 0);
            }
            interpInto(k);
            resid(u[k], k == lt ? v : r[k], r[k], k);
            psinv(r[k], u[k], k);
        }
    }

    private int[] globalDims(int k) {
        int n = (1 << k) + 2;
        return new int[] {n, n, n};
    }

    /** u[k] += interpolation of u[k-1]; at level kd the coarse block is cut from the global grid. */
    private void interpInto(int k) {
        if (k != kd || kd == 1) {
            interp(u[k - 1], dim[k - 1], u[k], dim[k]);
            return;
        }
        int[] c = {(dim[k][0] - 2) / 2 + 2, (dim[k][1] - 2) / 2 + 2, (dim[k][2] - 2) / 2 + 2};
        int[] g = dim[k - 1];
        double[] z = gathered; // free again after the restriction: holds the coarse block now
        for (int i3 = 0; i3 < c[2]; i3++) {
            for (int i2 = 0; i2 < c[1]; i2++) {
                int src = off[k][0] / 2 + g[0] * (off[k][1] / 2 + i2 + g[1] * (off[k][2] / 2 + i3));
                System.arraycopy(u[k - 1], src, z, c[0] * (i2 + c[1] * i3), c[0]);
            }
        }
        interp(z, c, u[k], dim[k]);
    }

    /** Every rank's block of a level-kd array into the global grid {@code gathered}, ghosts filled. */
    private void gather(double[] a) throws MPIException {
        int[] m = dim[kd];
        int l0 = m[0] - 2;
        int l1 = m[1] - 2;
        int l2 = m[2] - 2;
        for (int i3 = 0; i3 < l2; i3++) {
            for (int i2 = 0; i2 < l1; i2++) {
                System.arraycopy(a, 1 + m[0] * (i2 + 1 + m[1] * (i3 + 1)), block, l0 * (i2 + l1 * i3), l0);
            }
        }
        MPI.COMM_WORLD.Allgather(block, 0, block.length, MPI.DOUBLE, blocks, 0, block.length, MPI.DOUBLE);
        int n = (1 << kd) + 2;
        for (int q = 0; q < blocks.length / block.length; q++) {
            int o0 = q % p[0] * l0;
            int o1 = q / p[0] % p[1] * l1;
            int o2 = q / (p[0] * p[1]) * l2;
            for (int i3 = 0; i3 < l2; i3++) {
                for (int i2 = 0; i2 < l1; i2++) {
                    System.arraycopy(blocks, q * block.length + l0 * (i2 + l1 * i3), gathered,
                            1 + o0 + n * (1 + o1 + i2 + n * (1 + o2 + i3)), l0);
                }
            }
        }
        periodic(gathered, n, n, n);
    }

    /** r = v - A u on the interior, then the ghosts (NPB's resid; a[1] is zero). */
    private void resid(double[] uu, double[] vv, double[] rr, int k) throws MPIException {
        int n1 = dim[k][0];
        int n2 = dim[k][1];
        int n3 = dim[k][2];
        int s2 = n1;
        int s3 = n1 * n2;
        double[] u1 = t1;
        double[] u2 = t2;
        for (int i3 = 1; i3 < n3 - 1; i3++) {
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                int b = n1 * (i2 + n2 * i3);
                for (int i1 = 0; i1 < n1; i1++) {
                    int c = b + i1;
                    u1[i1] = uu[c - s2] + uu[c + s2] + uu[c - s3] + uu[c + s3];
                    u2[i1] = uu[c - s2 - s3] + uu[c + s2 - s3] + uu[c - s2 + s3] + uu[c + s2 + s3];
                }
                for (int i1 = 1; i1 < n1 - 1; i1++) {
                    int c = b + i1;
                    rr[c] = vv[c] - A[0] * uu[c] - A[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
                            - A[3] * (u2[i1 - 1] + u2[i1 + 1]);
                }
            }
        }
        comm3(rr, k);
    }

    /** u = u + C r, then the ghosts (NPB's psinv; c[3] is zero). */
    private void psinv(double[] rr, double[] uu, int k) throws MPIException {
        int n1 = dim[k][0];
        int n2 = dim[k][1];
        int n3 = dim[k][2];
        int s2 = n1;
        int s3 = n1 * n2;
        double[] r1 = t1;
        double[] r2 = t2;
        double w0 = smoother[0], w1 = smoother[1], w2 = smoother[2];
        for (int i3 = 1; i3 < n3 - 1; i3++) {
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                int b = n1 * (i2 + n2 * i3);
                for (int i1 = 0; i1 < n1; i1++) {
                    int c = b + i1;
                    r1[i1] = rr[c - s2] + rr[c + s2] + rr[c - s3] + rr[c + s3];
                    r2[i1] = rr[c - s2 - s3] + rr[c + s2 - s3] + rr[c - s2 + s3] + rr[c + s2 + s3];
                }
                for (int i1 = 1; i1 < n1 - 1; i1++) {
                    int c = b + i1;
                    uu[c] += w0 * rr[c] + w1 * (rr[c - 1] + rr[c + 1] + r1[i1])
                            + w2 * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
                }
            }
        }
        comm3(uu, k);
    }

    /** s = restriction of rf (NPB's rprj3, fine point 2j+1 under coarse point j); s's ghosts are left. */
    private void rprj3(double[] rf, int[] mk, double[] s, int[] mj) {
        int m1k = mk[0];
        int s2 = m1k;
        int s3 = m1k * mk[1];
        double[] x1 = t1;
        double[] y1 = t2;
        for (int j3 = 1; j3 < mj[2] - 1; j3++) {
            int i3 = 2 * j3 - 1;
            for (int j2 = 1; j2 < mj[1] - 1; j2++) {
                int i2 = 2 * j2 - 1;
                int b = m1k * (i2 + mk[1] * i3); // (0, i2, i3)
                for (int j1 = 1; j1 < mj[0]; j1++) {
                    int i1 = 2 * j1 - 1;
                    int c = b + i1;
                    x1[i1] = rf[c + s3] + rf[c + 2 * s2 + s3] + rf[c + s2] + rf[c + s2 + 2 * s3];
                    y1[i1] = rf[c] + rf[c + 2 * s3] + rf[c + 2 * s2] + rf[c + 2 * s2 + 2 * s3];
                }
                int sb = mj[0] * (j2 + mj[1] * j3);
                for (int j1 = 1; j1 < mj[0] - 1; j1++) {
                    int i1 = 2 * j1 - 1;
                    int c = b + i1 + 1;
                    double y2 = rf[c] + rf[c + 2 * s3] + rf[c + 2 * s2] + rf[c + 2 * s2 + 2 * s3];
                    double x2 = rf[c + s3] + rf[c + 2 * s2 + s3] + rf[c + s2] + rf[c + s2 + 2 * s3];
                    int m = c + s2 + s3;
                    s[sb + j1] = 0.5 * rf[m] + 0.25 * (rf[m - 1] + rf[m + 1] + x2)
                            + 0.125 * (x1[i1] + x1[i1 + 2] + y2) + 0.0625 * (y1[i1] + y1[i1 + 2]);
                }
            }
        }
    }

    /** uf += trilinear interpolation of z (NPB's interp); fills uf's ghosts too, from z's ghosts. */
    private void interp(double[] z, int[] mm, double[] uf, int[] nf) {
        int mm1 = mm[0];
        int zs2 = mm1;
        int zs3 = mm1 * mm[1];
        int n1 = nf[0];
        int us2 = n1;
        int us3 = n1 * nf[1];
        double[] z1 = t1;
        double[] z2 = t2;
        double[] z3 = t3;
        for (int i3 = 0; i3 < mm[2] - 1; i3++) {
            for (int i2 = 0; i2 < mm[1] - 1; i2++) {
                int zb = mm1 * (i2 + mm[1] * i3);
                for (int i1 = 0; i1 < mm1; i1++) {
                    int c = zb + i1;
                    z1[i1] = z[c + zs2] + z[c];
                    z2[i1] = z[c + zs3] + z[c];
                    z3[i1] = z[c + zs2 + zs3] + z[c + zs3] + z1[i1];
                }
                int ub = n1 * (2 * i2 + nf[1] * 2 * i3); // (0, 2 i2, 2 i3)
                for (int i1 = 0; i1 < mm1 - 1; i1++) {
                    int c = zb + i1;
                    int f = ub + 2 * i1;
                    uf[f] += z[c];
                    uf[f + 1] += 0.5 * (z[c + 1] + z[c]);
                    uf[f + us2] += 0.5 * z1[i1];
                    uf[f + us2 + 1] += 0.25 * (z1[i1] + z1[i1 + 1]);
                    uf[f + us3] += 0.5 * z2[i1];
                    uf[f + us3 + 1] += 0.25 * (z2[i1] + z2[i1 + 1]);
                    uf[f + us2 + us3] += 0.25 * z3[i1];
                    uf[f + us2 + us3 + 1] += 0.125 * (z3[i1] + z3[i1 + 1]);
                }
            }
        }
    }

    /** Refreshes the ghost layer of a level: axis by axis, from the neighbours or by periodic copy. */
    private void comm3(double[] a, int k) throws MPIException {
        int[] m = dim[k];
        if (k < kd) {
            periodic(a, m[0], m[1], m[2]);
            return;
        }
        for (int d = 0; d < 3; d++) {
            if (p[d] == 1) {
                periodicAxis(a, m[0], m[1], m[2], d);
            } else {
                exchange(a, m, d);
            }
        }
    }

    /** Sends the first and last interior planes along axis d to the neighbours; their planes fill the ghosts. */
    private void exchange(double[] a, int[] m, int d) throws MPIException {
        int n = m[d];
        int count = pack(a, m, d, 1, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, count, MPI.DOUBLE, left[d], 10 + d,
                recvBuf, 0, count, MPI.DOUBLE, right[d], 10 + d);
        unpack(a, m, d, n - 1, recvBuf);
        pack(a, m, d, n - 2, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, count, MPI.DOUBLE, right[d], 20 + d,
                recvBuf, 0, count, MPI.DOUBLE, left[d], 20 + d);
        unpack(a, m, d, 0, recvBuf);
    }

    /** Copies the whole plane index i of axis d into buf; returns its length. */
    private static int pack(double[] a, int[] m, int d, int i, double[] buf) {
        int n = 0;
        if (d == 0) {
            for (int i3 = 0; i3 < m[2]; i3++) {
                for (int i2 = 0; i2 < m[1]; i2++) {
                    buf[n++] = a[i + m[0] * (i2 + m[1] * i3)];
                }
            }
        } else if (d == 1) {
            for (int i3 = 0; i3 < m[2]; i3++) {
                System.arraycopy(a, m[0] * (i + m[1] * i3), buf, n, m[0]);
                n += m[0];
            }
        } else {
            n = m[0] * m[1];
            System.arraycopy(a, n * i, buf, 0, n);
        }
        return n;
    }

    private static void unpack(double[] a, int[] m, int d, int i, double[] buf) {
        int n = 0;
        if (d == 0) {
            for (int i3 = 0; i3 < m[2]; i3++) {
                for (int i2 = 0; i2 < m[1]; i2++) {
                    a[i + m[0] * (i2 + m[1] * i3)] = buf[n++];
                }
            }
        } else if (d == 1) {
            for (int i3 = 0; i3 < m[2]; i3++) {
                System.arraycopy(buf, n, a, m[0] * (i + m[1] * i3), m[0]);
                n += m[0];
            }
        } else {
            System.arraycopy(buf, 0, a, m[0] * m[1] * i, m[0] * m[1]);
        }
    }

    private void periodic(double[] a, int n1, int n2, int n3) {
        for (int d = 0; d < 3; d++) {
            periodicAxis(a, n1, n2, n3, d);
        }
    }

    /** Ghost planes of axis d from the opposite interior planes (the whole grid is here). */
    private void periodicAxis(double[] a, int n1, int n2, int n3, int d) {
        int[] m = {n1, n2, n3};
        pack(a, m, d, m[d] - 2, sendBuf);
        unpack(a, m, d, 0, sendBuf);
        pack(a, m, d, 1, sendBuf);
        unpack(a, m, d, m[d] - 1, sendBuf);
    }

    /** sqrt(sum r^2 / n^3) over all ranks' interior points. */
    private double norm2(double[] a, int n) throws MPIException {
        int[] m = dim[lt];
        double s = 0;
        for (int i3 = 1; i3 < m[2] - 1; i3++) {
            for (int i2 = 1; i2 < m[1] - 1; i2++) {
                int b = m[0] * (i2 + m[1] * i3);
                for (int i1 = 1; i1 < m[0] - 1; i1++) {
                    s += a[b + i1] * a[b + i1];
                }
            }
        }
        double[] sum = {s};
        MPI.COMM_WORLD.Allreduce(sum, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        return Math.sqrt(sum[0] / ((double) n * n * n));
    }

    /**
     * NPB's zran3: v is +1 at the ten largest and -1 at the ten smallest numbers of NPB's sequence laid
     * over the global grid (x fastest), 0 elsewhere. Each rank draws its block, keeps its ten of each,
     * and an Allgather of the candidates picks the global ten.
     */
    private void zran3(long seed) throws MPIException {
        int[] m = dim[lt];
        int n = 1 << lt;
        double[] big = new double[2 * TEN];   // value, global index; sorted ascending by value
        double[] small = new double[2 * TEN]; // sorted descending by value
        for (int i = 0; i < TEN; i++) {
            big[2 * i] = 0.0;
            small[2 * i] = 1.0;
            big[2 * i + 1] = -1;
            small[2 * i + 1] = -1;
        }
        Arrays.fill(v, 0);
        for (int i3 = 1; i3 < m[2] - 1; i3++) {
            for (int i2 = 1; i2 < m[1] - 1; i2++) {
                long g = off[lt][0] + (long) n * (off[lt][1] + i2 - 1 + (long) n * (off[lt][2] + i3 - 1));
                int b = m[0] * (i2 + m[1] * i3) + 1;
                new Randlc(Randlc.skip(seed, Randlc.A, g), Randlc.A).fill(v, b, m[0] - 2);
                for (int i1 = 0; i1 < m[0] - 2; i1++) {
                    double x = v[b + i1];
                    if (x > big[0]) {
                        insert(big, x, g + i1, 1);
                    }
                    if (x < small[0]) {
                        insert(small, x, g + i1, -1);
                    }
                }
            }
        }
        double[] mine = new double[4 * TEN];
        System.arraycopy(big, 0, mine, 0, 2 * TEN);
        System.arraycopy(small, 0, mine, 2 * TEN, 2 * TEN);
        double[] all = new double[mine.length * MPI.COMM_WORLD.Size()];
        MPI.COMM_WORLD.Allgather(mine, 0, mine.length, MPI.DOUBLE, all, 0, mine.length, MPI.DOUBLE);
        for (int i = 0; i < TEN; i++) {
            big[2 * i] = 0.0;
            small[2 * i] = 1.0;
        }
        for (int q = 0; q < all.length; q += 4 * TEN) {
            for (int i = 0; i < TEN; i++) {
                double x = all[q + 2 * i];
                if (x > big[0]) {
                    insert(big, x, (long) all[q + 2 * i + 1], 1);
                }
                x = all[q + 2 * TEN + 2 * i];
                if (x < small[0]) {
                    insert(small, x, (long) all[q + 2 * TEN + 2 * i + 1], -1);
                }
            }
        }
        Arrays.fill(v, 0);
        for (int i = 0; i < TEN; i++) {
            set(small[2 * i + 1], -1.0, n);
        }
        for (int i = 0; i < TEN; i++) {
            set(big[2 * i + 1], 1.0, n);
        }
        comm3(v, lt);
    }

    /** Replaces entry 0 of the ten (the weakest) and bubbles it into place; sign 1 keeps the largest. */
    private static void insert(double[] ten, double x, long where, int sign) {
        ten[0] = x;
        ten[1] = where;
        for (int i = 0; i + 1 < TEN && sign * (ten[2 * i] - ten[2 * i + 2]) > 0; i++) {
            double t = ten[2 * i];
            ten[2 * i] = ten[2 * i + 2];
            ten[2 * i + 2] = t;
            t = ten[2 * i + 1];
            ten[2 * i + 1] = ten[2 * i + 3];
            ten[2 * i + 3] = t;
        }
    }

    /** v at global index g (if this rank holds it) = value. */
    private void set(double g, double value, int n) {
        if (g < 0) {
            return;
        }
        long gi = (long) g;
        int x = (int) (gi % n) - off[lt][0];
        int y = (int) (gi / n % n) - off[lt][1];
        int z = (int) (gi / ((long) n * n)) - off[lt][2];
        int[] m = dim[lt];
        if (x >= 0 && x < m[0] - 2 && y >= 0 && y < m[1] - 2 && z >= 0 && z < m[2] - 2) {
            v[x + 1 + m[0] * (y + 1 + m[1] * (z + 1))] = value;
        }
    }
}
