package org.mpj.examples.npb;

import static org.mpj.examples.npb.LuDomain.M;

import mpi.MPI;
import mpi.MPIException;

/**
 * The steady-state operator of NPB LU: for the compressible Navier-Stokes equations in conservative
 * form, the central differences of the convective (Euler) fluxes and of the viscous fluxes, and a
 * fourth-difference artificial dissipation, along x, then y, then z (NPB's rhs and erhs).
 *
 * <p>Each direction is the same walk along grid lines; a direction differs only in its stride, its
 * spacing constants, which momentum is normal to it and where the line meets the global boundary.
 * A line's fluxes go into two small line buffers, so every pass reads the field once.
 */
final class LuRhs {
    private final LuDomain dom;
    private final double[] f;   // convective flux along the current line, M per point, from point -2
    private final double[] g;   // viscous flux along the current line
    private final double[] t1 = new double[3];  // 1 / h^2 per axis, h the grid spacing
    private final double[] t2 = new double[3];  // 1 / (2 h)
    private final double[] t3 = new double[3];  // 1 / h

    LuRhs(LuDomain dom) {
        this.dom = dom;
        for (int a = 0; a < 3; a++) {
            double h = dom.spacing(a);
            t1[a] = 1.0 / (h * h);
            t2[a] = 1.0 / (2.0 * h);
            t3[a] = 1.0 / h;
        }
        int line = Math.max(dom.nx, Math.max(dom.ny, dom.nz)) + 2 * LuDomain.GHOSTS;
        f = new double[M * line];
        g = new double[M * line];
    }

    /** Fills the ghosts of {@code in} from the neighbours, then out += L(in) on the interior points. */
    void addOperator(double[] in, double[] out) throws MPIException {
        LuDomain d = dom;
        d.exchangeHalo(in);
        for (int k = 1; k < d.nz - 1; k++) {
            for (int j = d.jst; j <= d.jend; j++) {
                line(in, out, d.index(0, j, k), M, 0, d.nx, d.ipt, d.nx0, d.north, d.south);
            }
        }
        for (int k = 1; k < d.nz - 1; k++) {
            for (int i = d.ist; i <= d.iend; i++) {
                line(in, out, d.index(i, 0, k), d.sy, 1, d.ny, d.jpt, d.ny0, d.west, d.east);
            }
        }
        for (int j = d.jst; j <= d.jend; j++) {
            for (int i = d.ist; i <= d.iend; i++) {
                line(in, out, d.index(i, j, 0), d.sz, 2, d.nz, 0, d.nz0, MPI.PROC_NULL, MPI.PROC_NULL);
            }
        }
    }

