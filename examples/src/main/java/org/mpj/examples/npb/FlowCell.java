package org.mpj.examples.npb;

import java.util.Arrays;
import mpi.MPIException;

/**
 * One cell of the SP and BT grid and the work on it that needs no neighbour: initial state, forcing
 * term, right hand side, the update and the norms (the same in both), and SP's changes of variables around
 * its three solves (NPB's txinvr, ninvr, pinvr, tzetar). A cell holds its points plus two ghost layers per side, filled from the
 * neighbouring cells by {@link CellFaces}. Arrays are flat, point-major: a point's five components (or
 * fifteen coefficients of the implicit operator) lie together.
 */
final class FlowCell {
    static final int GHOST = 2;

    final FlowConstants k;
    final int[] n = new int[3];      // points per axis
    final int[] low = new int[3];    // global index of the first point per axis
    final int[] lo = new int[3];     // first point updated per axis (1 at the grid's low boundary)
    final int[] hi = new int[3];     // one past the last point updated (n-1 at the high boundary)
    final int[] stride = new int[3]; // distance of neighbouring points, per axis, in points
    final int gx;
    final int gy;
    final int points;

    final double[] u;        // conserved variables, 5 per point
    final double[] rhs;      // right hand side, then the update, 5 per point
    final double[] forcing;  // 5 per point
    final double[] lhs;      // SP's three pentadiagonal operators (a, b, c, d, e), 15 per point; null for BT
    final double[] rhoI;     // 1 / density
    final double[] square;   // kinetic energy density
    final double[] qs;       // square / density
    final double[] speed;    // speed of sound
    final double[] ainv;     // 1 / speed
    final double[][] vel;    // velocity along x, y, z

    /** A cell of size points starting at global index lowIndex; pentadiagonal: with SP's operators. */
    FlowCell(FlowConstants k, int[] size, int[] lowIndex, boolean pentadiagonal) {
        this.k = k;
        for (int d = 0; d < 3; d++) {
            n[d] = size[d];
            low[d] = lowIndex[d];
            lo[d] = low[d] == 0 ? 1 : 0;
            hi[d] = low[d] + n[d] == k.n ? n[d] - 1 : n[d];
        }
        gx = n[0] + 2 * GHOST;
        gy = n[1] + 2 * GHOST;
        points = gx * gy * (n[2] + 2 * GHOST);
        stride[0] = 1;
        stride[1] = gx;
        stride[2] = gx * gy;
        u = new double[5 * points];
        rhs = new double[5 * points];
        forcing = new double[5 * points];
        lhs = pentadiagonal ? new double[15 * points] : null;
        rhoI = new double[points];
        square = new double[points];
        qs = new double[points];
        speed = new double[points];
        ainv = new double[points];
        vel = new double[][] {new double[points], new double[points], new double[points]};
        // Rows that are never solved for (the grid's boundary) stay identity rows of all three operators.
        for (int p = 0; lhs != null && p < points; p++) {
            lhs[15 * p + 2] = 1.0;
            lhs[15 * p + 7] = 1.0;
            lhs[15 * p + 12] = 1.0;
        }
    }

    /** Index of local point (i, j, l); ghosts are -2, -1, n, n+1. */
    int pt(int i, int j, int l) {
        return i + GHOST + gx * (j + GHOST + gy * (l + GHOST));
    }

