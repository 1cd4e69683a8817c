package org.mpj.examples.npb;

import static org.mpj.examples.npb.LuDomain.M;

import mpi.MPI;
import mpi.MPIException;

/**
 * What NPB LU knows about its solution: the exact solution (a polynomial of degree four in each
 * coordinate, NPB's exact and setcoeff), the boundary and starting values built from it (setbv,
 * setiv), and the two measures that verification compares besides the residual: the RMS error
 * against the exact solution (error) and a surface integral of the pressure (pintgr).
 */
final class LuExact {
    /** Coefficients of the exact solution, equation m at CE[13 m .. 13 m + 13) (NPB's ce). */
    private static final double[] CE = {
        2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3,
        1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3,
        5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2,
    };

    private final LuDomain dom;
    private final double[] e = new double[6 * M]; // exact values at up to six points

    LuExact(LuDomain dom) {
        this.dom = dom;
    }

    /** The exact solution at global point (gi, gj, gk) into out[o .. o + 5). */
    void exact(int gi, int gj, int gk, double[] out, int o) {
        double xi = gi / (dom.nx0 - 1.0);
        double eta = gj / (dom.ny0 - 1.0);
        double zeta = gk / (dom.nz0 - 1.0);
        for (int m = 0; m < M; m++) {
            int b = 13 * m;
            out[o + m] = CE[b] + CE[b + 1] * xi + CE[b + 2] * eta + CE[b + 3] * zeta
                    + CE[b + 4] * xi * xi + CE[b + 5] * eta * eta + CE[b + 6] * zeta * zeta
                    + CE[b + 7] * xi * xi * xi + CE[b + 8] * eta * eta * eta + CE[b + 9] * zeta * zeta * zeta
                    + CE[b + 10] * xi * xi * xi * xi + CE[b + 11] * eta * eta * eta * eta
                    + CE[b + 12] * zeta * zeta * zeta * zeta;
        }
    }

    /** The exact solution at every point of the block, ghosts excepted. */
    void fill(double[] a) {
        LuDomain d = dom;
        for (int k = 0; k < d.nz; k++) {
            for (int j = 0; j < d.ny; j++) {
                for (int i = 0; i < d.nx; i++) {
                    exact(d.ipt + i, d.jpt + j, k, a, d.index(i, j, k));
                }
            }
        }
    }

    /**
     * Boundary points get the exact solution, inner points a transfinite blend of the exact values on
     * the six faces (NPB's setbv and setiv).
     */
    void setBoundaryAndStart(double[] u) {
        LuDomain d = dom;
        int nx0 = d.nx0;
        int ny0 = d.ny0;
        int nz0 = d.nz0;
        for (int k = 0; k < d.nz; k++) {
            double zeta = k / (nz0 - 1.0);
            for (int j = 0; j < d.ny; j++) {
                int gj = d.jpt + j;
                double eta = gj / (ny0 - 1.0);
                for (int i = 0; i < d.nx; i++) {
                    int gi = d.ipt + i;
                    int c = d.index(i, j, k);
                    if (gi == 0 || gi == nx0 - 1 || gj == 0 || gj == ny0 - 1 || k == 0 || k == nz0 - 1) {
                        exact(gi, gj, k, u, c);
                        continue;
                    }
                    double xi = gi / (nx0 - 1.0);
                    exact(0, gj, k, e, 0);
                    exact(nx0 - 1, gj, k, e, M);
                    exact(gi, 0, k, e, 2 * M);
                    exact(gi, ny0 - 1, k, e, 3 * M);
                    exact(gi, gj, 0, e, 4 * M);
                    exact(gi, gj, nz0 - 1, e, 5 * M);
                    for (int m = 0; m < M; m++) {
                        double pxi = (1.0 - xi) * e[m] + xi * e[M + m];
                        double peta = (1.0 - eta) * e[2 * M + m] + eta * e[3 * M + m];
                        double pzeta = (1.0 - zeta) * e[4 * M + m] + zeta * e[5 * M + m];
                        u[c + m] = pxi + peta + pzeta - pxi * peta - peta * pzeta - pzeta * pxi + pxi * peta * pzeta;
                    }
                }
            }
        }
    }

