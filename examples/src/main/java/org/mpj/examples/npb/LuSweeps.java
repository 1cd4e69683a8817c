package org.mpj.examples.npb;

import static org.mpj.examples.npb.LuDomain.M;

import mpi.MPIException;

/**
 * The two triangular solves of one SSOR step (NPB's blts and buts), plane by plane in z. A point of
 * the lower solve needs its solved neighbours at lower x, y and z; on a grid of ranks this becomes
 * a wavefront: a rank solves plane k once its north and west neighbours have sent their last line
 * of plane k, then sends its own last lines south and east and goes on with plane k + 1 while they
 * work on plane k. The upper solve runs the same wave back, from the south-east corner and the top
 * plane.
 */
final class LuSweeps {
    private static final int B = 25; // values per 5x5 block

    private final LuDomain dom;
    private final LuJacobian jac;
    private final double omega;
    private final double[] diag;   // blocks of the current plane, one per point, (i, j) at B (j nx + i)
    private final double[] xBlk;
    private final double[] yBlk;
    private final double[] zBlk;
    private final double[] t = new double[B];
    private final double[] x = new double[M];

    LuSweeps(LuDomain dom, LuJacobian jac, double omega) {
        this.dom = dom;
        this.jac = jac;
        this.omega = omega;
        int points = B * dom.nx * dom.ny;
        diag = new double[points];
        xBlk = new double[points];
        yBlk = new double[points];
        zBlk = new double[points];
    }

    /** v := (L^-1 v) on plane k, L the lower triangle of the implicit operator at u (NPB's jacld + blts). */
    void lower(double[] u, double[] v, int k) throws MPIException {
        LuDomain d = dom;
        blocks(u, k, -1.0); // before waiting: this work overlaps the neighbours' solve of plane k
        d.receiveLowerLines(v, k);
        for (int j = d.jst; j <= d.jend; j++) {
            for (int i = d.ist; i <= d.iend; i++) {
                int c = d.index(i, j, k);
                int q = B * (j * d.nx + i);
                int cz = c - d.sz;
                int cy = c - d.sy;
                int cx = c - M;
                for (int m = 0; m < M; m++) {
                    int r = q + M * m;
                    double s = v[c + m] - omega * (zBlk[r] * v[cz] + zBlk[r + 1] * v[cz + 1] + zBlk[r + 2] * v[cz + 2]
                            + zBlk[r + 3] * v[cz + 3] + zBlk[r + 4] * v[cz + 4]);
                    x[m] = s - omega * (yBlk[r] * v[cy] + xBlk[r] * v[cx] + yBlk[r + 1] * v[cy + 1] + xBlk[r + 1] * v[cx + 1]
                            + yBlk[r + 2] * v[cy + 2] + xBlk[r + 2] * v[cx + 2] + yBlk[r + 3] * v[cy + 3]
                            + xBlk[r + 3] * v[cx + 3] + yBlk[r + 4] * v[cy + 4] + xBlk[r + 4] * v[cx + 4]);
                }
                solve(q);
                System.arraycopy(x, 0, v, c, M);
            }
        }
        d.sendLowerLines(v, k);
    }

    /** v := v - (U^-1 v) on plane k, U the strict upper triangle at u (NPB's jacu + buts). */
    void upper(double[] u, double[] v, int k) throws MPIException {
        LuDomain d = dom;
        blocks(u, k, 1.0);
        d.receiveUpperLines(v, k);
        for (int j = d.jend; j >= d.jst; j--) {
            for (int i = d.iend; i >= d.ist; i--) {
                int c = d.index(i, j, k);
                int q = B * (j * d.nx + i);
                int cz = c + d.sz;
                int cy = c + d.sy;
                int cx = c + M;
                for (int m = 0; m < M; m++) {
                    int r = q + M * m;
                    double s = omega * (zBlk[r] * v[cz] + zBlk[r + 1] * v[cz + 1] + zBlk[r + 2] * v[cz + 2]
                            + zBlk[r + 3] * v[cz + 3] + zBlk[r + 4] * v[cz + 4]);
                    x[m] = s + omega * (yBlk[r] * v[cy] + xBlk[r] * v[cx] + yBlk[r + 1] * v[cy + 1] + xBlk[r + 1] * v[cx + 1]
                            + yBlk[r + 2] * v[cy + 2] + xBlk[r + 2] * v[cx + 2] + yBlk[r + 3] * v[cy + 3]
                            + xBlk[r + 3] * v[cx + 3] + yBlk[r + 4] * v[cy + 4] + xBlk[r + 4] * v[cx + 4]);
                }
                solve(q);
                for (int m = 0; m < M; m++) {
                    v[c + m] -= x[m];
                }
            }
        }
        d.sendUpperLines(v, k);
    }

    /** The diagonal and neighbour blocks of every interior point of plane k; sign -1 lower, +1 upper. */
    private void blocks(double[] u, int k, double sign) {
        LuDomain d = dom;
        int step = sign < 0 ? -1 : 1;
        for (int j = d.jst; j <= d.jend; j++) {
            for (int i = d.ist; i <= d.iend; i++) {
                int c = d.index(i, j, k);
                int q = B * (j * d.nx + i);
                jac.diagonal(u, c, diag, q);
                jac.neighbour(u, c + step * M, 0, sign, xBlk, q);
                jac.neighbour(u, c + step * d.sy, 1, sign, yBlk, q);
                jac.neighbour(u, c + step * d.sz, 2, sign, zBlk, q);
            }
        }
    }

    /**
     * x := D^-1 x, D the diagonal block at q: Gaussian elimination without pivoting (the blocks are
     * diagonally dominant), then back substitution, as NPB does it.
     */
    private void solve(int q) {
        System.arraycopy(diag, q, t, 0, B);
        for (int p = 0; p < M - 1; p++) {
            double inv = 1.0 / t[6 * p];
            for (int r = p + 1; r < M; r++) {
                double f = inv * t[M * r + p];
                for (int c = p + 1; c < M; c++) {
                    t[M * r + c] -= f * t[M * p + c];
                }
                x[r] -= x[p] * f;
            }
        }
        for (int r = M - 1; r >= 0; r--) {
            double s = x[r];
            for (int c = r + 1; c < M; c++) {
                s -= t[M * r + c] * x[c];
            }
            x[r] = s / t[6 * r];
        }
    }
}