    /**
     * One grid line along axis {@code axis} (0 x, 1 y, 2 z): {@code n} local points from array index
     * {@code base}, {@code stride} apart, the first at global index {@code g0} of {@code n0}. A side with a
     * neighbour has ghosts and all its points are updated; a side on the boundary keeps its end point.
     */
    private void line(double[] in, double[] out, int base, int stride, int axis, int n, int g0, int n0,
                      int lowRank, int highRank) {
        int first = lowRank == MPI.PROC_NULL ? 1 : 0;
        int last = highRank == MPI.PROC_NULL ? n - 2 : n - 1;
        int p = axis + 1; // the momentum normal to this direction
        double t2 = this.t2[axis];
        double t3 = this.t3[axis];
        double diff = LU.DIFFUSION[axis] * t1[axis];
        double visc = t3 * LU.C3 * LU.C4;
        double r43t3 = (4.0 / 3.0) * t3;
        double v1 = p == 1 ? r43t3 : t3; // the normal momentum's viscous stress carries 4/3
        double v2 = p == 2 ? r43t3 : t3;
        double v3 = p == 3 ? r43t3 : t3;
        double k1 = 0.50 * (1.0 - LU.C1 * LU.C5) * t3;
        double k2 = (1.0 / 6.0) * t3;
        double k3 = LU.C1 * LU.C5 * t3;
        double c1 = LU.C1;
        double c2 = LU.C2;
        int off = LuDomain.GHOSTS; // line buffers start at point -2

        for (int s = first - 1; s <= last + 1; s++) { // convective flux F(u)
            int c = base + s * stride;
            int b = M * (s + off);
            double r = in[c];
            double vn = in[c + p] / r;
            double q = 0.50 * (in[c + 1] * in[c + 1] + in[c + 2] * in[c + 2] + in[c + 3] * in[c + 3]) / r;
            f[b] = in[c + p];
            f[b + 1] = in[c + 1] * vn;
            f[b + 2] = in[c + 2] * vn;
            f[b + 3] = in[c + 3] * vn;
            f[b + p] += c2 * (in[c + 4] - q);
            f[b + 4] = (c1 * in[c + 4] - c2 * q) * vn;
        }
        for (int s = first; s <= last; s++) {
            int c = base + s * stride;
            int b = M * (s + off);
            for (int m = 0; m < M; m++) {
                out[c + m] = out[c + m] - t2 * (f[b + M + m] - f[b - M + m]);
            }
        }
        for (int s = first; s <= last + 1; s++) { // viscous flux between points s - 1 and s
            int c = base + s * stride;
            int cm = c - stride;
            int b = M * (s + off);
            double ri = 1.0 / in[c];
            double u1 = ri * in[c + 1];
            double u2 = ri * in[c + 2];
            double u3 = ri * in[c + 3];
            double u4 = ri * in[c + 4];
            double un = ri * in[c + p];
            double rim = 1.0 / in[cm];
            double u1m = rim * in[cm + 1];
            double u2m = rim * in[cm + 2];
            double u3m = rim * in[cm + 3];
            double u4m = rim * in[cm + 4];
            double unm = rim * in[cm + p];
            g[b + 1] = v1 * (u1 - u1m);
            g[b + 2] = v2 * (u2 - u2m);
            g[b + 3] = v3 * (u3 - u3m);
            g[b + 4] = k1 * ((u1 * u1 + u2 * u2 + u3 * u3) - (u1m * u1m + u2m * u2m + u3m * u3m))
                    + k2 * (un * un - unm * unm)
                    + k3 * (u4 - u4m);
        }
        for (int s = first; s <= last; s++) {
            int c = base + s * stride;
            int b = M * (s + off);
            out[c] = out[c] + diff * (in[c - stride] - 2.0 * in[c] + in[c + stride]);
            for (int m = 1; m < M; m++) {
                out[c + m] = out[c + m] + visc * (g[b + M + m] - g[b + m])
                        + diff * (in[c - stride + m] - 2.0 * in[c + m] + in[c + stride + m]);
            }
        }
        dissipation(in, out, base, stride, first, last, g0, n0);
    }

    /**
     * The fourth-difference dissipation: the 5-point stencil (1, -4, 6, -4, 1) inside, one-sided
     * stencils on the two points next to each end of the global line (NPB's boundary closure).
     */
    private static void dissipation(double[] in, double[] out, int base, int stride, int first, int last,
                                    int g0, int n0) {
        double dssp = LU.DSSP;
        int s2 = 2 * stride;
        int from = Math.max(first, 3 - g0);
        int to = Math.min(last, n0 - 4 - g0);
        for (int s = from; s <= to; s++) {
            int c = base + s * stride;
            for (int m = 0; m < M; m++) {
                int x = c + m;
                out[x] = out[x] - dssp * (in[x - s2] - 4.0 * in[x - stride] + 6.0 * in[x]
                        - 4.0 * in[x + stride] + in[x + s2]);
            }
        }
        for (int e = 0; e < 4; e++) { // global points 1, 2, n0 - 3, n0 - 2
            int s = (e < 2 ? 1 + e : n0 - 5 + e) - g0;
            if (s < first || s > last) {
                continue;
            }
            int c = base + s * stride;
            for (int m = 0; m < M; m++) {
                int x = c + m;
                double d = switch (e) {
                    case 0 -> 5.0 * in[x] - 4.0 * in[x + stride] + in[x + s2];
                    case 1 -> -4.0 * in[x - stride] + 6.0 * in[x] - 4.0 * in[x + stride] + in[x + s2];
                    case 2 -> in[x - s2] - 4.0 * in[x - stride] + 6.0 * in[x] - 4.0 * in[x + stride];
                    default -> in[x - s2] - 4.0 * in[x - stride] + 5.0 * in[x];
                };
                out[x] = out[x] - dssp * d;
            }
        }
    }
}
