package org.mpj.examples.npb;

/**
 * The pentadiagonal algebra of one cell along one axis: building the three operators of NPB's lhsx,
 * lhsy and lhsz, Gaussian elimination without pivoting (components 1-3 share operator 0, component 4
 * has operator 1, component 5 operator 2), back substitution, and the rows that cross to the next cell.
 * <p>
 * A line runs along axis d through one (a, b) point of the two other axes, over the points that are not
 * on the grid's boundary; lines are numbered b-major in the same order on every rank, so the cells on
 * either side of a cut agree on what a buffer holds. Per line, the forward sweep passes the last two
 * eliminated rows of a cell (d, e and the right hand sides: 10 values for operator 0, 6 for each other,
 * {@link #FORWARD} in all); the backward sweep passes the first two solved rows ({@link #BACKWARD}).
 */
final class SpLines {
    static final int FORWARD = 22;
    static final int BACKWARD = 10;

    private SpLines() {
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

    /** Point of the line's first cell point (position 0 along d). */
    private static int lineBase(FlowCell c, int d, int ia, int ib) {
        return c.pt(0, 0, 0) + ia * c.stride[axisA(d)] + ib * c.stride[axisB(d)];
    }

    /** NPB's lhsx/lhsy/lhsz: the three operators on the rows that are not on the boundary. */
    static void build(FlowCell c, int d) {
        FlowConstants k = c.k;
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        double[] lhs = c.lhs;
        double[] v = c.vel[d];
        double[] speed = c.speed;
        double dtt1 = k.dtt1[d];
        double dtt2 = k.dtt2[d];
        double c2dtt1 = k.c2dtt1[d];
        int last = k.n - 1;
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++) {
                int base = lineBase(c, d, ia, ib);
                int pm = base + (c.lo[d] - 1) * s;
                double rm = diffusion(c, d, pm);
                double rc = diffusion(c, d, pm + s);
                double cm = v[pm];
                double cc = v[pm + s];
                for (int t = c.lo[d]; t < c.hi[d]; t++) {
                    int p = base + t * s;
                    double rp = diffusion(c, d, p + s);
                    double cp = v[p + s];
                    double la = 0.0;
                    double lb = -dtt2 * cm - dtt1 * rm;
                    double lc = 1.0 + c2dtt1 * rc;
                    double ld = dtt2 * cp - dtt1 * rp;
                    double le = 0.0;
                    int g = c.low[d] + t; // fourth-difference dissipation, one-sided next to the boundary
                    if (g == 1) {
                        lc = lc + k.comz5;
                        ld = ld - k.comz4;
                        le = le + k.comz1;
                    } else if (g == 2) {
                        lb = lb - k.comz4;
                        lc = lc + k.comz6;
                        ld = ld - k.comz4;
                        le = le + k.comz1;
                    } else if (g == last - 2) {
                        la = la + k.comz1;
                        lb = lb - k.comz4;
                        lc = lc + k.comz6;
                        ld = ld - k.comz4;
                    } else if (g == last - 1) {
                        la = la + k.comz1;
                        lb = lb - k.comz4;
                        lc = lc + k.comz5;
                    } else {
                        la = la + k.comz1;
                        lb = lb - k.comz4;
                        lc = lc + k.comz6;
                        ld = ld - k.comz4;
                        le = le + k.comz1;
                    }
                    int l0 = 15 * p;
                    double sm = dtt2 * speed[p - s];
                    double sp = dtt2 * speed[p + s];
                    lhs[l0] = la;
                    lhs[l0 + 1] = lb;
                    lhs[l0 + 2] = lc;
                    lhs[l0 + 3] = ld;
                    lhs[l0 + 4] = le;
                    lhs[l0 + 5] = la;
                    lhs[l0 + 6] = lb - sm;
                    lhs[l0 + 7] = lc;
                    lhs[l0 + 8] = ld + sp;
                    lhs[l0 + 9] = le;
                    lhs[l0 + 10] = la;
                    lhs[l0 + 11] = lb + sm;
                    lhs[l0 + 12] = lc;
                    lhs[l0 + 13] = ld - sp;
                    lhs[l0 + 14] = le;
                    rm = rc;
                    rc = rp;
                    cm = cc;
                    cc = cp;
                }
            }
        }
    }

    /** NPB's rhon (rhoq, rhos): the largest diffusion coefficient at point p. */
    private static double diffusion(FlowCell c, int d, int p) {
        FlowConstants k = c.k;
        double[] w = k.lhsDiffusion[d];
        double ru1 = k.c3c4 * c.rhoI[p];
        return Math.max(Math.max(w[0] + k.con43 * ru1, w[1] + k.c1c5 * ru1), Math.max(w[2] + ru1, w[3]));
    }

    /** Rows 0 and 1 of every line lose their terms in the predecessor cell's last two rows (from buf). */
    static void applyPredecessor(FlowCell c, int d, double[] buf) {
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        int q = 0;
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += FORWARD) {
                int p0 = lineBase(c, d, ia, ib);
                applyPredecessor(c, p0, p0 + s, 0, 0, 3, buf, q);
                applyPredecessor(c, p0, p0 + s, 1, 3, 1, buf, q + 10);
                applyPredecessor(c, p0, p0 + s, 2, 4, 1, buf, q + 16);
            }
        }
    }

    private static void applyPredecessor(FlowCell c, int p0, int p1, int op, int m0, int mc, double[] buf, int q) {
        double[] lhs = c.lhs;
        double[] rhs = c.rhs;
        int l0 = 15 * p0 + 5 * op;
        int l1 = 15 * p1 + 5 * op;
        int rowQ = q + 2 + mc; // the predecessor's last row; its row before starts at q
        double a0 = lhs[l0];
        lhs[l0 + 1] = lhs[l0 + 1] - buf[q] * a0;
        lhs[l0 + 2] = lhs[l0 + 2] - buf[q + 1] * a0;
        for (int m = 0; m < mc; m++) {
            rhs[5 * p0 + m0 + m] = rhs[5 * p0 + m0 + m] - buf[q + 2 + m] * a0;
        }
        double dq = buf[rowQ];
        double eq = buf[rowQ + 1];
        double r1 = lhs[l0 + 1];
        lhs[l0 + 2] = lhs[l0 + 2] - dq * r1;
        lhs[l0 + 3] = lhs[l0 + 3] - eq * r1;
        for (int m = 0; m < mc; m++) {
            rhs[5 * p0 + m0 + m] = rhs[5 * p0 + m0 + m] - buf[rowQ + 2 + m] * r1;
        }
        double r2 = lhs[l1];
        lhs[l1 + 1] = lhs[l1 + 1] - dq * r2;
        lhs[l1 + 2] = lhs[l1 + 2] - eq * r2;
        for (int m = 0; m < mc; m++) {
            rhs[5 * p1 + m0 + m] = rhs[5 * p1 + m0 + m] - buf[rowQ + 2 + m] * r2;
        }
    }

    /** Forward elimination along every line of the cell, rows 0..n-1 (the boundary rows are identities). */
    static void eliminate(FlowCell c, int d) {
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        int len = c.n[d];
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++) {
                int base = lineBase(c, d, ia, ib);
                eliminate(c, base, s, len, 0, 0, 3);
                eliminate(c, base, s, len, 1, 3, 1);
                eliminate(c, base, s, len, 2, 4, 1);
            }
        }
    }

    private static void eliminate(FlowCell c, int base, int s, int len, int op, int m0, int mc) {
        double[] lhs = c.lhs;
        double[] rhs = c.rhs;
        for (int i = 0; i < len - 2; i++) {
            int p = base + i * s;
            int p1 = p + s;
            int p2 = p1 + s;
            int l = 15 * p + 5 * op;
            int l1 = 15 * p1 + 5 * op;
            int l2 = 15 * p2 + 5 * op;
            double fac1 = 1.0 / lhs[l + 2];
            lhs[l + 3] = fac1 * lhs[l + 3];
            lhs[l + 4] = fac1 * lhs[l + 4];
            lhs[l1 + 2] = lhs[l1 + 2] - lhs[l1 + 1] * lhs[l + 3];
            lhs[l1 + 3] = lhs[l1 + 3] - lhs[l1 + 1] * lhs[l + 4];
            lhs[l2 + 1] = lhs[l2 + 1] - lhs[l2] * lhs[l + 3];
            lhs[l2 + 2] = lhs[l2 + 2] - lhs[l2] * lhs[l + 4];
            for (int m = m0; m < m0 + mc; m++) {
                double r = fac1 * rhs[5 * p + m];
                rhs[5 * p + m] = r;
                rhs[5 * p1 + m] = rhs[5 * p1 + m] - lhs[l1 + 1] * r;
                rhs[5 * p2 + m] = rhs[5 * p2 + m] - lhs[l2] * r;
            }
        }
        // The last two rows: their terms in the next cell are eliminated there.
        int p = base + (len - 2) * s;
        int p1 = p + s;
        int l = 15 * p + 5 * op;
        int l1 = 15 * p1 + 5 * op;
        double fac1 = 1.0 / lhs[l + 2];
        lhs[l + 3] = fac1 * lhs[l + 3];
        lhs[l + 4] = fac1 * lhs[l + 4];
        lhs[l1 + 2] = lhs[l1 + 2] - lhs[l1 + 1] * lhs[l + 3];
        lhs[l1 + 3] = lhs[l1 + 3] - lhs[l1 + 1] * lhs[l + 4];
        double fac2 = 1.0 / lhs[l1 + 2];
        lhs[l1 + 3] = fac2 * lhs[l1 + 3];
        lhs[l1 + 4] = fac2 * lhs[l1 + 4];
        for (int m = m0; m < m0 + mc; m++) {
            double r = fac1 * rhs[5 * p + m];
            rhs[5 * p + m] = r;
            rhs[5 * p1 + m] = fac2 * (rhs[5 * p1 + m] - lhs[l1 + 1] * r);
        }
    }

    /** The last two eliminated rows of every line into buf, for the successor cell; returns the count. */
    static int packForward(FlowCell c, int d, double[] buf) {
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        int len = c.n[d];
        int q = 0;
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++) {
                int p = lineBase(c, d, ia, ib) + (len - 2) * s;
                q = packRows(c, p, p + s, 0, 0, 3, buf, q);
                q = packRows(c, p, p + s, 1, 3, 1, buf, q);
                q = packRows(c, p, p + s, 2, 4, 1, buf, q);
            }
        }
        return q;
    }

    private static int packRows(FlowCell c, int p, int p1, int op, int m0, int mc, double[] buf, int q) {
        for (int row = p; ; row = p1) {
            int l = 15 * row + 5 * op;
            buf[q++] = c.lhs[l + 3];
            buf[q++] = c.lhs[l + 4];
            for (int m = m0; m < m0 + mc; m++) {
                buf[q++] = c.rhs[5 * row + m];
            }
            if (row == p1) {
                return q;
            }
        }
    }

    /**
     * Back substitution along every line; with a successor, its first two solved rows (from buf) close
     * the cell's last two rows first.
     */
    static void substitute(FlowCell c, int d, double[] buf, boolean fromSuccessor) {
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        int len = c.n[d];
        double[] lhs = c.lhs;
        double[] rhs = c.rhs;
        int q = 0;
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++, q += BACKWARD) {
                int base = lineBase(c, d, ia, ib);
                int pl = base + (len - 1) * s;
                int pk = pl - s;
                for (int m = 0; m < 5; m++) {
                    int op = m < 3 ? 0 : m - 2;
                    int ll = 15 * pl + 5 * op;
                    int lk = 15 * pk + 5 * op;
                    if (fromSuccessor) {
                        double sm1 = buf[q + 2 * m];
                        double sm2 = buf[q + 2 * m + 1];
                        rhs[5 * pl + m] = rhs[5 * pl + m] - lhs[ll + 3] * sm1 - lhs[ll + 4] * sm2;
                        rhs[5 * pk + m] = rhs[5 * pk + m] - lhs[lk + 3] * rhs[5 * pl + m] - lhs[lk + 4] * sm1;
                    } else {
                        rhs[5 * pk + m] = rhs[5 * pk + m] - lhs[lk + 3] * rhs[5 * pl + m];
                    }
                }
                for (int i = len - 3; i >= 0; i--) {
                    int p = base + i * s;
                    int r = 5 * p;
                    int r1 = r + 5 * s;
                    int r2 = r1 + 5 * s;
                    int l = 15 * p;
                    double d0 = lhs[l + 3];
                    double e0 = lhs[l + 4];
                    rhs[r] = rhs[r] - d0 * rhs[r1] - e0 * rhs[r2];
                    rhs[r + 1] = rhs[r + 1] - d0 * rhs[r1 + 1] - e0 * rhs[r2 + 1];
                    rhs[r + 2] = rhs[r + 2] - d0 * rhs[r1 + 2] - e0 * rhs[r2 + 2];
                    rhs[r + 3] = rhs[r + 3] - lhs[l + 8] * rhs[r1 + 3] - lhs[l + 9] * rhs[r2 + 3];
                    rhs[r + 4] = rhs[r + 4] - lhs[l + 13] * rhs[r1 + 4] - lhs[l + 14] * rhs[r2 + 4];
                }
            }
        }
    }

    /** The first two solved rows of every line into buf, for the predecessor cell; returns the count. */
    static int packBackward(FlowCell c, int d, double[] buf) {
        int a = axisA(d);
        int b = axisB(d);
        int s = c.stride[d];
        int q = 0;
        for (int ib = c.lo[b]; ib < c.hi[b]; ib++) {
            for (int ia = c.lo[a]; ia < c.hi[a]; ia++) {
                int r0 = 5 * lineBase(c, d, ia, ib);
                int r1 = r0 + 5 * s;
                for (int m = 0; m < 5; m++) {
                    buf[q++] = c.rhs[r0 + m];
                    buf[q++] = c.rhs[r1 + m];
                }
            }
        }
        return q;
    }
}
