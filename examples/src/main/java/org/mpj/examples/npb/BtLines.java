package org.mpj.examples.npb;

import java.util.Arrays;

/**
 * The block tri-diagonal algebra of BT on one cell along one axis: the flux and viscous Jacobians of
 * NPB's lhsx/lhsy/lhsz, the 5x5 blocks A (sub-), B (main) and C (super-diagonal) of every row, block
 * Gaussian elimination without pivoting (binvcrhs, matvec_sub, matmul_sub) and back substitution.
 * <p>
 * Lines are numbered as in {@link SpLines} (b-major over the points off the grid's boundary), so both
 * sides of a cut agree on what a buffer holds. Per line the forward sweep passes the last row's C' and
 * right hand side ({@link #FORWARD} values), the backward sweep the first row's solution ({@link #BACKWARD}).
 * Blocks are row-major: entry (r, c) of a block at offset o is at o + 5r + c. The boundary rows of the
 * grid are identities with a zero right hand side, so they are left out of the systems.
 */
final class BtLines {
    static final int FORWARD = 30;
    static final int BACKWARD = 5;

    private final double[] fjac; // flux Jacobian per point of the line, from one ghost before to one after
    private final double[] njac; // viscous Jacobian, likewise
    private final double[] a = new double[25];
    private final double[] b = new double[25];

    BtLines(int maxLength) {
        fjac = new double[25 * (maxLength + 2)];
        njac = new double[25 * (maxLength + 2)];
    }

    private static int axisA(int d) {
        return d == 0 ? 1 : 0;
    }

    private static int axisB(int d) {
        return d == 2 ? 1 : 2;
    }

    /** Lines of cell c along axis d. */
    static int lines(FlowCell c, int d) {
        int a = axisA(d);
        int b = axisB(d);
        return (c.hi[a] - c.lo[a]) * (c.hi[b] - c.lo[b]);
    }

