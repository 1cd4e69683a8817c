package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * One block tri-diagonal solve of BT along an axis, pipelined over the cells as NPB's x_solve, y_solve
 * and z_solve do: at stage s every rank eliminates its cell at place s along the axis, after the
 * predecessor's last C' and right hand side arrived, and sends its own on; the back substitution then
 * runs the stages in reverse, passing each cell's first solved row back. The C' blocks of a cell are
 * kept (25 per point) for the back substitution.
 */
final class BtSweep {
    private static final int FORWARD_TAG = 40;
    private static final int BACKWARD_TAG = 50;

    private final MultiPartition layout;
    private final FlowCell[] cells;
    private final double[][] cprime;
    private final BtLines algebra;
    private final double[] in;
    private final double[] out;

    BtSweep(MultiPartition layout, FlowCell[] cells) {
        this.layout = layout;
        this.cells = cells;
        cprime = new double[cells.length][];
        int lines = 0;
        int length = 0;
        for (int i = 0; i < cells.length; i++) {
            FlowCell c = cells[i];
            cprime[i] = new double[25 * c.points];
            for (int d = 0; d < 3; d++) {
                lines = Math.max(lines, BtLines.lines(c, d));
                length = Math.max(length, c.n[d]);
            }
        }
        algebra = new BtLines(length);
        in = new double[BtLines.FORWARD * lines];
        out = new double[BtLines.FORWARD * lines];
    }

    /** Solves along axis d, leaving the update in the cells' right hand sides. */
    void solve(int d) throws MPIException {
        int q = layout.q;
        int[] slice = layout.slice[d];
        int succ = layout.successor[d];
        int pred = layout.predecessor[d];
        Request sending = null;
        for (int stage = 0; stage < q; stage++) {
            FlowCell c = cells[slice[stage]];
            if (stage > 0) {
                MPI.COMM_WORLD.Irecv(in, 0, BtLines.FORWARD * BtLines.lines(c, d), MPI.DOUBLE, pred, FORWARD_TAG + d).Wait();
            }
            algebra.eliminate(c, d, cprime[slice[stage]], in);
            if (stage < q - 1) {
                if (sending != null) {
                    sending.Wait();
                }
                int count = BtLines.packForward(c, d, cprime[slice[stage]], out);
                sending = MPI.COMM_WORLD.Isend(out, 0, count, MPI.DOUBLE, succ, FORWARD_TAG + d);
            }
        }
        if (sending != null) {
            sending.Wait();
            sending = null;
        }
        for (int stage = q - 1; stage >= 0; stage--) {
            FlowCell c = cells[slice[stage]];
            boolean fromSuccessor = stage < q - 1;
            if (fromSuccessor) {
                MPI.COMM_WORLD.Irecv(in, 0, BtLines.BACKWARD * BtLines.lines(c, d), MPI.DOUBLE, succ, BACKWARD_TAG + d).Wait();
            }
            BtLines.substitute(c, d, cprime[slice[stage]], in, fromSuccessor);
            if (stage > 0) {
                if (sending != null) {
                    sending.Wait();
                }
                int count = BtLines.packBackward(c, d, out);
                sending = MPI.COMM_WORLD.Isend(out, 0, count, MPI.DOUBLE, pred, BACKWARD_TAG + d);
            }
        }
        if (sending != null) {
            sending.Wait();
        }
    }
}
