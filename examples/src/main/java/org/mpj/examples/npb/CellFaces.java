package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * NPB's copy_faces (SP and BT): every cell's two ghost layers on each side are filled from the
 * neighbouring cell, then the right hand side is computed. All of a rank's cells that have a neighbour
 * on the same side find it on the same rank (the layout's successor or predecessor along that axis), so
 * one message per side carries the faces of all of them: six sends and six receives per exchange.
 */
final class CellFaces {
    private static final int TAG = 10;

    private final MultiPartition layout;
    private final FlowCell[] cells;
    private final double[][] send = new double[6][];
    private final double[][] recv = new double[6][];
    private final Request[] requests = new Request[12];

    CellFaces(MultiPartition layout, FlowCell[] cells) {
        this.layout = layout;
        this.cells = cells;
        for (int d = 0; d < 3; d++) {
            int count = 0;
            for (FlowCell c : cells) {
                count += faceSize(c, d);
            }
            for (int side = 0; side < 2; side++) {
                send[2 * d + side] = new double[count];
                recv[2 * d + side] = new double[count];
            }
        }
    }

    /** Values in two layers of cell c across axis d. */
    private static int faceSize(FlowCell c, int d) {
        return 2 * 5 * c.n[0] * c.n[1] * c.n[2] / c.n[d];
    }

    /** Whether cell c has a neighbouring cell on side (0 low, 1 high) along axis d. */
    private boolean hasNeighbour(int c, int d, int side) {
        int place = layout.coord[c][d];
        return side == 0 ? place > 0 : place < layout.q - 1;
    }

    /** Exchanges the ghost layers of u, then computes every cell's right hand side. */
    void exchange() throws MPIException {
        int r = 0;
        for (int d = 0; d < 3; d++) {
            for (int side = 0; side < 2; side++) {
                int peer = side == 1 ? layout.successor[d] : layout.predecessor[d];
                int count = 0;
                double[] out = send[2 * d + side];
                for (int c = 0; c < cells.length; c++) {
                    if (hasNeighbour(c, d, side)) {
                        int first = side == 1 ? cells[c].n[d] - 2 : 0;
                        count = copyLayers(cells[c], d, first, out, count, true);
                    }
                }
                if (count == 0) {
                    continue; // one rank: no neighbours at all
                }
                // A message sent to the high side arrives from the receiver's low side: tag by the sender's side.
                requests[r++] = MPI.COMM_WORLD.Irecv(recv[2 * d + side], 0, count, MPI.DOUBLE, peer, TAG + 2 * d + 1 - side);
                requests[r++] = MPI.COMM_WORLD.Isend(out, 0, count, MPI.DOUBLE, peer, TAG + 2 * d + side);
            }
        }
        for (int i = 0; i < r; i++) {
            requests[i].Wait();
            requests[i] = null;
        }
        if (r > 0) {
            for (int d = 0; d < 3; d++) {
                for (int side = 0; side < 2; side++) {
                    int count = 0;
                    for (int c = 0; c < cells.length; c++) {
                        if (hasNeighbour(c, d, side)) {
                            int first = side == 1 ? cells[c].n[d] : -2;
                            count = copyLayers(cells[c], d, first, recv[2 * d + side], count, false);
                        }
                    }
                }
            }
        }
        for (FlowCell c : cells) {
            c.computeRhs();
        }
    }

    /** Copies layers first and first+1 across axis d of c's u to (out) or from buf at q; returns the new q. */
    private static int copyLayers(FlowCell c, int d, int first, double[] buf, int q, boolean out) {
        int x0 = d == 0 ? first : 0;
        int run = 5 * (d == 0 ? 2 : c.n[0]); // points along x lie together
        int j0 = d == 1 ? first : 0;
        int j1 = d == 1 ? first + 2 : c.n[1];
        int l0 = d == 2 ? first : 0;
        int l1 = d == 2 ? first + 2 : c.n[2];
        for (int l = l0; l < l1; l++) {
            for (int j = j0; j < j1; j++) {
                int o = 5 * c.pt(x0, j, l);
                if (out) {
                    System.arraycopy(c.u, o, buf, q, run);
                } else {
                    System.arraycopy(buf, q, c.u, o, run);
                }
                q += run;
            }
        }
        return q;
    }
}