    /** NPB's initialize: transfinite interpolation of the exact solution on the faces; the faces exact. */
    void initialize() {
        for (int p = 0; p < points; p++) {
            u[5 * p] = 1.0;
            u[5 * p + 1] = 0.0;
            u[5 * p + 2] = 0.0;
            u[5 * p + 3] = 0.0;
            u[5 * p + 4] = 1.0;
        }
        double[] face = new double[30]; // exact values on the faces xi=0, xi=1, eta=0, eta=1, zeta=0, zeta=1
        double last = k.n - 1;
        for (int l = 0; l < n[2]; l++) {
            int gl = low[2] + l;
            double zeta = gl * k.dnm1;
            for (int j = 0; j < n[1]; j++) {
                int gj = low[1] + j;
                double eta = gj * k.dnm1;
                for (int i = 0; i < n[0]; i++) {
                    int gi = low[0] + i;
                    double xi = gi * k.dnm1;
                    int o = 5 * pt(i, j, l);
                    // On the boundary: exact. NPB writes the x faces, then y, then z, each with its own
                    // coordinate exactly 0 or 1; where faces meet, the last one written holds.
                    if (gl == 0 || gl == last) {
                        FlowConstants.exact(xi, eta, gl == 0 ? 0.0 : 1.0, u, o);
                        continue;
                    }
                    if (gj == 0 || gj == last) {
                        FlowConstants.exact(xi, gj == 0 ? 0.0 : 1.0, zeta, u, o);
                        continue;
                    }
                    if (gi == 0 || gi == last) {
                        FlowConstants.exact(gi == 0 ? 0.0 : 1.0, eta, zeta, u, o);
                        continue;
                    }
                    FlowConstants.exact(0.0, eta, zeta, face, 0);
                    FlowConstants.exact(1.0, eta, zeta, face, 5);
                    FlowConstants.exact(xi, 0.0, zeta, face, 10);
                    FlowConstants.exact(xi, 1.0, zeta, face, 15);
                    FlowConstants.exact(xi, eta, 0.0, face, 20);
                    FlowConstants.exact(xi, eta, 1.0, face, 25);
                    for (int m = 0; m < 5; m++) {
                        double px = xi * face[5 + m] + (1.0 - xi) * face[m];
                        double py = eta * face[15 + m] + (1.0 - eta) * face[10 + m];
                        double pz = zeta * face[25 + m] + (1.0 - zeta) * face[20 + m];
                        u[o + m] = px + py + pz - px * py - px * pz - py * pz + px * py * pz;
                    }
                }
            }
        }
    }

