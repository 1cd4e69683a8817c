package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * One rank's block of NPB LU's grid, its neighbours and the messages it swaps with them. As in NPB's
 * MPI LU, the ranks form an xdim x ydim grid over the x-y plane (xdim = ydim or 2 ydim) and every rank
 * holds all z planes of its block. The neighbour at lower x is "north", at higher x "south", at lower
 * y "west" and at higher y "east", as NPB names them; off the grid's edge a neighbour is
 * {@code MPI.PROC_NULL}.
 *
 * <p>A field is one flat array, five doubles per point, x fastest, with two ghost points on each side
 * in x and y (none in z). Local point (i, j, k), i in [-2, nx + 2), j in [-2, ny + 2), k in [0, nz),
 * is at {@link #index}; its global point is (ipt + i, jpt + j, k).
 * <pre>
 * one z plane of a rank on the north edge of the grid of ranks, nx = ny = 4 (x down, y across):
 *     . .  . . . .  . .      rows i = -2, -1: no north neighbour, unused
 *     . .  . . . .  . .
 *     g g  b b b b  g g      b: on the global boundary, fixed values
 *     g g  x x x x  g g      x: updated by this rank, i in [ist, iend], j in [jst, jend]
 *     g g  x x x x  g g      g: ghosts, copies of the west, east and south neighbours' points
 *     g g  x x x x  g g      .: corners, never used
 *     . .  g g g g  . .
 *     . .  g g g g  . .
 * </pre>
 */
final class LuDomain {
    /** Values per point: density, three momenta, energy. */
    static final int M = 5;
    /** Ghost points per side in x and y: the fourth-difference dissipation reaches two points away. */
    static final int GHOSTS = 2;
    /** Each rank needs this many points along x and y (NPB's subdomain check). */
    static final int MIN_POINTS = 3;

    private static final int TAG_HALO_SOUTHWARD = 1;
    private static final int TAG_HALO_NORTHWARD = 2;
    private static final int TAG_HALO_EASTWARD = 3;
    private static final int TAG_HALO_WESTWARD = 4;
    private static final int TAG_LOWER_SWEEP = 5;  // lines travelling south and east
    private static final int TAG_UPPER_SWEEP = 6;  // lines travelling north and west

    final int nx0;
    final int ny0;
    final int nz0;
    final int xdim;
    final int ydim;
    final int north;
    final int south;
    final int west;
    final int east;
    final int nx;    // points held along x, ghosts not counted
    final int ny;
    final int nz;
    final int ipt;   // global x index of local i = 0
    final int jpt;
    final int ist;   // interior points of the block, inclusive
    final int iend;
    final int jst;
    final int jend;
    final int sy;    // array stride of one step in y
    final int sz;    // array stride of one step in z
    final int length;

    private final double[] sendBuf;
    private final double[] recvBuf;

    LuDomain(int nx0, int ny0, int nz0, int rank, int size) {
        this.nx0 = nx0;
        this.ny0 = ny0;
        this.nz0 = nz0;
        xdim = xdimFor(size);
        ydim = size / xdim;
        int row = rank % xdim;
        int col = rank / xdim;
        north = row > 0 ? rank - 1 : MPI.PROC_NULL;
        south = row < xdim - 1 ? rank + 1 : MPI.PROC_NULL;
        west = col > 0 ? rank - xdim : MPI.PROC_NULL;
        east = col < ydim - 1 ? rank + xdim : MPI.PROC_NULL;
        nx = start(nx0, xdim, row + 1) - start(nx0, xdim, row);
        ny = start(ny0, ydim, col + 1) - start(ny0, ydim, col);
        nz = nz0;
        ipt = start(nx0, xdim, row);
        jpt = start(ny0, ydim, col);
        ist = north == MPI.PROC_NULL ? 1 : 0;
        iend = south == MPI.PROC_NULL ? nx - 2 : nx - 1;
        jst = west == MPI.PROC_NULL ? 1 : 0;
        jend = east == MPI.PROC_NULL ? ny - 2 : ny - 1;
        sy = M * (nx + 2 * GHOSTS);
        sz = sy * (ny + 2 * GHOSTS);
        length = sz * nz;
        int slab = GHOSTS * M * nz * Math.max(nx, ny);
        sendBuf = new double[slab];
        recvBuf = new double[slab];
    }

    /**
     * Refuses a rank count that is not a power of two, or whose grid of ranks leaves some rank fewer
     * than {@link #MIN_POINTS} points along x or y of an n0^3 grid (x is the axis with more ranks).
     */
    static void requireValidRankCount(char cls, int n0, int size) {
        int max = 1;
        while (n0 / xdimFor(2 * max) >= MIN_POINTS) {
            max *= 2;
        }
        if (Integer.bitCount(size) != 1) {
            Npb.requirePowerOfTwo("LU", size, max); // throws, naming the most ranks that fit
        }
        if (size > max) {
            int xdim = xdimFor(size);
            throw new IllegalArgumentException("LU class " + cls + " (" + n0 + "x" + n0 + "x" + n0 + "): " + size
                    + " ranks form a " + xdim + " x " + size / xdim + " grid that leaves a rank " + n0 / xdim
                    + " points along x; each rank needs at least " + MIN_POINTS + " per axis, so use at most "
                    + max + " ranks");
        }
    }

    /** Ranks along x for a power-of-two count: 2^ceil(log2(size) / 2), as NPB 3.3's proc_grid. */
    private static int xdimFor(int size) {
        return size >> (Integer.numberOfTrailingZeros(size) / 2);
    }

    /** First index of part {@code p} when n points are split into {@code parts}, sizes differing by at most one. */
    private static int start(int n, int parts, int p) {
        return p * (n / parts) + Math.min(p, n % parts);
    }

    /** Grid spacing along axis 0 (x), 1 (y) or 2 (z): the unit interval in n0 - 1 steps. */
    double spacing(int axis) {
        return 1.0 / ((axis == 0 ? nx0 : axis == 1 ? ny0 : nz0) - 1);
    }

    /** Array index of the first value of local point (i, j, k). */
    int index(int i, int j, int k) {
        return M * (i + GHOSTS) + sy * (j + GHOSTS) + sz * k;
    }

    /** Fills the two ghost layers in x and in y of {@code a} from the neighbours (NPB's exchange_3). */
    void exchangeHalo(double[] a) throws MPIException {
        int n = GHOSTS * ny * nz * M;
        pack(a, nx - GHOSTS, nx, 0, ny, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, n, MPI.DOUBLE, south, TAG_HALO_SOUTHWARD,
                recvBuf, 0, n, MPI.DOUBLE, north, TAG_HALO_SOUTHWARD);
        if (north != MPI.PROC_NULL) {
            unpack(a, -GHOSTS, 0, 0, ny, recvBuf);
        }
        pack(a, 0, GHOSTS, 0, ny, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, n, MPI.DOUBLE, north, TAG_HALO_NORTHWARD,
                recvBuf, 0, n, MPI.DOUBLE, south, TAG_HALO_NORTHWARD);
        if (south != MPI.PROC_NULL) {
            unpack(a, nx, nx + GHOSTS, 0, ny, recvBuf);
        }
        n = GHOSTS * nx * nz * M;
        pack(a, 0, nx, ny - GHOSTS, ny, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, n, MPI.DOUBLE, east, TAG_HALO_EASTWARD,
                recvBuf, 0, n, MPI.DOUBLE, west, TAG_HALO_EASTWARD);
        if (west != MPI.PROC_NULL) {
            unpack(a, 0, nx, -GHOSTS, 0, recvBuf);
        }
        pack(a, 0, nx, 0, GHOSTS, sendBuf);
        MPI.COMM_WORLD.Sendrecv(sendBuf, 0, n, MPI.DOUBLE, west, TAG_HALO_WESTWARD,
                recvBuf, 0, n, MPI.DOUBLE, east, TAG_HALO_WESTWARD);
        if (east != MPI.PROC_NULL) {
            unpack(a, 0, nx, ny, ny + GHOSTS, recvBuf);
        }
    }

    /**
     * Lower sweep, plane k: waits for the line just north of the block (i = -1) and the line just west
     * of it (j = -1), each solved by that neighbour in the same plane.
     */
    void receiveLowerLines(double[] v, int k) throws MPIException {
        if (north != MPI.PROC_NULL) {
            int n = M * (jend - jst + 1);
            MPI.COMM_WORLD.Recv(recvBuf, 0, n, MPI.DOUBLE, north, TAG_LOWER_SWEEP);
            unpackLine(v, -1, k, recvBuf);
        }
        if (west != MPI.PROC_NULL) { // a line along x is contiguous: straight into place
            MPI.COMM_WORLD.Recv(v, index(ist, -1, k), M * (iend - ist + 1), MPI.DOUBLE, west, TAG_LOWER_SWEEP);
        }
    }

    /** Lower sweep, plane k: hands the block's last line in x to the south and in y to the east. */
    void sendLowerLines(double[] v, int k) throws MPIException {
        if (south != MPI.PROC_NULL) {
            int n = packLine(v, nx - 1, k, sendBuf);
            MPI.COMM_WORLD.Send(sendBuf, 0, n, MPI.DOUBLE, south, TAG_LOWER_SWEEP);
        }
        if (east != MPI.PROC_NULL) {
            MPI.COMM_WORLD.Send(v, index(ist, ny - 1, k), M * (iend - ist + 1), MPI.DOUBLE, east, TAG_LOWER_SWEEP);
        }
    }

    /** Upper sweep, plane k: waits for the lines just south (i = nx) and east (j = ny) of the block. */
    void receiveUpperLines(double[] v, int k) throws MPIException {
        if (south != MPI.PROC_NULL) {
            int n = M * (jend - jst + 1);
            MPI.COMM_WORLD.Recv(recvBuf, 0, n, MPI.DOUBLE, south, TAG_UPPER_SWEEP);
            unpackLine(v, nx, k, recvBuf);
        }
        if (east != MPI.PROC_NULL) {
            MPI.COMM_WORLD.Recv(v, index(ist, ny, k), M * (iend - ist + 1), MPI.DOUBLE, east, TAG_UPPER_SWEEP);
        }
    }

    /** Upper sweep, plane k: hands the block's first line in x to the north and in y to the west. */
    void sendUpperLines(double[] v, int k) throws MPIException {
        if (north != MPI.PROC_NULL) {
            int n = packLine(v, 0, k, sendBuf);
            MPI.COMM_WORLD.Send(sendBuf, 0, n, MPI.DOUBLE, north, TAG_UPPER_SWEEP);
        }
        if (west != MPI.PROC_NULL) {
            MPI.COMM_WORLD.Send(v, index(ist, 0, k), M * (iend - ist + 1), MPI.DOUBLE, west, TAG_UPPER_SWEEP);
        }
    }

    /** Copies points [i0, i1) x [j0, j1), every plane, to {@code buf}: one run of x points per (j, k). */
    private void pack(double[] a, int i0, int i1, int j0, int j1, double[] buf) {
        int run = M * (i1 - i0);
        int b = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = j0; j < j1; j++) {
                System.arraycopy(a, index(i0, j, k), buf, b, run);
                b += run;
            }
        }
    }

    private void unpack(double[] a, int i0, int i1, int j0, int j1, double[] buf) {
        int run = M * (i1 - i0);
        int b = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = j0; j < j1; j++) {
                System.arraycopy(buf, b, a, index(i0, j, k), run);
                b += run;
            }
        }
    }

    /** The interior points of the line at x index i of plane k, j in [jst, jend], into {@code buf}. */
    private int packLine(double[] v, int i, int k, double[] buf) {
        int b = 0;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(v, index(i, j, k), buf, b, M);
            b += M;
        }
        return b;
    }

    private void unpackLine(double[] v, int i, int k, double[] buf) {
        int b = 0;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(buf, b, v, index(i, j, k), M);
            b += M;
        }
    }
}
