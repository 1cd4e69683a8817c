package org.mpj.examples.npb;

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
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.BT [S|W|A|B] [DT]</pre>
 *
 * A second argument replaces the class's time step, which must make verification fail.
 */
public final class BT extends FlowBenchmark {
    private final BtSweep sweep;

    private BT(MultiPartition layout, FlowConstants k) {
        super(layout, k, false);
        sweep = new BtSweep(layout, cells);
    }

    public static void main(String[] args) throws MPIException {
        run("BT", args, BT::problem, BT::new);
    }

    /** NPB's adi: ghost faces and right hand side, the three block solves, the update. */
    @Override
    void adi() throws MPIException {
        faces.exchange();
        for (int d = 0; d < 3; d++) {
            sweep.solve(d);
        }
        for (FlowCell c : cells) {
            c.add();
        }
    }

    /** NPB 3.x's numbers for class {@code cls}. */
    static Problem problem(char cls) {
        int n = cls == 'S' ? 12 : cls == 'W' ? 24 : cls == 'A' ? 64 : 102;
        int niter = cls == 'S' ? 60 : 200;
        double dtRef = cls == 'S' ? 0.010 : cls == 'B' ? 0.0003 : 0.0008;
        double[] mflopCubic = {3478.8, -17655.7, 28023.7, 0};
        return new Problem(cls, n, niter, dtRef, residualReference(cls), errorReference(cls), mflopCubic);
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
            case 'A':
                return new double[] {1.0806346714637264e+02, 1.1319730901220813e+01, 2.5974354511582465e+01,
                    2.3665622544678910e+01, 2.5278963211748344e+02};
            default:
                return new double[] {1.4233597229287254e+03, 9.9330522590150238e+01, 3.5646025644535285e+02,
                    3.2485447959084092e+02, 3.2707541254659363e+03};
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
            case 'A':
                return new double[] {4.2348416040525025e+00, 4.4390282496995698e-01, 9.6692480136345650e-01,
                    8.8302063039765474e-01, 9.7379901770829278e+00};
            default:
                return new double[] {5.2969847140936856e+01, 4.4632896115670668e+00, 1.3122573342210174e+01,
                    1.2006925323559144e+01, 1.2459576151035986e+02};
        }
    }
}