    /**
     * NPB's exact_rhs: the forcing that makes the exact solution steady, i.e. minus the discrete operator
     * of {@link #computeRhs} applied to the exact solution (evaluated on the ghosts too, as NPB does).
     */
    void exactForcing() {
        double[] ue = new double[5 * points];
        for (int l = -GHOST; l < n[2] + GHOST; l++) {
            for (int j = -GHOST; j < n[1] + GHOST; j++) {
                for (int i = -GHOST; i < n[0] + GHOST; i++) {
                    FlowConstants.exact((low[0] + i) * k.dnm1, (low[1] + j) * k.dnm1, (low[2] + l) * k.dnm1,
                            ue, 5 * pt(i, j, l));
                }
            }
        }
        Arrays.fill(forcing, 0.0);
        auxiliaries(ue);
        for (int d = 0; d < 3; d++) {
            fluxes(d, ue, forcing);
        }
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int o = 5 * pt(lo[0], j, l), e = 5 * pt(hi[0], j, l); o < e; o++) {
                    forcing[o] = -forcing[o];
                }
            }
        }
    }

    /** NPB's compute_rhs (after the ghosts were filled): rhs = dt (forcing + fluxes + dissipation). */
    void computeRhs() {
        auxiliaries(u);
        System.arraycopy(forcing, 0, rhs, 0, rhs.length); // zero on the grid's boundary
        for (int d = 0; d < 3; d++) {
            fluxes(d, u, rhs);
        }
        double dt = k.dt;
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int o = 5 * pt(lo[0], j, l), e = 5 * pt(hi[0], j, l); o < e; o++) {
                    rhs[o] *= dt;
                }
            }
        }
    }

    /** Density, velocities, energies and speed of sound of vv on the points and one ghost layer. */
    private void auxiliaries(double[] vv) {
        double[] us = vel[0];
        double[] vs = vel[1];
        double[] ws = vel[2];
        for (int l = -1; l <= n[2]; l++) {
            for (int j = -1; j <= n[1]; j++) {
                for (int p = pt(-1, j, l), e = pt(n[0] + 1, j, l); p < e; p++) {
                    int o = 5 * p;
                    double rhoInv = 1.0 / vv[o];
                    rhoI[p] = rhoInv;
                    us[p] = vv[o + 1] * rhoInv;
                    vs[p] = vv[o + 2] * rhoInv;
                    ws[p] = vv[o + 3] * rhoInv;
                    double sq = 0.5 * (vv[o + 1] * vv[o + 1] + vv[o + 2] * vv[o + 2] + vv[o + 3] * vv[o + 3]) * rhoInv;
                    square[p] = sq;
                    qs[p] = sq * rhoInv;
                    double aux = Math.sqrt(k.c1c2 * rhoInv * (vv[o + 4] - sq));
                    speed[p] = aux;
                    ainv[p] = 1.0 / aux;
                }
            }
        }
    }

    /** out += the convective and viscous fluxes along axis d of vv, then its fourth-order dissipation. */
    private void fluxes(int d, double[] vv, double[] out) {
        int s = stride[d];
        int s5 = 5 * s;
        int md = d + 1; // the momentum component along d
        double[] v = vel[d];
        double t2 = k.t2[d];
        double[] dt1 = k.dt1[d];
        double con2 = k.con2[d];
        double con243 = con2 * k.con43;
        double con3 = k.con3[d];
        double con4 = k.con4[d];
        double con5 = k.con5[d];
        double c1 = k.c1;
        double c2 = k.c2;
        double dssp = k.dssp;
        int last = k.n - 1;
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int i = lo[0]; i < hi[0]; i++) {
                    int p = pt(i, j, l);
                    int pp = p + s;
                    int pm = p - s;
                    int o = 5 * p;
                    int op = o + s5;
                    int om = o - s5;
                    double vc = v[p];
                    double vp = v[pp];
                    double vm = v[pm];
                    out[o] = out[o] + dt1[0] * (vv[op] - 2.0 * vv[o] + vv[om]) - t2 * (vv[op + md] - vv[om + md]);
                    for (int m = 1; m <= 3; m++) {
                        double f = out[o + m] + dt1[m] * (vv[op + m] - 2.0 * vv[o + m] + vv[om + m]);
                        if (m == md) {
                            f = f + con243 * (vp - 2.0 * vc + vm) - t2 * (vv[op + m] * vp - vv[om + m] * vm
                                    + (vv[op + 4] - square[pp] - vv[om + 4] + square[pm]) * c2);
                        } else {
                            double[] w = vel[m - 1];
                            f = f + con2 * (w[pp] - 2.0 * w[p] + w[pm]) - t2 * (vv[op + m] * vp - vv[om + m] * vm);
                        }
                        out[o + m] = f;
                    }
                    out[o + 4] = out[o + 4] + dt1[4] * (vv[op + 4] - 2.0 * vv[o + 4] + vv[om + 4])
                            + con3 * (qs[pp] - 2.0 * qs[p] + qs[pm])
                            + con4 * (vp * vp - 2.0 * vc * vc + vm * vm)
                            + con5 * (vv[op + 4] * rhoI[pp] - 2.0 * vv[o + 4] * rhoI[p] + vv[om + 4] * rhoI[pm])
                            - t2 * ((c1 * vv[op + 4] - c2 * square[pp]) * vp - (c1 * vv[om + 4] - c2 * square[pm]) * vm);
                    // Fourth differences, one-sided next to the boundary (NPB's dssp terms).
                    int g = low[d] + (d == 0 ? i : d == 1 ? j : l);
                    int o2 = op + s5;
                    int om2 = om - s5;
                    for (int m = 0; m < 5; m++) {
                        double diss;
                        if (g == 1) {
                            diss = 5.0 * vv[o + m] - 4.0 * vv[op + m] + vv[o2 + m];
                        } else if (g == 2) {
                            diss = -4.0 * vv[om + m] + 6.0 * vv[o + m] - 4.0 * vv[op + m] + vv[o2 + m];
                        } else if (g == last - 2) {
                            diss = vv[om2 + m] - 4.0 * vv[om + m] + 6.0 * vv[o + m] - 4.0 * vv[op + m];
                        } else if (g == last - 1) {
                            diss = vv[om2 + m] - 4.0 * vv[om + m] + 5.0 * vv[o + m];
                        } else {
                            diss = vv[om2 + m] - 4.0 * vv[om + m] + 6.0 * vv[o + m] - 4.0 * vv[op + m] + vv[o2 + m];
                        }
                        out[o + m] = out[o + m] - dssp * diss;
                    }
                }
            }
        }
    }

    /** NPB's txinvr: the right hand side in the characteristic variables of the x solve. */
    void txinvr() {
        double c2 = k.c2;
        double bt = k.bt;
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int p = pt(lo[0], j, l), e = pt(hi[0], j, l); p < e; p++) {
                    int o = 5 * p;
                    double ru1 = rhoI[p];
                    double uu = vel[0][p];
                    double vv = vel[1][p];
                    double ww = vel[2][p];
                    double ac = speed[p];
                    double ac2inv = ainv[p] * ainv[p];
                    double r1 = rhs[o];
                    double r2 = rhs[o + 1];
                    double r3 = rhs[o + 2];
                    double r4 = rhs[o + 3];
                    double r5 = rhs[o + 4];
                    double t1 = c2 * ac2inv * (qs[p] * r1 - uu * r2 - vv * r3 - ww * r4 + r5);
                    double t2 = bt * ru1 * (uu * r1 - r2);
                    double t3 = (bt * ru1 * ac) * t1;
                    rhs[o] = r1 - t1;
                    rhs[o + 1] = -ru1 * (ww * r1 - r4);
                    rhs[o + 2] = ru1 * (vv * r1 - r3);
                    rhs[o + 3] = -t2 + t3;
                    rhs[o + 4] = t2 + t3;
                }
            }
        }
    }

    /** After the solve along axis d: NPB's ninvr (x), pinvr (y) or tzetar (z). */
    void afterSolve(int d) {
        double bt = k.bt;
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int p = pt(lo[0], j, l), e = pt(hi[0], j, l); p < e; p++) {
                    int o = 5 * p;
                    double r1 = rhs[o];
                    double r2 = rhs[o + 1];
                    double r3 = rhs[o + 2];
                    double r4 = rhs[o + 3];
                    double r5 = rhs[o + 4];
                    if (d == 0) {
                        double t1 = bt * r3;
                        double t2 = 0.5 * (r4 + r5);
                        rhs[o] = -r2;
                        rhs[o + 1] = r1;
                        rhs[o + 2] = bt * (r4 - r5);
                        rhs[o + 3] = -t1 + t2;
                        rhs[o + 4] = t1 + t2;
                    } else if (d == 1) {
                        double t1 = bt * r1;
                        double t2 = 0.5 * (r4 + r5);
                        rhs[o] = bt * (r4 - r5);
                        rhs[o + 1] = -r3;
                        rhs[o + 2] = r2;
                        rhs[o + 3] = -t1 + t2;
                        rhs[o + 4] = t1 + t2;
                    } else {
                        double xvel = vel[0][p];
                        double yvel = vel[1][p];
                        double zvel = vel[2][p];
                        double ac = speed[p];
                        double ac2u = ac * ac;
                        double uzik1 = u[o];
                        double btuz = bt * uzik1;
                        double t1 = btuz * ainv[p] * (r4 + r5);
                        double t2 = r3 + t1;
                        double t3 = btuz * (r4 - r5);
                        rhs[o] = t2;
                        rhs[o + 1] = -uzik1 * r2 + xvel * t2;
                        rhs[o + 2] = uzik1 * r1 + yvel * t2;
                        rhs[o + 3] = zvel * t2 + t3;
                        rhs[o + 4] = uzik1 * (-xvel * r2 + yvel * r1) + qs[p] * t2 + k.c2iv * ac2u * t1 + zvel * t3;
                    }
                }
            }
        }
    }

    /** NPB's add: u += rhs on the points that are not on the boundary. */
    void add() {
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int o = 5 * pt(lo[0], j, l), e = 5 * pt(hi[0], j, l); o < e; o++) {
                    u[o] += rhs[o];
                }
            }
        }
    }

    /** Adds the squared error of u against the exact solution, per component, on all points, to sums. */
    void addErrorSquares(double[] sums) {
        double[] exact = new double[5];
        for (int l = 0; l < n[2]; l++) {
            for (int j = 0; j < n[1]; j++) {
                for (int i = 0; i < n[0]; i++) {
                    FlowConstants.exact((low[0] + i) * k.dnm1, (low[1] + j) * k.dnm1, (low[2] + l) * k.dnm1, exact, 0);
                    int o = 5 * pt(i, j, l);
                    for (int m = 0; m < 5; m++) {
                        double e = u[o + m] - exact[m];
                        sums[m] += e * e;
                    }
                }
            }
        }
    }

    /** Adds the squared right hand side, per component, on the points that are updated, to sums. */
    void addRhsSquares(double[] sums) {
        for (int l = lo[2]; l < hi[2]; l++) {
            for (int j = lo[1]; j < hi[1]; j++) {
                for (int o = 5 * pt(lo[0], j, l), e = 5 * pt(hi[0], j, l); o < e; o += 5) {
                    for (int m = 0; m < 5; m++) {
                        sums[m] += rhs[o + m] * rhs[o + m];
                    }
                }
            }
        }
    }

    /** RMS of u minus the exact solution, per component, over the whole grid (all ranks' cells). */
    static double[] errorNorms(FlowCell[] cells, int n) throws MPIException {
        double[] sums = new double[5];
        for (FlowCell c : cells) {
            c.addErrorSquares(sums);
        }
        return Npb.rmsNorms(sums, n);
    }

    /** RMS of the right hand side, per component, over the points inside the boundary (all ranks' cells). */
    static double[] rhsNorms(FlowCell[] cells, int n) throws MPIException {
        double[] sums = new double[5];
        for (FlowCell c : cells) {
            c.addRhsSquares(sums);
        }
        return Npb.rmsNorms(sums, n);
    }
}
