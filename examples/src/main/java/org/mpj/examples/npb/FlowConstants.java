package org.mpj.examples.npb;

/**
 * The constants of NPB SP and BT (their set_constants, BT's a subset of SP's) for an n^3 grid and time
 * step dt, and the exact solution that the initial state, the forcing term and the error norm are built
 * from. Quantities that NPB names once per axis (tx1, ty1, tz1...) are arrays indexed by axis 0, 1, 2.
 */
final class FlowConstants {
    /** Coefficients of the exact solution: a polynomial of degree 4 in each coordinate, per component. */
    private static final double[][] CE = {
        {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
        {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
        {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
    };

    final int n;
    final double dt;
    final double c1 = 1.4;
    final double c2 = 0.4;
    final double c1c2 = c1 * c2;
    final double c1c5 = c1 * 1.4;
    final double c3c4 = 0.1 * 1.0;
    final double con43 = 4.0 / 3.0;
    final double bt = Math.sqrt(0.5);
    final double c2iv = 2.5;
    final double dssp;
    final double comz1;
    final double comz4;
    final double comz5;
    final double comz6;
    /** 1/(n-1): grid spacing in the unit cube. */
    final double dnm1;

    final double[] t2 = new double[3];            // tx2: 1/(2h)
    final double[][] dt1 = new double[3][5];      // dx1tx1..dx5tx1: second-difference weights per component
    final double[] con2 = new double[3];          // xxcon2
    final double[] con3 = new double[3];          // xxcon3
    final double[] con4 = new double[3];          // xxcon4
    final double[] con5 = new double[3];          // xxcon5
    final double[] dtt1 = new double[3];          // dttx1
    final double[] dtt2 = new double[3];          // dttx2
    final double[] c2dtt1 = new double[3];        // c2dttx1
    /** The four candidates of the implicit operator's diffusion bound (NPB's rhon/rhoq/rhos), per axis. */
    final double[][] lhsDiffusion = new double[3][4];

    FlowConstants(int n, double dt) {
        this.n = n;
        this.dt = dt;
        double[] dx = {0.75, 0.75, 0.75, 0.75, 0.75};
        double[] dy = {0.75, 0.75, 0.75, 0.75, 0.75};
        double[] dz = {1.0, 1.0, 1.0, 1.0, 1.0};
        double[][] dd = {dx, dy, dz};
        dnm1 = 1.0 / (n - 1);
        dssp = 0.25 * Math.max(dx[0], Math.max(dy[0], dz[0]));
        double dtdssp = dt * dssp;
        comz1 = dtdssp;
        comz4 = 4.0 * dtdssp;
        comz5 = 5.0 * dtdssp;
        comz6 = 6.0 * dtdssp;
        double conz1 = 1.0 - c1c5;
        double con16 = 1.0 / 6.0;
        for (int d = 0; d < 3; d++) {
            double t1 = 1.0 / (dnm1 * dnm1);
            double t3 = 1.0 / dnm1;
            t2[d] = 1.0 / (2.0 * dnm1);
            for (int m = 0; m < 5; m++) {
                dt1[d][m] = dd[d][m] * t1;
            }
            double c3c4t3 = c3c4 * t3;
            con2[d] = c3c4t3 * t3;
            con3[d] = c3c4t3 * conz1 * t3;
            con4[d] = c3c4t3 * con16 * t3;
            con5[d] = c3c4t3 * c1c5 * t3;
            dtt1[d] = dt * t1;
            dtt2[d] = dt * t2[d];
            c2dtt1[d] = 2.0 * dtt1[d];
        }
        // NPB's lhsx uses dx2, dx5, max(dx3, dx4), dx1; lhsy dy3, dy5, max(dy2, dy4), dy1; lhsz dz4, dz5, max(dz2, dz3), dz1.
        lhsDiffusion[0] = new double[] {dx[1], dx[4], Math.max(dx[2], dx[3]), dx[0]};
        lhsDiffusion[1] = new double[] {dy[2], dy[4], Math.max(dy[1], dy[3]), dy[0]};
        lhsDiffusion[2] = new double[] {dz[3], dz[4], Math.max(dz[1], dz[2]), dz[0]};
    }

    /** The exact solution at (xi, eta, zeta) into out[off..off+4]. */
    static void exact(double xi, double eta, double zeta, double[] out, int off) {
        for (int m = 0; m < 5; m++) {
            double[] c = CE[m];
            out[off + m] = c[0]
                    + xi * (c[1] + xi * (c[4] + xi * (c[7] + xi * c[10])))
                    + eta * (c[2] + eta * (c[5] + eta * (c[8] + eta * c[11])))
                    + zeta * (c[3] + zeta * (c[6] + zeta * (c[9] + zeta * c[12])));
        }
    }
}
