package mpi;

import org.mpj.core.Communicator;
import org.mpj.core.MpjException;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.topo.GraphTopology;

/**
 * A communicator whose ranks are the nodes of a graph, made by {@link Intracomm#Create_graph}. The
 * graph is a map for the program (who its neighbours are); messages may still go to any rank.
 *
 * <pre>{@code
 * Graphcomm g = comm.Create_graph(new int[] {2, 3, 4}, new int[] {1, 2, 0, 0}, false);   // a star
 * for (int n : g.Neighbours(g.Rank())) g.Send(buf, 0, 1, MPI.INT, n, 0);
 * }</pre>
 */
public class Graphcomm extends Intracomm {
    Graphcomm(Communicator engine) {
        super(engine);
    }

    private GraphTopology graph(String call) {
        Communicator e = engine(call);
        try {
            e.checkUsable(call);
        } catch (MpjException x) {
            throw MPIException.of(x);
        }
        return (GraphTopology) e.topology();
    }

    /** The graph's index and edges arrays. */
    public GraphParms Get() throws MPIException {
        GraphTopology g = graph("Get");
        return new GraphParms(g.index(), g.edges());
    }

    /** The neighbours of {@code rank}, in the order the edges list them. */
    public int[] Neighbours(int rank) throws MPIException {
        try {
            return graph("Neighbours").neighbours(rank);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * The rank this process would have in a graph of {@code index}/{@code edges} made from this
     * communicator, or MPI.UNDEFINED if it would be left out (ranks keep their order).
     */
    public int Map(int[] index, int[] edges) throws MPIException {
        try {
            Communicator e = engine("Map");
            e.checkUsable("Map");
            GraphTopology g = GraphTopology.of("Map", index, edges, e.size(), e.name());
            return e.rank() < g.size() ? e.rank() : MatchConstants.UNDEFINED;
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** A new communicator with the same graph and a context of its own. Collective. */
    @Override
    public Graphcomm Dup() throws MPIException {
        return (Graphcomm) super.Dup();
    }

    /** mpiJava's name for {@link #Dup()}. */
    @Override
    public Object clone() throws MPIException {
        return Dup();
    }
}