    /**
     * Eliminates every line of cell c along axis d, storing C' per row in cp (25 per point) and
     * overwriting the right hand side with rhs'. Unless the cell starts the line (then buf is unused),
     * each line's first row uses the predecessor's last C' and rhs' from buf.
     */
    void eliminate(FlowCell c, int d, double[] cp, double[] buf) {
        int a = axisA(d);
        int bb = axisB(d);
        int q = 0;
        for (int ib = c.lo[bb]; ib < c.hi[bb]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += FORWARD) {
                int base = c.pt(0, 0, 0) + ia * c.stride[a] + ib * c.stride[bb];
                eliminateLine(c, d, base, cp, buf, q);
            }
        }
    }

    private void eliminateLine(FlowCell c, int d, int base, double[] cp, double[] buf, int q) {
        FlowConstants k = c.k;
        int s = c.stride[d];
        int lo = c.lo[d];
        int hi = c.hi[d];
        for (int t = lo - 1; t <= hi; t++) {
            jacobians(c, d, base + t * s, 25 * (t + 1));
        }
        double dtt1 = k.dtt1[d];
        double dtt2 = k.dtt2[d];
        double[] rhs = c.rhs;
        for (int t = lo; t < hi; t++) {
            int p = base + t * s;
            int jm = 25 * t;       // Jacobians of point t-1
            int j0 = jm + 25;      // of t
            int jp = j0 + 25;      // of t+1
            int co = 25 * p;
            for (int e = 0; e < 25; e++) {
                a[e] = -dtt2 * fjac[jm + e] - dtt1 * njac[jm + e];
                b[e] = dtt1 * 2.0 * njac[j0 + e];
                cp[co + e] = dtt2 * fjac[jp + e] - dtt1 * njac[jp + e];
            }
            for (int m = 0; m < 5; m++) {
                double diag = k.dt * k.dt1[d][m]; // dt * tx1 * dx(m)
                a[6 * m] -= diag;
                b[6 * m] += 1.0 + 2.0 * diag;
                cp[co + 6 * m] -= diag;
            }
            int ro = 5 * p;
            if (t > lo) {
                matvecSub(a, 0, rhs, ro - 5 * s, rhs, ro);
                matmulSub(a, cp, co - 25 * s, b);
            } else if (lo == 0) { // the predecessor cell's last row
                matvecSub(a, 0, buf, q + 25, rhs, ro);
                matmulSub(a, buf, q, b);
            } // else the row after the boundary, whose C' and rhs' are zero
            binvcrhs(b, cp, co, rhs, ro);
        }
    }

    /** NPB's fjac and njac at point p for the flux along axis d, into offset j. */
    private void jacobians(FlowCell c, int d, int p, int j) {
        FlowConstants k = c.k;
        double[] u = c.u;
        int o = 5 * p;
        int md = d + 1;
        double c1 = k.c1;
        double c2 = k.c2;
        double c3c4 = k.c3c4;
        double c1345 = k.c1c5 * c3c4;
        double tmp1 = c.rhoI[p];
        double tmp2 = tmp1 * tmp1;
        double tmp3 = tmp1 * tmp2;
        double qs = c.qs[p];
        double un = u[o + md];
        double u4 = u[o + 4];
        Arrays.fill(fjac, j, j + 25, 0.0);
        Arrays.fill(njac, j, j + 25, 0.0);
        fjac[j + md] = 1.0;
        double n4 = -c1345 * tmp2 * u4;
        for (int m = 1; m <= 3; m++) {
            int r = j + 5 * m;
            double um = u[o + m];
            if (m == md) {
                fjac[r] = -(un * tmp2 * un) + c2 * qs;
                fjac[r + m] = (2.0 - c2) * (un * tmp1);
                for (int mm = 1; mm <= 3; mm++) {
                    if (mm != md) {
                        fjac[r + mm] = -c2 * (u[o + mm] * tmp1);
                    }
                }
                fjac[r + 4] = c2;
            } else {
                fjac[r] = -(un * um) * tmp2;
                fjac[r + md] = um * tmp1;
                fjac[r + m] = un * tmp1;
            }
            double visc = m == md ? k.con43 * c3c4 : c3c4;
            njac[r] = -visc * tmp2 * um;
            njac[r + m] = visc * tmp1;
            n4 -= (visc - c1345) * tmp3 * (um * um);
            njac[j + 20 + m] = (visc - c1345) * tmp2 * um;
            fjac[j + 20 + m] = m == md
                    ? c1 * u4 * tmp1 - c2 * (un * un * tmp2 + qs)
                    : -c2 * (um * un) * tmp2;
        }
        fjac[j + 20] = (c2 * 2.0 * qs - c1 * (u4 * tmp1)) * (un * tmp1);
        fjac[j + 24] = c1 * (un * tmp1);
        njac[j + 20] = n4;
        njac[j + 24] = c1345 * tmp1;
    }

    /** bm -= A C, C the block at c[co..]. */
    private static void matmulSub(double[] am, double[] cm, int co, double[] bm) {
        for (int r = 0; r < 5; r++) {
            for (int cc = 0; cc < 5; cc++) {
                double sum = bm[5 * r + cc];
                for (int e = 0; e < 5; e++) {
                    sum -= am[5 * r + e] * cm[co + 5 * e + cc];
                }
                bm[5 * r + cc] = sum;
            }
        }
    }

    /** Gauss-Jordan on B without pivoting: C := B^-1 C, r := B^-1 r (B is destroyed). */
    private static void binvcrhs(double[] bm, double[] cm, int co, double[] r, int ro) {
        for (int p = 0; p < 5; p++) {
            double pivot = 1.0 / bm[6 * p];
            for (int cc = p + 1; cc < 5; cc++) {
                bm[5 * p + cc] *= pivot;
            }
            for (int cc = 0; cc < 5; cc++) {
                cm[co + 5 * p + cc] *= pivot;
            }
            r[ro + p] *= pivot;
            for (int row = 0; row < 5; row++) {
                if (row == p) {
                    continue;
                }
                double coeff = bm[5 * row + p];
                for (int cc = p + 1; cc < 5; cc++) {
                    bm[5 * row + cc] -= coeff * bm[5 * p + cc];
                }
                for (int cc = 0; cc < 5; cc++) {
                    cm[co + 5 * row + cc] -= coeff * cm[co + 5 * p + cc];
                }
                r[ro + row] -= coeff * r[ro + p];
            }
        }
    }

    /** The last row's C' and rhs' of every line, into buf; returns the count. */
    static int packForward(FlowCell c, int d, double[] cp, double[] buf) {
        int a = axisA(d);
        int bb = axisB(d);
        int q = 0;
        int t = c.n[d] - 1;
        for (int ib = c.lo[bb]; ib < c.hi[bb]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += FORWARD) {
                int p = c.pt(0, 0, 0) + ia * c.stride[a] + ib * c.stride[bb] + t * c.stride[d];
                System.arraycopy(cp, 25 * p, buf, q, 25);
                System.arraycopy(c.rhs, 5 * p, buf, q + 25, 5);
            }
        }
        return q;
    }

    /**
     * Back substitution along every line: x(t) = rhs'(t) - C'(t) x(t+1), where the successor cell's first
     * solution comes from buf unless the cell ends the line (fromSuccessor false).
     */
    static void substitute(FlowCell c, int d, double[] cp, double[] buf, boolean fromSuccessor) {
        int a = axisA(d);
        int bb = axisB(d);
        int s = c.stride[d];
        double[] rhs = c.rhs;
        int q = 0;
        for (int ib = c.lo[bb]; ib < c.hi[bb]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += BACKWARD) {
                int base = c.pt(0, 0, 0) + ia * c.stride[a] + ib * c.stride[bb];
                int last = c.hi[d] - 1;
                if (fromSuccessor) {
                    int p = base + last * s;
                    matvecSub(cp, 25 * p, buf, q, rhs, 5 * p);
                }
                for (int t = last - 1; t >= c.lo[d]; t--) {
                    int p = base + t * s;
                    matvecSub(cp, 25 * p, rhs, 5 * (p + s), rhs, 5 * p);
                }
            }
        }
    }

    /** y[yo..] -= M x[xo..], M the block at m[mo..]. */
    private static void matvecSub(double[] m, int mo, double[] x, int xo, double[] y, int yo) {
        for (int r = 0; r < 5; r++) {
            double sum = y[yo + r];
            for (int cc = 0; cc < 5; cc++) {
                sum -= m[mo + 5 * r + cc] * x[xo + cc];
            }
            y[yo + r] = sum;
        }
    }

    /** The first row's solution of every line, into buf; returns the count. */
    static int packBackward(FlowCell c, int d, double[] buf) {
        int a = axisA(d);
        int bb = axisB(d);
        int q = 0;
        for (int ib = c.lo[bb]; ib < c.hi[bb]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += BACKWARD) {
                int p = c.pt(0, 0, 0) + ia * c.stride[a] + ib * c.stride[bb];
                System.arraycopy(c.rhs, 5 * p, buf, q, 5);
            }
        }
        return q;
    }
}
