package org.mpj.examples.npb;

/**
 * The 5x5 blocks of NPB LU's implicit operator at one point (NPB's jacld and jacu): the diagonal
 * block, and the block that couples the point to a neighbour along one axis. A neighbour block is
 * the flux Jacobian in the direction of that axis, times -dt/(2h) for the lower neighbour and
 * +dt/(2h) for the upper one, less dt/h^2 times the viscous Jacobian and the diffusion. Blocks are
 * stored row-major: row m, column n at {@code o + 5 m + n}.
 */
final class LuJacobian {
    private static final double R43 = 4.0 / 3.0;
    private static final double C34 = LU.C3 * LU.C4;
    private static final double C1345 = LU.C1 * LU.C3 * LU.C4 * LU.C5;

    private final double dt;
    private final double[] t1 = new double[3];   // 1 / h^2 per axis
    private final double[] t2 = new double[3];   // 1 / (2 h) per axis
    private final double diagonalDiffusion;      // 2 dt sum over axes of diffusion / h^2

    LuJacobian(LuDomain dom, double dt) {
        this.dt = dt;
        double sum = 0;
        for (int a = 0; a < 3; a++) {
            double h = dom.spacing(a);
            t1[a] = 1.0 / (h * h);
            t2[a] = 1.0 / (2.0 * h);
            sum += t1[a] * LU.DIFFUSION[a];
        }
        diagonalDiffusion = dt * 2.0 * sum;
    }

    /** The diagonal block of the point whose values start at u[c]. */
    void diagonal(double[] u, int c, double[] blk, int o) {
        double tmp1 = 1.0 / u[c];
        double tmp2 = tmp1 * tmp1;
        double tmp3 = tmp1 * tmp2;
        double dt2 = dt * 2.0;
        for (int x = 1; x < 25; x++) {
            blk[o + x] = 0.0;
        }
        blk[o] = 1.0 + diagonalDiffusion;
        double e0 = 0;
        double e4 = 0;
        for (int m = 1; m <= 3; m++) { // momentum m: its own axis carries the 4/3 of the normal stress
            double um = u[c + m];
            double v0 = 0;
            double vm = 0;
            double w = 0;
            for (int a = 0; a < 3; a++) {
                double cm = a == m - 1 ? R43 * C34 : C34;
                v0 += t1[a] * (-cm * tmp2 * um);
                vm += t1[a] * cm * tmp1;
                w += t1[a] * (cm - C1345) * tmp2 * um;
            }
            blk[o + 5 * m] = dt2 * v0;
            blk[o + 6 * m] = 1.0 + dt2 * vm + diagonalDiffusion;
            blk[o + 20 + m] = dt2 * w;
        }
        for (int a = 0; a < 3; a++) {
            double s = 0.0;
            for (int m = 1; m <= 3; m++) {
                double cm = a == m - 1 ? R43 * C34 : C34;
                s -= (cm - C1345) * tmp3 * (u[c + m] * u[c + m]);
            }
            s -= C1345 * tmp2 * u[c + 4];
            e0 += t1[a] * s;
            e4 += t1[a] * C1345 * tmp1;
        }
        blk[o + 20] = dt2 * e0;
        blk[o + 24] = 1.0 + dt2 * e4 + diagonalDiffusion;
    }

    /**
     * The block coupling a point to its neighbour along {@code axis} (0 x, 1 y, 2 z) whose values start
     * at u[c]; {@code sign} is -1 for the lower neighbour, +1 for the upper one.
     */
    void neighbour(double[] u, int c, int axis, double sign, double[] blk, int o) {
        int p = axis + 1; // the momentum normal to the axis
        double conv = sign * dt * t2[axis];
        double vis = dt * t1[axis];
        double diss = vis * LU.DIFFUSION[axis];
        double c1 = LU.C1;
        double c2 = LU.C2;
        double tmp1 = 1.0 / u[c];
        double tmp2 = tmp1 * tmp1;
        double tmp3 = tmp1 * tmp2;
        double up = u[c + p];
        double e = u[c + 4];
        double sq = u[c + 1] * u[c + 1] + u[c + 2] * u[c + 2] + u[c + 3] * u[c + 3];
        for (int x = 0; x < 25; x++) {
            blk[o + x] = 0.0;
        }
        blk[o] = -diss;
        blk[o + p] = conv;

        double e0 = 0.0;
        double sq3 = 0; // sq with the normal momentum's square counted three times
        for (int x = 1; x <= 3; x++) {
            double ux = u[c + x];
            double cf = (x == p ? R43 * C34 : C34) - C1345;
            e0 -= cf * tmp3 * (ux * ux);
            sq3 += (x == p ? 3.0 : 1.0) * ux * ux;
            if (x == p) {
                continue;
            }
            int r = o + 5 * x;      // row of a tangential momentum
            blk[r] = conv * (-(ux * up) * tmp2) - vis * (-C34 * tmp2 * ux);
            blk[r + x] = conv * (up * tmp1) - vis * C34 * tmp1 - diss;
            blk[r + p] = conv * (ux * tmp1);
            blk[o + 5 * p + x] = conv * (-c2 * (ux * tmp1));
            blk[o + 20 + x] = conv * (-c2 * (ux * up) * tmp2) - vis * (C34 - C1345) * tmp2 * ux;
        }
        e0 -= C1345 * tmp2 * e;
        int r = o + 5 * p;          // row of the normal momentum
        blk[r] = conv * (-(up * tmp1) * (up * tmp1) + 0.50 * c2 * (sq * tmp2)) - vis * (-R43 * C34 * tmp2 * up);
        blk[r + p] = conv * ((2.0 - c2) * (up * tmp1)) - vis * (R43 * C34 * tmp1) - diss;
        blk[r + 4] = conv * c2;
        r = o + 20;                 // row of the energy
        blk[r] = conv * ((c2 * sq * tmp2 - c1 * (e * tmp1)) * (up * tmp1)) - vis * e0;
        blk[r + p] = conv * (c1 * (e * tmp1) - 0.50 * c2 * (sq3 * tmp2)) - vis * (R43 * C34 - C1345) * tmp2 * up;
        blk[r + 4] = conv * (c1 * (up * tmp1)) - vis * C1345 * tmp1 - diss;
    }
}
