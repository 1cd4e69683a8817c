package org.mpj.examples.npb;

import static org.mpj.examples.npb.LuDomain.M;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB LU: solves the 3-D compressible Navier-Stokes equations (five coupled nonlinear PDEs) to a
 * steady state by symmetric successive over-relaxation (SSOR): each pseudo-time step solves the
 * implicit operator's block lower triangle, then its block upper triangle, point by point.
 * As in NPB's MPI LU, the ranks form a 2-D grid over the x-y plane ({@link LuDomain}); the triangular
 * solves run as pipelined wavefronts plane by plane in z, each rank passing its boundary lines to
 * its neighbours ({@link LuSweeps}); the right-hand side needs a two-deep halo exchange
 * ({@link LuRhs}); norms are Allreduce sums. Verification compares, as NPB does, the RMS norms of the
 * residual and of the error and a surface integral with NPB's reference values.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.LU [S|W|A|B] [OMEGA]</pre>
 *
 * OMEGA replaces NPB's relaxation factor 1.2 (any value in (0, 2)); another value gives another
 * answer, which must then fail verification.
 */
public final class LU {
    /** NPB's constants of the equations (c1..c5: ratio of specific heats and viscous coefficients). */
    static final double C1 = 1.40;
    static final double C2 = 0.40;
    static final double C3 = 1.00e-01;
    static final double C4 = 1.00;
    static final double C5 = 1.40;
    /** Second-difference diffusion coefficient along x, y and z (NPB's dx*, dy*, dz*; the same for all equations). */
    static final double[] DIFFUSION = {0.75, 0.75, 1.00};
    /** Fourth-difference dissipation: max(DIFFUSION) / 4. */
    static final double DSSP = 0.25;

    private static final double OMEGA = 1.2;
    private static final double EPSILON = 1.0e-8;
    private static final String CLASSES = "SWAB";
    private static final int[] SIZE = {12, 33, 64, 102};
    private static final int[] ITERATIONS = {50, 300, 250, 250};
    private static final double[] DT = {0.5, 1.5e-3, 2.0, 2.0};
    /** NPB 3.x's reference RMS norms of the residual, per class (verify.f). */
    private static final double[][] XCR = {
        {1.6196343210976702e-02, 2.1976745164821318e-03, 1.5179927653399185e-03, 1.5029584435994323e-03, 3.4264073155896461e-02},
        {0.1236511638192e+02, 0.1317228477799e+01, 0.2550120713095e+01, 0.2326187750252e+01, 0.2826799444189e+02},
        {7.7902107606689367e+02, 6.3402765259692870e+01, 1.9499249727292479e+02, 1.7845301160418537e+02, 1.8384760349464247e+03},
        {3.5532672969982736e+03, 2.6214750795310692e+02, 8.8333721850952190e+02, 7.7812774739425265e+02, 7.3087969592545314e+03},
    };
    /** NPB 3.x's reference RMS norms of the error against the exact solution. */
    private static final double[][] XCE = {
        {6.4223319957960924e-04, 8.4144342047347926e-05, 5.8588269616485186e-05, 5.8474222595157350e-05, 1.3103347914111294e-03},
        {0.4867877144216e+00, 0.5064652880982e-01, 0.9281818101960e-01, 0.8570126542733e-01, 0.1084277417792e+01},
        {2.9964085685471943e+01, 2.8194576365003349e+00, 7.3473412698774742e+00, 6.7139225687777051e+00, 7.0715315688392578e+01},
        {1.1401176380212709e+02, 8.1098963655421574e+00, 2.8480597317698308e+01, 2.5905394567832939e+01, 2.6054907504857413e+02},
    };
    /** NPB 3.x's reference surface integrals. */
    private static final double[] XCI = {7.8418928865937083e+00, 0.1161399311023e+02, 2.6030925604886277e+01, 4.7887162703308227e+01};

    private final LuDomain dom;
    private final LuRhs rhs;
    private final LuSweeps sweeps;
    private final LuExact exact;
    private final double dt;
    private final double omega;
    private final double[] u;      // the solution
    private final double[] rsd;    // the residual, then the correction of one step
    private final double[] frct;   // the forcing that makes the exact solution steady
    private double[] rsdnm;        // RMS norms of the residual after the last step

