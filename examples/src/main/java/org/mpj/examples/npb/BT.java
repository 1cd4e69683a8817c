package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * NPB BT: the block tri-diagonal solver. An implicit (Beam-Warming, approximately factored) time step of
 * the 3-D compressible Navier-Stokes equations with a manufactured exact solution: right hand side, then
 * a system of 5x5 blocks per line along x, then y, then z, then the update. BT shares SP's grid, exact
 * solution, right hand side and face exchange, and like NPB's MPI code it runs on SP's multi-partition
 * of cells ({@link MultiPartition}: a square number of ranks); each solve is a pipeline over the cells of a
 * line ({@link BtSweep}). The error against the exact solution and the norm of the final right hand
 * side, reduced with Allreduce, are checked against NPB's values.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.BT [S|W|A] [DT]</pre>
 *
 * A second argument replaces the class's time step, which must make verification fail.
 */
public final class BT {
    private static final double EPSILON = 1e-8;

    private final FlowCell[] cells;
    private final CellFaces faces;
    private final BtSweep sweep;

    private BT(MultiPartition layout, FlowConstants k) {
        cells = new FlowCell[layout.q];
        for (int c = 0; c < layout.q; c++) {
            cells[c] = new FlowCell(k, layout.size[c], layout.low[c], false);
        }
        faces = new CellFaces(layout, cells);
        sweep = new BtSweep(layout, cells);
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("BT", app, "SWA");
        int n = cls == 'S' ? 12 : cls == 'W' ? 24 : 64;
        int niter = cls == 'S' ? 60 : 200;
        double dtRef = cls == 'S' ? 0.010 : 0.0008;
        double dt = app.length > 1 ? Npb.timeStep("BT", app[1]) : dtRef;
        MultiPartition layout = new MultiPartition("BT", rank, size, n);
        BT bt = new BT(layout, new FlowConstants(n, dt));
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- BT Benchmark%n%n Size: %4dx%4dx%4d  (class %c)%n"
                    + " Iterations: %4d    dt: %11.7f%n Number of processes: %6d (%d cells per axis)%n",
                    n, n, n, cls, niter, dt, size, layout.q);
        }
        for (FlowCell c : bt.cells) {
            c.initialize();
            c.exactForcing();
        }
        bt.adi(); // one step untimed, as NPB does, to touch all data and code
        for (FlowCell c : bt.cells) {
            c.initialize();
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (int step = 1; step <= niter; step++) {
            if (rank == 0 && (step % 20 == 0 || step == 1 || step == niter)) {
                System.out.printf(" Time step %4d%n", step);
            }
            bt.adi();
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        double[] xce = FlowCell.errorNorms(bt.cells, n);
        bt.faces.exchange(); // the right hand side of the final state
        double[] xcr = FlowCell.rhsNorms(bt.cells, n);
        for (int m = 0; m < 5; m++) {
            xcr[m] /= dt;
        }
        int off = 0;
        StringBuilder lines = new StringBuilder(" Comparison of RMS-norms of residual\n");
        off += Npb.compareNorms(xcr, residualReference(cls), EPSILON, lines);
        lines.append(" Comparison of RMS-norms of solution error\n");
        off += Npb.compareNorms(xce, errorReference(cls), EPSILON, lines);
        boolean dtOk = Math.abs(dt - dtRef) <= EPSILON;
        boolean verified = off == 0 && dtOk;
        if (rank == 0) {
            System.out.printf(" Verification being performed for class %c%n accuracy setting for epsilon = %20.13e%n",
                    cls, EPSILON);
            if (!dtOk) {
                System.out.printf(" DT does not match the reference value of %15.8e%n", dtRef);
            }
            System.out.print(lines);
            double mflops = (3478.8 * Math.pow(n, 3) - 17655.7 * n * (double) n + 28023.7 * n)
                    * niter / (time[0] * 1e6);
            Npb.report("BT", cls, n + "x" + n + "x" + n, niter, time[0], mflops, size, "floating point", verified);
        }
        MPI.Finalize();
        if (!verified) {
            throw new VerificationFailed("BT class " + cls + ": VERIFICATION UNSUCCESSFUL: " + off
                    + " of 10 norms off by more than " + EPSILON + (dtOk ? "" : "; dt " + dt + " is not the class's " + dtRef));
        }
    }

    /** NPB's adi: ghost faces and right hand side, the three block solves, the update. */
    private void adi() throws MPIException {
        faces.exchange();
        for (int d = 0; d < 3; d++) {
            sweep.solve(d);
        }
        for (FlowCell c : cells) {
            c.add();
        }
    }

    /** NPB 3.x's xcrref for BT: RMS norms of the final right hand side divided by dt. */
    private static double[] residualReference(char cls) {
        switch (cls) {
            case 'S':
                return new double[] {1.7034283709541311e-01, 1.2975252070034097e-02, 3.2527926989486055e-02,
                    2.6436421275166801e-02, 1.9211784131744430e-01};
            case 'W':
                return new double[] {0.1125590409344e+03, 0.1180007595731e+02, 0.2710329767846e+02,
                    0.2469174937669e+02, 0.2638427874317e+03};
            default:
                return new double[] {1.0806346714637264e+02, 1.1319730901220813e+01, 2.5974354511582465e+01,
                    2.3665622544678910e+01, 2.5278963211748344e+02};
        }
    }

    /** NPB 3.x's xceref for BT: RMS norms of the error against the exact solution. */
    private static double[] errorReference(char cls) {
        switch (cls) {
            case 'S':
                return new double[] {4.9976913345811579e-04, 4.5195666782961927e-05, 7.3973765172921357e-05,
                    7.3821238632439731e-05, 8.9269630987491446e-04};
            case 'W':
                return new double[] {0.4419655736008e+01, 0.4638531260002e+00, 0.1011551749967e+01,
                    0.9235878729944e+00, 0.1018045837718e+02};
            default:
                return new double[] {4.2348416040525025e+00, 4.4390282496995698e-01, 9.6692480136345650e-01,
                    8.8302063039765474e-01, 9.7379901770829278e+00};
        }
    }
}
