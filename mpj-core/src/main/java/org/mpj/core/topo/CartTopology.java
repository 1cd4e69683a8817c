package org.mpj.core.topo;

import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.match.MatchConstants;

/**
 * A Cartesian grid of {@code dims[0] x dims[1] x ...} ranks in row-major order: the last coordinate
 * varies fastest, so in a 2 x 3 grid rank 4 sits at (1, 1). A periodic dimension wraps around; off
 * the edge of a non-periodic one lies MPI.PROC_NULL.
 *
 * <pre>
 *   dims {2, 3}:   (0,0)=0  (0,1)=1  (0,2)=2
 *                  (1,0)=3  (1,1)=4  (1,2)=5
 * </pre>
 */
public final class CartTopology implements Topology {
    private final int[] dims;
    private final boolean[] periods;
    private final int size;

    private CartTopology(int[] dims, boolean[] periods, int size) {
        this.dims = dims;
        this.periods = periods;
        this.size = size;
    }

    /** A grid checked against the {@code commSize} ranks it will be made from; {@code call} names the caller. */
    public static CartTopology of(String call, int[] dims, boolean[] periods, int commSize, String commName) {
        if (dims == null || periods == null) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": " + (dims == null ? "dims" : "periods") + " is null");
        }
        if (dims.length != periods.length) {
            throw new MpjException(ErrorClass.ERR_DIMS, call + ": dims has " + dims.length + " entries but periods has "
                    + periods.length);
        }
        long product = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new MpjException(ErrorClass.ERR_DIMS, call + ": dims[" + i + "] is " + dims[i]
                        + " (each dimension must be positive)");
            }
            product = Math.min(product * dims[i], Integer.MAX_VALUE + 1L);
        }
        if (product > commSize) {
            throw new MpjException(ErrorClass.ERR_DIMS, call + ": dims " + Arrays.toString(dims) + " make a grid of "
                    + product + " ranks; " + commName + " has only " + commSize);
        }
        return new CartTopology(dims.clone(), periods.clone(), (int) product);
    }

    @Override
    public int kind() {
        return CART;
    }

    @Override
    public int size() {
        return size;
    }

    public int ndims() {
        return dims.length;
    }

    public int[] dims() {
        return dims.clone();
    }

    public boolean[] periods() {
        return periods.clone();
    }

    /** The coordinates of {@code rank}. */
    public int[] coords(int rank) {
        if (rank < 0 || rank >= size) {
            throw new MpjException(ErrorClass.ERR_RANK, "Coords of rank " + rank + " in a grid of " + size
                    + " (valid: 0.." + (size - 1) + ")");
        }
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /** The rank at {@code coords}; a coordinate outside a periodic dimension wraps around. */
    public int rank(int[] coords) {
        if (coords == null || coords.length != dims.length) {
            throw new MpjException(ErrorClass.ERR_DIMS, "Rank of coordinates " + Arrays.toString(coords) + " in a "
                    + dims.length + "-dimensional grid " + Arrays.toString(dims));
        }
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) {
                c = Math.floorMod(c, dims[i]);
            } else if (c < 0 || c >= dims[i]) {
                throw new MpjException(ErrorClass.ERR_ARG, "Rank of coordinates " + Arrays.toString(coords)
                        + ": coordinate " + i + " is " + c + " but dimension " + i + " is not periodic (valid: 0.."
                        + (dims[i] - 1) + ")");
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /**
     * The ranks {@code disp} steps behind and ahead of {@code rank} along {@code direction}:
     * {source, dest}, each MPI.PROC_NULL when it falls off a non-periodic edge.
     */
    public int[] shift(int rank, int direction, int disp) {
        if (direction < 0 || direction >= dims.length) {
            throw new MpjException(ErrorClass.ERR_DIMS, "Shift along direction " + direction + " of a "
                    + dims.length + "-dimensional grid (valid: 0.." + (dims.length - 1) + ")");
        }
        int[] c = coords(rank);
        return new int[] {neighbour(c, direction, -(long) disp), neighbour(c, direction, disp)};
    }

    private int neighbour(int[] c, int direction, long disp) {
        long to = c[direction] + disp;
        if (!periods[direction] && (to < 0 || to >= dims[direction])) {
            return MatchConstants.PROC_NULL;
        }
        int[] n = c.clone();
        n[direction] = (int) Math.floorMod(to, (long) dims[direction]);
        return rank(n);
    }

    /** The grid of the dimensions that {@code remain} keeps. */
    public CartTopology sub(boolean[] remain) {
        checkRemain(remain);
        int kept = 0;
        for (boolean b : remain) {
            kept += b ? 1 : 0;
        }
        int[] d = new int[kept];
        boolean[] p = new boolean[kept];
        int product = 1;
        for (int i = 0, j = 0; i < dims.length; i++) {
            if (remain[i]) {
                d[j] = dims[i];
                p[j++] = periods[i];
                product *= dims[i];
            }
        }
        return new CartTopology(d, p, product);
    }

    /** Which sub-grid {@code rank} falls in: the row-major index of its dropped coordinates. */
    public int subGridOf(int rank, boolean[] remain) {
        checkRemain(remain);
        int[] c = coords(rank);
        int color = 0;
        for (int i = 0; i < dims.length; i++) {
            if (!remain[i]) {
                color = color * dims[i] + c[i];
            }
        }
        return color;
    }

    private void checkRemain(boolean[] remain) {
        if (remain == null || remain.length != dims.length) {
            throw new MpjException(ErrorClass.ERR_DIMS, "Sub: remain_dims has "
                    + (remain == null ? "no" : remain.length + "") + " entries; the grid has " + dims.length
                    + " dimensions");
        }
    }
}
