package org.mpj.examples;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * Jacobi iteration for Laplace's equation on an n x n grid, split into blocks over a 2-D Cartesian
 * grid of ranks. Each rank keeps its block with a one-cell halo; before each sweep it swaps edge
 * rows with its neighbours above and below (contiguous) and edge columns with its neighbours left
 * and right (a {@code Vector} type: one element per row, a row apart). At the end every block is
 * sent to rank 0, again through a {@code Vector} type, and rank 0 checks the result against the same
 * iteration done sequentially.
 *
 * <pre>
 * rank (r,c)'s block, h rows x w columns, stored row-major with its halo (row length w + 2):
 *   . N N N .      N, S: halo rows from the neighbours above and below   (w contiguous doubles)
 *   W x x x E      W, E: halo columns from the left and right neighbours (Vector(h, 1, w + 2))
 *   W x x x E      x: the cells this rank updates
 *   . S S S .      halo cells on the grid's edge hold the fixed boundary values
 * </pre>
 *
 * <pre>bin/mpjrun -np 6 -cp examples/target/classes org.mpj.examples.HaloExchange [n] [iterations]</pre>
 */
public class HaloExchange {
    private static final int TAG_ROWS = 1;
    private static final int TAG_COLUMNS = 2;
    private static final int TAG_RESULT = 3;

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int n = app.length > 0 ? Integer.parseInt(app[0]) : 60;
        int iterations = app.length > 1 ? Integer.parseInt(app[1]) : 200;

