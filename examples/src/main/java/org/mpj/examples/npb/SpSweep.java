package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * One implicit solve of SP along an axis, pipelined over the cells as NPB's x_solve, y_solve and z_solve
 * do: at stage s every rank eliminates its cell at place s along the axis, after the predecessor's last
 * two rows arrived, and sends its own last two rows on; the back substitution then runs the stages in
 * reverse, passing the first two solved rows back. The operator of the next cell is built while its
 * rows are in flight.
 */
final class SpSweep {
    private static final int FORWARD_TAG = 20;
    private static final int BACKWARD_TAG = 30;

    private final MultiPartition layout;
    private final FlowCell[] cells;
    private final double[] in;
    private final double[] out;

    SpSweep(MultiPartition layout, FlowCell[] cells) {
        this.layout = layout;
        this.cells = cells;
        int lines = 0;
        for (FlowCell c : cells) {
            for (int d = 0; d < 3; d++) {
                lines = Math.max(lines, SpLines.lines(c, d));
            }
        }
        in = new double[SpLines.FORWARD * lines];
        out = new double[SpLines.FORWARD * lines];
    }

    /** Solves along axis d and applies the change of variables that follows it. */
    void solve(int d) throws MPIException {
        int q = layout.q;
        int[] slice = layout.slice[d];
        int succ = layout.successor[d];
        int pred = layout.predecessor[d];
        Request sending = null;
        for (int stage = 0; stage < q; stage++) {
            FlowCell c = cells[slice[stage]];
            if (stage > 0) {
                Request r = MPI.COMM_WORLD.Irecv(in, 0, SpLines.FORWARD * SpLines.lines(c, d), MPI.DOUBLE, pred, FORWARD_TAG + d);
                SpLines.build(c, d);
                r.Wait();
                SpLines.applyPredecessor(c, d, in);
            } else {
                SpLines.build(c, d);
            }
            SpLines.eliminate(c, d);
            if (stage < q - 1) {
                if (sending != null) {
                    sending.Wait();
                }
                int count = SpLines.packForward(c, d, out);
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
                MPI.COMM_WORLD.Irecv(in, 0, SpLines.BACKWARD * SpLines.lines(c, d), MPI.DOUBLE, succ, BACKWARD_TAG + d).Wait();
            }
            SpLines.substitute(c, d, in, fromSuccessor);
            if (stage > 0) {
                if (sending != null) {
                    sending.Wait();
                }
                int count = SpLines.packBackward(c, d, out);
                sending = MPI.COMM_WORLD.Isend(out, 0, count, MPI.DOUBLE, pred, BACKWARD_TAG + d);
            }
            c.afterSolve(d);
        }
        if (sending != null) {
            sending.Wait();
        }
    }
}
