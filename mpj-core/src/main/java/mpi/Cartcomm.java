package mpi;

import org.mpj.core.Communicator;
import org.mpj.core.Intracommunicators;
import org.mpj.core.MpjException;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.topo.CartTopology;
import org.mpj.core.topo.DimsCreate;

/**
 * A communicator whose ranks are the points of a Cartesian grid, made by
 * {@link Intracomm#Create_cart}. Ranks are numbered row-major (the last coordinate varies fastest);
 * a periodic dimension wraps around.
 *
 * <pre>{@code
 * Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {2, 3}, new boolean[] {true, false}, false);
 * int[] me = grid.Coords(grid.Rank());            // rank 4 is at {1, 1}
 * ShiftParms lr = grid.Shift(1, 1);               // left and right neighbours, PROC_NULL at the edges
 * Cartcomm row = grid.Sub(new boolean[] {false, true});   // the 3 ranks of my row
 * }</pre>
 */
public class Cartcomm extends Intracomm {
    Cartcomm(Communicator engine) {
        super(engine);
    }

    private CartTopology grid(String call) {
        Communicator e = engine(call);
        try {
            e.checkUsable(call);
        } catch (MpjException x) {
            throw MPIException.of(x);
        }
        return (CartTopology) e.topology();
    }

    /** The grid's dimensions and periods, and this rank's coordinates. */
    public CartParms Get() throws MPIException {
        CartTopology g = grid("Get");
        return new CartParms(g.dims(), g.periods(), g.coords(engine.rank()));
    }

    /** The rank at {@code coords}; a coordinate of a periodic dimension may lie outside it and wraps. */
    public int Rank(int[] coords) throws MPIException {
        try {
            return grid("Rank").rank(coords);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** The coordinates of {@code rank}. */
    public int[] Coords(int rank) throws MPIException {
        try {
            return grid("Coords").coords(rank);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * The neighbours for a shift of {@code disp} steps along dimension {@code direction}:
     * {@code rank_source} (disp steps back) and {@code rank_dest} (disp steps ahead), MPI.PROC_NULL
     * off a non-periodic edge.
     */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        try {
            int[] sd = grid("Shift").shift(engine.rank(), direction, disp);
            return new ShiftParms(sd[0], sd[1]);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * The sub-grid through this rank that keeps the dimensions where {@code remain_dims} is true: with
     * dims {2, 3}, {@code {false, true}} gives this rank's row of 3. Collective.
     */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        try {
            grid("Sub");
            return (Cartcomm) wrap(Intracommunicators.subGrid(engine, remain_dims), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * The rank this process would have in a grid of {@code dims} made from this communicator, or
     * MPI.UNDEFINED if it would be left out. Ranks keep their order, so that is its own rank when it
     * is below the grid's size.
     */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        try {
            Communicator e = engine("Map");
            e.checkUsable("Map");
            CartTopology g = CartTopology.of("Map", dims, periods, e.size(), e.name());
            return e.rank() < g.size() ? e.rank() : MatchConstants.UNDEFINED;
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced grid of {@code nnodes} ranks, largest
     * first; non-zero entries are kept. {@code {0, 0}} with 12 becomes {4, 3}; {@code {0, 3, 0}} with
     * 24 becomes {4, 3, 2}.
     */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        try {
            DimsCreate.fill(nnodes, dims);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** A new communicator with the same grid and a context of its own. Collective. */
    @Override
    public Cartcomm Dup() throws MPIException {
        return (Cartcomm) super.Dup();
    }

    /** mpiJava's name for {@link #Dup()}. */
    @Override
    public Object clone() throws MPIException {
        return Dup();
    }
}