        int[] dims = {0, 0};
        Cartcomm.Dims_create(MPI.COMM_WORLD.Size(), dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, false}, true);
        int rank = grid.Rank();
        int[] coords = grid.Coords(rank);

        // This rank's rows [row0, row0 + h) and columns [col0, col0 + w) of the interior, 1-based in
        // the (n + 2) x (n + 2) grid whose outer ring is the fixed boundary.
        int row0 = 1 + start(n, dims[0], coords[0]), h = start(n, dims[0], coords[0] + 1) - row0 + 1;
        int col0 = 1 + start(n, dims[1], coords[1]), w = start(n, dims[1], coords[1] + 1) - col0 + 1;
        int stride = w + 2;
        double[] u = new double[(h + 2) * stride];
        double[] next = new double[(h + 2) * stride];
        for (int i = 0; i < h + 2; i++) {
            for (int j = 0; j < w + 2; j++) {
                u[i * stride + j] = initial(n, row0 - 1 + i, col0 - 1 + j);
            }
        }
        System.arraycopy(u, 0, next, 0, u.length);

        Datatype column = Datatype.Vector(h, 1, stride, MPI.DOUBLE);
        column.Commit();
        ShiftParms vertical = grid.Shift(0, 1);     // rank_source: above, rank_dest: below
        ShiftParms horizontal = grid.Shift(1, 1);   // rank_source: left,  rank_dest: right

        for (int it = 0; it < iterations; it++) {
            // Off the grid's edge a neighbour is MPI.PROC_NULL: nothing is sent, and the halo keeps
            // its boundary values.
            grid.Sendrecv(u, h * stride + 1, w, MPI.DOUBLE, vertical.rank_dest, TAG_ROWS,
                          u, 1, w, MPI.DOUBLE, vertical.rank_source, TAG_ROWS);
            grid.Sendrecv(u, stride + 1, w, MPI.DOUBLE, vertical.rank_source, TAG_ROWS,
                          u, (h + 1) * stride + 1, w, MPI.DOUBLE, vertical.rank_dest, TAG_ROWS);
            grid.Sendrecv(u, stride + w, 1, column, horizontal.rank_dest, TAG_COLUMNS,
                          u, stride, 1, column, horizontal.rank_source, TAG_COLUMNS);
            grid.Sendrecv(u, stride + 1, 1, column, horizontal.rank_source, TAG_COLUMNS,
                          u, stride + w + 1, 1, column, horizontal.rank_dest, TAG_COLUMNS);
            sweep(u, next, h, w);
            double[] t = u;
            u = next;
            next = t;
        }

        // Every block goes to its place in rank 0's full grid: h rows of w, sent from a row length
        // of w + 2 and received into a row length of n + 2.
        Datatype block = Datatype.Vector(h, w, stride, MPI.DOUBLE);
        block.Commit();
        int[] shape = {row0, col0, h, w};
        if (rank != 0) {
            grid.Send(shape, 0, 4, MPI.INT, 0, TAG_RESULT);
            grid.Send(u, stride + 1, 1, block, 0, TAG_RESULT);
        } else {
            double[] whole = new double[(n + 2) * (n + 2)];
            place(whole, n, u, shape, block);
            for (int r = 1; r < grid.Size(); r++) {
                grid.Recv(shape, 0, 4, MPI.INT, r, TAG_RESULT);
                Datatype into = Datatype.Vector(shape[2], shape[3], n + 2, MPI.DOUBLE);
                into.Commit();
                grid.Recv(whole, shape[0] * (n + 2) + shape[1], 1, into, r, TAG_RESULT);
            }
            double[] expected = sequential(n, iterations);
            double maxDiff = 0;
            for (int i = 1; i <= n; i++) {
                for (int j = 1; j <= n; j++) {
                    maxDiff = Math.max(maxDiff, Math.abs(whole[i * (n + 2) + j] - expected[i * (n + 2) + j]));
                }
            }
            String line = "Jacobi " + n + "x" + n + ", " + iterations + " iterations on a " + dims[0] + "x" + dims[1]
                    + " grid of ranks: max |parallel - sequential| = " + maxDiff;
            if (maxDiff > 1e-12) {
                throw new IllegalStateException(line + " (FAILED)");
            }
            System.out.println(line + " (verified)");
        }
        MPI.Finalize();
    }

    /** First interior index (0-based) of part {@code p} when n cells are split into {@code parts}, sizes differing by at most one. */
    static int start(int n, int parts, int p) {
        return p * (n / parts) + Math.min(p, n % parts);
    }

    /** The fixed boundary on the grid's outer ring (1 on the top edge, falling along the others); 0 inside. */
    static double initial(int n, int i, int j) {
        if (i == 0) {
            return 1.0;
        }
        if (i == n + 1 || j == 0 || j == n + 1) {
            return 1.0 - (double) i / (n + 1);
        }
        return 0.0;
    }

    /** One Jacobi step on an h x w block with a halo; the same arithmetic as {@link #sequential}. */
    static void sweep(double[] u, double[] next, int h, int w) {
        int stride = w + 2;
        for (int i = 1; i <= h; i++) {
            for (int j = 1; j <= w; j++) {
                int k = i * stride + j;
                next[k] = 0.25 * (u[k - stride] + u[k + stride] + u[k - 1] + u[k + 1]);
            }
        }
    }

    /** The whole grid iterated in one rank, for the check. */
    static double[] sequential(int n, int iterations) {
        double[] u = new double[(n + 2) * (n + 2)];
        for (int i = 0; i < n + 2; i++) {
            for (int j = 0; j < n + 2; j++) {
                u[i * (n + 2) + j] = initial(n, i, j);
            }
        }
        double[] next = u.clone();
        for (int it = 0; it < iterations; it++) {
            sweep(u, next, n, n);
            double[] t = u;
            u = next;
            next = t;
        }
        return u;
    }

    /** Rank 0's own block into the full grid, through the same types as the others' messages. */
    private static void place(double[] whole, int n, double[] u, int[] shape, Datatype block) throws MPIException {
        Datatype into = Datatype.Vector(shape[2], shape[3], n + 2, MPI.DOUBLE);
        into.Commit();
        MPI.COMM_SELF.Sendrecv(u, shape[3] + 3, 1, block, 0, TAG_RESULT,
                               whole, shape[0] * (n + 2) + shape[1], 1, into, 0, TAG_RESULT);
    }
}