    /** RMS over the global interior of u minus the exact solution, per equation (NPB's error). */
    double[] errorNorm(double[] u) throws MPIException {
        LuDomain d = dom;
        double[] sum = new double[M];
        for (int k = 1; k < d.nz - 1; k++) {
            for (int j = d.jst; j <= d.jend; j++) {
                for (int i = d.ist; i <= d.iend; i++) {
                    int c = d.index(i, j, k);
                    exact(d.ipt + i, d.jpt + j, k, e, 0);
                    for (int m = 0; m < M; m++) {
                        double diff = e[m] - u[c + m];
                        sum[m] += diff * diff;
                    }
                }
            }
        }
        return LU.rms(d, sum);
    }

    /**
     * NPB's surface integral of the pressure c2 (E - |m|^2 / (2 rho)) over the faces of the box
     * [1, nx0 - 2] x [1, ny0 - 3] x [2, nz0 - 2] (NPB's bounds, global 0-based indices), by the
     * trapezoidal rule. Each rank writes the face points it holds into six global face arrays that
     * one Allreduce sums; then every rank integrates them.
     */
    double surfaceIntegral(double[] u) throws MPIException {
        LuDomain d = dom;
        int nx0 = d.nx0;
        int ny0 = d.ny0;
        int nz0 = d.nz0;
        int i1 = 1;
        int i2 = nx0 - 2;
        int j1 = 1;
        int j2 = ny0 - 3;
        int k1 = 2;
        int k2 = nz0 - 2;
        int xy = nx0 * ny0;
        int xz = nx0 * nz0;
        int yz = ny0 * nz0;
        int offXz = 2 * xy;         // faces j = j1, j2, indexed gi + nx0 k
        int offYz = offXz + 2 * xz; // faces i = i1, i2, indexed gj + ny0 k
        double[] faces = new double[offYz + 2 * yz];
        for (int k = k1; k <= k2; k++) {
            for (int j = 0; j < d.ny; j++) {
                int gj = d.jpt + j;
                for (int i = 0; i < d.nx; i++) {
                    int gi = d.ipt + i;
                    if (gi < i1 || gi > i2 || gj < j1 || gj > j2) {
                        continue;
                    }
                    double phi = pressure(u, d.index(i, j, k));
                    if (k == k1) {
                        faces[gi + nx0 * gj] = phi;
                    }
                    if (k == k2) {
                        faces[xy + gi + nx0 * gj] = phi;
                    }
                    if (gj == j1) {
                        faces[offXz + gi + nx0 * k] = phi;
                    }
                    if (gj == j2) {
                        faces[offXz + xz + gi + nx0 * k] = phi;
                    }
                    if (gi == i1) {
                        faces[offYz + gj + ny0 * k] = phi;
                    }
                    if (gi == i2) {
                        faces[offYz + yz + gj + ny0 * k] = phi;
                    }
                }
            }
        }
        double[] all = new double[faces.length];
        MPI.COMM_WORLD.Allreduce(faces, 0, all, 0, faces.length, MPI.DOUBLE, MPI.SUM);
        double hx = d.spacing(0);
        double hy = d.spacing(1);
        double hz = d.spacing(2);
        double frc1 = hx * hy * cells(all, 0, xy, nx0, i1, i2, j1, j2);
        double frc2 = hx * hz * cells(all, offXz, xz, nx0, i1, i2, k1, k2);
        double frc3 = hy * hz * cells(all, offYz, yz, ny0, j1, j2, k1, k2);
        return 0.25 * (frc1 + frc2 + frc3);
    }

    private static double pressure(double[] u, int c) {
        return LU.C2 * (u[c + 4] - 0.50 * (u[c + 1] * u[c + 1] + u[c + 2] * u[c + 2] + u[c + 3] * u[c + 3]) / u[c]);
    }

    /**
     * Sum over the cells [a1, a2) x [b1, b2) of a pair of opposite faces (the second {@code apart} after
     * the first, rows {@code row} long) of the four corner values of each face.
     */
    private static double cells(double[] f, int off, int apart, int row, int a1, int a2, int b1, int b2) {
        double sum = 0.0;
        for (int b = b1; b < b2; b++) {
            for (int a = a1; a < a2; a++) {
                int c = off + a + row * b;
                int c2 = c + apart;
                sum += f[c] + f[c + 1] + f[c + row] + f[c + row + 1]
                        + f[c2] + f[c2 + 1] + f[c2 + row] + f[c2 + row + 1];
            }
        }
        return sum;
    }
}
