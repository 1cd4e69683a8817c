package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * NPB SP: the scalar penta-diagonal solver. An implicit (Beam-Warming, diagonalised) time step of the
 * 3-D compressible Navier-Stokes equations with a manufactured exact solution: right hand side, then
 * three independent pentadiagonal systems per line along x, then y, then z, then the update. As in
 * NPB's MPI code the grid is cut into cells by multi-partition ({@link MultiPartition}: a square number of
 * ranks), ghost faces are exchanged before each right hand side ({@link CellFaces}) and each solve is a
 * pipeline over the cells of a line ({@link SpSweep}). The error against the exact solution and the
 * norm of the final right hand side, reduced with Allreduce, are checked against NPB's values.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.SP [S|W|A] [DT]</pre>
 *
 * A second argument replaces the class's time step, which must make verification fail.
 */
public final class SP {
    private static final double EPSILON = 1e-8;

    private final FlowCell[] cells;
    private final CellFaces faces;
    private final SpSweep sweep;

    private SP(MultiPartition layout, FlowConstants k) {
        cells = new FlowCell[layout.q];
        for (int c = 0; c < layout.q; c++) {
            cells[c] = new FlowCell(k, layout.size[c], layout.low[c], true);
        }
        faces = new CellFaces(layout, cells);
        sweep = new SpSweep(layout, cells);
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("SP", app, "SWA");
        int n = cls == 'S' ? 12 : cls == 'W' ? 36 : 64;
        int niter = cls == 'S' ? 100 : 400;
        double dtRef = cls == 'S' ? 0.015 : 0.0015;
        double dt = app.length > 1 ? Npb.timeStep("SP", app[1]) : dtRef;
        MultiPartition layout = new MultiPartition("SP", rank, size, n);
        FlowConstants k = new FlowConstants(n, dt);
        SP sp = new SP(layout, k);
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- SP Benchmark%n%n Size: %4dx%4dx%4d  (class %c)%n"
                    + " Iterations: %4d    dt: %11.7f%n Number of processes: %6d (%d cells per axis)%n",
                    n, n, n, cls, niter, dt, size, layout.q);
        }
        for (FlowCell c : sp.cells) {
            c.initialize();
            c.exactForcing();
        }
        sp.adi(); // one step untimed, as NPB does, to touch all data and code
        for (FlowCell c : sp.cells) {
            c.initialize();
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (int step = 1; step <= niter; step++) {
            if (rank == 0 && (step % 20 == 0 || step == 1)) {
                System.out.printf(" Time step %4d%n", step);
            }
            sp.adi();
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        double[] xce = FlowCell.errorNorms(sp.cells, n);
        sp.faces.exchange(); // the right hand side of the final state
        double[] xcr = FlowCell.rhsNorms(sp.cells, n);
        for (int m = 0; m < 5; m++) {
            xcr[m] /= dt;
        }
        double[] xcrRef = residualReference(cls);
        double[] xceRef = errorReference(cls);
        int off = 0;
        StringBuilder lines = new StringBuilder(" Comparison of RMS-norms of residual\n");
        off += Npb.compareNorms(xcr, xcrRef, EPSILON, lines);
        lines.append(" Comparison of RMS-norms of solution error\n");
        off += Npb.compareNorms(xce, xceRef, EPSILON, lines);
        boolean dtOk = Math.abs(dt - dtRef) <= EPSILON;
        boolean verified = off == 0 && dtOk;
        if (rank == 0) {
            System.out.printf(" Verification being performed for class %c%n accuracy setting for epsilon = %20.13e%n",
                    cls, EPSILON);
            if (!dtOk) {
                System.out.printf(" DT does not match the reference value of %15.8e%n", dtRef);
            }
            System.out.print(lines);
            double mflops = (881.174 * Math.pow(n, 3) - 4683.91 * n * (double) n + 11484.5 * n - 19272.4)
                    * niter / (time[0] * 1e6);
            Npb.report("SP", cls, n + "x" + n + "x" + n, niter, time[0], mflops, size, "floating point", verified);
        }
        MPI.Finalize();
        if (!verified) {
            throw new VerificationFailed("SP class " + cls + ": VERIFICATION UNSUCCESSFUL: " + off
                    + " of 10 norms off by more than " + EPSILON + (dtOk ? "" : "; dt " + dt + " is not the class's " + dtRef));
        }
    }

    /** NPB's adi: ghost faces and right hand side, the three solves, the update. */
    private void adi() throws MPIException {
        faces.exchange();
        for (FlowCell c : cells) {
            c.txinvr();
        }
        for (int d = 0; d < 3; d++) {
            sweep.solve(d);
        }
        for (FlowCell c : cells) {
            c.add();
        }
    }

    /** NPB 3.x's xcrref: RMS norms of the final right hand side divided by dt. */
    private static double[] residualReference(char cls) {
        switch (cls) {
            case 'S':
                return new double[] {2.7470315451339479e-02, 1.0360746705285417e-02, 1.6235745065095532e-02,
                    1.5840557224455615e-02, 3.4849040609362460e-02};
            case 'W':
                return new double[] {0.1893253733584e-02, 0.1717075447775e-03, 0.2778153350936e-03,
                    0.2887475409984e-03, 0.3143611161242e-02};
            default:
                return new double[] {2.4799822399300195e0, 1.1276337964368832e0, 1.5028977888770491e0,
                    1.4217816211695179e0, 2.1292113035138280e0};
        }
    }

    /** NPB 3.x's xceref: RMS norms of the error against the exact solution. */
    private static double[] errorReference(char cls) {
        switch (cls) {
            case 'S':
                return new double[] {2.7289258557377227e-05, 1.0364446640837285e-05, 1.6154798287166471e-05,
                    1.5750704994480102e-05, 3.4177666183390531e-05};
            case 'W':
                return new double[] {0.7542088599534e-04, 0.6512852253086e-05, 0.1049092285688e-04,
                    0.1128838671535e-04, 0.1212845639773e-03};
            default:
                return new double[] {1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05,
                    4.7671093939528255e-05, 1.3621613399213001e-04};
        }
    }
}