    private LU(LuDomain dom, double dt, double omega) {
        this.dom = dom;
        this.dt = dt;
        this.omega = omega;
        rhs = new LuRhs(dom);
        sweeps = new LuSweeps(dom, new LuJacobian(dom, dt), omega);
        exact = new LuExact(dom);
        u = new double[dom.length];
        rsd = new double[dom.length];
        frct = new double[dom.length];
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("LU", app, CLASSES);
        double omega = omega(app);
        int c = CLASSES.indexOf(cls);
        int n = SIZE[c];
        int itmax = ITERATIONS[c];
        LuDomain.requireValidRankCount(cls, n, size);
        LuDomain dom = new LuDomain(n, n, n, rank, size);
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- LU Benchmark%n%n Size: %4dx%4dx%4d  (class %c)%n"
                    + " Iterations: %4d%n Number of processes: %5d (%d x %d)%n",
                    n, n, n, cls, itmax, size, dom.xdim, dom.ydim);
        }
        LU lu = new LU(dom, DT[c], omega);
        lu.exact.setBoundaryAndStart(lu.u);
        lu.forcing();
        lu.ssor(1); // one step untimed, as NPB does, to touch all data and code
        lu.exact.setBoundaryAndStart(lu.u);
        double time = lu.ssor(itmax);
        double[] xce = lu.exact.errorNorm(lu.u);
        double xci = lu.exact.surfaceIntegral(lu.u);

        boolean verified = verify(rank == 0, cls, lu.rsdnm, xce, xci, XCR[c], XCE[c], XCI[c]);
        if (rank == 0) {
            double nd = n;
            double mflops = itmax * (1984.77 * nd * nd * nd - 10923.3 * nd * nd + 27770.9 * nd - 144010.0)
                    / (time * 1e6);
            Npb.report("LU", cls, n + "x" + n + "x" + n, itmax, time, mflops, size, "floating point", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("LU", cls, verified);
    }

    /** The relaxation factor: NPB's 1.2 unless the second argument gives another. */
    private static double omega(String[] app) {
        if (app.length < 2) {
            return OMEGA;
        }
        try {
            double w = Double.parseDouble(app[1].trim());
            if (!(w > 0.0 && w < 2.0)) {
                throw new NumberFormatException("outside (0, 2)");
            }
            return w;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("LU: relaxation factor '" + app[1] + "' must be a number in (0, 2)", e);
        }
    }

    /** frct := L(exact solution), so that the residual L(u) - frct vanishes at the exact solution (NPB's erhs). */
    private void forcing() throws MPIException {
        Arrays.fill(frct, 0.0);
        exact.fill(rsd); // rsd is free: use it to hold the exact solution
        rhs.addOperator(rsd, frct);
    }

    /** rsd := L(u) - frct, the steady-state residual (NPB's rhs). */
    private void residual() throws MPIException {
        for (int x = 0; x < rsd.length; x++) {
            rsd[x] = -frct[x];
        }
        rhs.addOperator(u, rsd);
    }

    /** {@code steps} SSOR steps (NPB's ssor); returns the slowest rank's seconds. */
    private double ssor(int steps) throws MPIException {
        LuDomain d = dom;
        double tmp = 1.0 / (omega * (2.0 - omega));
        residual();
        rsdnm = LU.rms(d, squares(rsd));
        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (int step = 1; step <= steps; step++) {
            scaleInterior(rsd, dt);
            for (int k = 1; k < d.nz - 1; k++) {
                sweeps.lower(u, rsd, k);
            }
            for (int k = d.nz - 2; k >= 1; k--) {
                sweeps.upper(u, rsd, k);
            }
            for (int k = 1; k < d.nz - 1; k++) {
                for (int j = d.jst; j <= d.jend; j++) {
                    int from = d.index(d.ist, j, k);
                    int to = d.index(d.iend, j, k) + M;
                    for (int x = from; x < to; x++) {
                        u[x] += tmp * rsd[x];
                    }
                }
            }
            residual();
            if (step == steps) {
                rsdnm = LU.rms(d, squares(rsd));
            }
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);
        return time[0];
    }

    private void scaleInterior(double[] a, double factor) {
        LuDomain d = dom;
        for (int k = 1; k < d.nz - 1; k++) {
            for (int j = d.jst; j <= d.jend; j++) {
                int from = d.index(d.ist, j, k);
                int to = d.index(d.iend, j, k) + M;
                for (int x = from; x < to; x++) {
                    a[x] *= factor;
                }
            }
        }
    }

    /** Per equation, the sum of squares over this rank's interior points. */
    private double[] squares(double[] a) {
        LuDomain d = dom;
        double[] sum = new double[M];
        for (int k = 1; k < d.nz - 1; k++) {
            for (int j = d.jst; j <= d.jend; j++) {
                for (int i = d.ist; i <= d.iend; i++) {
                    int c = d.index(i, j, k);
                    for (int m = 0; m < M; m++) {
                        sum[m] += a[c + m] * a[c + m];
                    }
                }
            }
        }
        return sum;
    }

    /** Root mean square over the global interior, from every rank's sums of squares (NPB's l2norm). */
    static double[] rms(LuDomain d, double[] sums) throws MPIException {
        double[] total = new double[M];
        MPI.COMM_WORLD.Allreduce(sums, 0, total, 0, M, MPI.DOUBLE, MPI.SUM);
        double points = (double) (d.nx0 - 2) * (d.ny0 - 2) * (d.nz0 - 2);
        for (int m = 0; m < M; m++) {
            total[m] = Math.sqrt(total[m] / points);
        }
        return total;
    }

    /** Compares with NPB's reference values, relative error at most EPSILON each; prints the table if asked. */
    private static boolean verify(boolean print, char cls, double[] xcr, double[] xce, double xci,
                                  double[] xcrRef, double[] xceRef, double xciRef) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%n Verification being performed for class %c%n Accuracy setting for epsilon = %20.13e%n",
                cls, EPSILON));
        boolean ok = compare(sb, " Comparison of RMS-norms of residual", xcr, xcrRef);
        ok &= compare(sb, " Comparison of RMS-norms of solution error", xce, xceRef);
        ok &= compare(sb, " Comparison of surface integral", new double[] {xci}, new double[] {xciRef});
        if (print) {
            System.out.print(sb);
        }
        return ok;
    }

    private static boolean compare(StringBuilder sb, String title, double[] got, double[] ref) {
        sb.append(title).append('\n');
        boolean ok = true;
        for (int m = 0; m < got.length; m++) {
            double err = Math.abs((got[m] - ref[m]) / ref[m]);
            boolean good = err <= EPSILON; // false for NaN too
            ok &= good;
            sb.append(String.format(" %s %2d  %20.13e%20.13e%20.13e%n", good ? "        " : "FAILURE:", m + 1, got[m], ref[m], err));
        }
        return ok;
    }
}
