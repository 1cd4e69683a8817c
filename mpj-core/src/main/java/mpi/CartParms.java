package mpi;

import java.util.Arrays;

/**
 * What {@code Cartcomm.Get} returns: the grid's size along each dimension, whether each wraps
 * around, and the calling rank's coordinates (row-major: the last coordinate varies fastest).
 */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    @Override
    public String toString() {
        return "CartParms[dims=" + Arrays.toString(dims) + ", periods=" + Arrays.toString(periods) + ", coords="
                + Arrays.toString(coords) + "]";
    }
}
