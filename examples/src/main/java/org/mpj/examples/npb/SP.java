package org.mpj.examples.npb;

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
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.SP [S|W|A|B] [DT]</pre>
 *
 * A second argument replaces the class's time step, which must make verification fail.
 */
public final class SP extends FlowBenchmark {
    private final SpSweep sweep;

    private SP(MultiPartition layout, FlowConstants k) {
        super(layout, k, true);
        sweep = new SpSweep(layout, cells);
    }

    public static void main(String[] args) throws MPIException {
        run("SP", args, SP::problem, SP::new);
    }

    /** NPB's adi: ghost faces and right hand side, the three solves, the update. */
    @Override
    void adi() throws MPIException {
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

    /** NPB 3.x's numbers for class {@code cls}. */
    static Problem problem(char cls) {
        int n = cls == 'S' ? 12 : cls == 'W' ? 36 : cls == 'A' ? 64 : 102;
        int niter = cls == 'S' ? 100 : 400;
        double dtRef = cls == 'S' ? 0.015 : cls == 'B' ? 0.001 : 0.0015;
        double[] mflopCubic = {881.174, -4683.91, 11484.5, -19272.4};
        return new Problem(cls, n, niter, dtRef, residualReference(cls), errorReference(cls), mflopCubic);
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
            case 'A':
                return new double[] {2.4799822399300195e0, 1.1276337964368832e0, 1.5028977888770491e0,
                    1.4217816211695179e0, 2.1292113035138280e0};
            default:
                return new double[] {0.6903293579998e+02, 0.3095134488084e+02, 0.4103336647017e+02,
                    0.3864769009604e+02, 0.5643482272596e+02};
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
            case 'A':
                return new double[] {1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05,
                    4.7671093939528255e-05, 1.3621613399213001e-04};
            default:
                return new double[] {0.9810006190188e-02, 0.1022827905670e-02, 0.1720597911692e-02,
                    0.1694479428231e-02, 0.1847456263981e-01};
        }
    }
}
