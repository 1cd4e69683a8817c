package mpi;

/**
 * What {@code Cartcomm.Shift} returns: the ranks to receive from and to send to for a shift along one
 * dimension; each is {@code MPI.PROC_NULL} off the edge of a non-periodic dimension, so a
 * {@code Sendrecv} with them needs no special case at the border.
 *
 * <pre>{@code
 * ShiftParms s = grid.Shift(0, 1);
 * grid.Sendrecv(out, 0, n, MPI.DOUBLE, s.rank_dest, 0, in, 0, n, MPI.DOUBLE, s.rank_source, 0);
 * }</pre>
 */
public class ShiftParms {
    /** The rank {@code disp} steps behind this one: the one whose data arrives here. */
    public int rank_source;
    /** The rank {@code disp} steps ahead of this one: where this rank's data goes. */
    public int rank_dest;

    ShiftParms(int source, int dest) {
        rank_source = source;
        rank_dest = dest;
    }

    @Override
    public String toString() {
        return "ShiftParms[rank_source=" + rank_source + ", rank_dest=" + rank_dest + "]";
    }
}
