package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * What SP and BT share around their solvers, as NPB's MPI codes do: the cells of the multi-partition,
 * the untimed first step, the timed loop, the norms against NPB's reference values, and the report.
 * Each benchmark supplies its time step ({@link #adi}) and the numbers of its classes ({@link Problem}).
 */
abstract class FlowBenchmark {
    static final double EPSILON = 1e-8;

    final FlowCell[] cells;
    final CellFaces faces;

    /** @param pentadiagonal whether the cells keep SP's pentadiagonal coefficients */
    FlowBenchmark(MultiPartition layout, FlowConstants k, boolean pentadiagonal) {
        cells = new FlowCell[layout.q];
        for (int c = 0; c < layout.q; c++) {
            cells[c] = new FlowCell(k, layout.size[c], layout.low[c], pentadiagonal);
        }
        faces = new CellFaces(layout, cells);
    }

    /** One time step: ghost faces and right hand side, the three solves, the update. */
    abstract void adi() throws MPIException;

    /**
     * One class of a benchmark: grid points per axis, time steps, NPB's time step and its reference
     * norms (residual divided by dt, error), and the cubic in n that counts the Mflop of one step.
     */
    record Problem(char cls, int n, int niter, double dtRef, double[] xcrRef, double[] xceRef, double[] mflopCubic) {
        double mflops(double seconds) {
            double[] c = mflopCubic;
            return (((c[0] * n + c[1]) * n + c[2]) * n + c[3]) * niter / (seconds * 1e6);
        }
    }

    interface Classes {
        Problem of(char cls);
    }

    interface Maker {
        FlowBenchmark make(MultiPartition layout, FlowConstants k);
    }

    /**
     * The benchmark's main: {@code [S|W|A|B] [DT]}; a DT other than the class's must fail verification,
     * which ends the job with {@link VerificationFailed}.
     */
    static void run(String name, String[] args, Classes classes, Maker maker) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Problem pb = classes.of(Npb.problemClass(name, app, "SWAB"));
        int n = pb.n();
        double dt = app.length > 1 ? Npb.timeStep(name, app[1]) : pb.dtRef();
        MultiPartition layout = new MultiPartition(name, rank, size, n);
        FlowBenchmark b = maker.make(layout, new FlowConstants(n, dt));
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- %s Benchmark%n%n Size: %4dx%4dx%4d  (class %c)%n"
                    + " Iterations: %4d    dt: %11.7f%n Number of processes: %6d (%d cells per axis)%n",
                    name, n, n, n, pb.cls(), pb.niter(), dt, size, layout.q);
        }
        for (FlowCell c : b.cells) {
            c.initialize();
            c.exactForcing();
        }
        b.adi(); // one step untimed, as NPB does, to touch all data and code
        for (FlowCell c : b.cells) {
            c.initialize();
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (int step = 1; step <= pb.niter(); step++) {
            if (rank == 0 && (step % 20 == 0 || step == 1 || step == pb.niter())) {
                System.out.printf(" Time step %4d%n", step);
            }
            b.adi();
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        double[] xce = FlowCell.errorNorms(b.cells, n);
        b.faces.exchange(); // the right hand side of the final state
        double[] xcr = FlowCell.rhsNorms(b.cells, n);
        for (int m = 0; m < 5; m++) {
            xcr[m] /= dt;
        }
        int off = 0;
        StringBuilder lines = new StringBuilder(" Comparison of RMS-norms of residual\n");
        off += Npb.compareNorms(xcr, pb.xcrRef(), EPSILON, lines);
        lines.append(" Comparison of RMS-norms of solution error\n");
        off += Npb.compareNorms(xce, pb.xceRef(), EPSILON, lines);
        boolean dtOk = Math.abs(dt - pb.dtRef()) <= EPSILON;
        boolean verified = off == 0 && dtOk;
        if (rank == 0) {
            System.out.printf(" Verification being performed for class %c%n accuracy setting for epsilon = %20.13e%n",
                    pb.cls(), EPSILON);
            if (!dtOk) {
                System.out.printf(" DT does not match the reference value of %15.8e%n", pb.dtRef());
            }
            System.out.print(lines);
            Npb.report(name, pb.cls(), n + "x" + n + "x" + n, pb.niter(), time[0], pb.mflops(time[0]), size,
                    "floating point", verified);
        }
        MPI.Finalize();
        if (!verified) {
            throw new VerificationFailed(name + " class " + pb.cls() + ": VERIFICATION UNSUCCESSFUL: " + off
                    + " of 10 norms off by more than " + EPSILON
                    + (dtOk ? "" : "; dt " + dt + " is not the class's " + pb.dtRef()));
        }
    }
}
