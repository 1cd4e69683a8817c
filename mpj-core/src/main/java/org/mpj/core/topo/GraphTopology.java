package org.mpj.core.topo;

import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * A graph of {@code nnodes = index.length} ranks in MPI's compressed form: the neighbours of node
 * {@code i} are {@code edges[index[i-1] .. index[i]-1]} (from 0 for node 0). Node 0 with neighbours
 * 1 and 2, node 1 with 0, node 2 with 0: {@code index {2, 3, 4}}, {@code edges {1, 2, 0, 0}}.
 */
public final class GraphTopology implements Topology {
    private final int[] index;
    private final int[] edges;

    private GraphTopology(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    /** A graph checked against the {@code commSize} ranks it will be made from. */
    public static GraphTopology of(String call, int[] index, int[] edges, int commSize, String commName) {
        if (index == null || edges == null) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": " + (index == null ? "index" : "edges") + " is null");
        }
        int nnodes = index.length;
        if (nnodes > commSize) {
            throw new MpjException(ErrorClass.ERR_TOPOLOGY, call + ": a graph of " + nnodes + " nodes; " + commName
                    + " has only " + commSize + " ranks");
        }
        for (int i = 0; i < nnodes; i++) {
            int previous = i == 0 ? 0 : index[i - 1];
            if (index[i] < previous) {
                throw new MpjException(ErrorClass.ERR_ARG, call + ": index " + Arrays.toString(index)
                        + " is not non-decreasing: index[" + i + "] = " + index[i] + " < " + previous);
            }
        }
        int nedges = nnodes == 0 ? 0 : index[nnodes - 1];
        if (nedges > edges.length) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": index promises " + nedges + " edges but edges has "
                    + edges.length);
        }
        for (int e = 0; e < nedges; e++) {
            if (edges[e] < 0 || edges[e] >= nnodes) {
                throw new MpjException(ErrorClass.ERR_RANK, call + ": edges[" + e + "] is " + edges[e]
                        + " in a graph of " + nnodes + " nodes (valid: 0.." + (nnodes - 1) + ")");
            }
        }
        return new GraphTopology(index.clone(), Arrays.copyOf(edges, nedges));
    }

    @Override
    public int kind() {
        return GRAPH;
    }

    @Override
    public int size() {
        return index.length;
    }

    public int[] index() {
        return index.clone();
    }

    public int[] edges() {
        return edges.clone();
    }

    /** The neighbours of {@code rank}, in the order of {@code edges}. */
    public int[] neighbours(int rank) {
        if (rank < 0 || rank >= index.length) {
            throw new MpjException(ErrorClass.ERR_RANK, "Neighbours of rank " + rank + " in a graph of "
                    + index.length + " nodes (valid: 0.." + (index.length - 1) + ")");
        }
        int from = rank == 0 ? 0 : index[rank - 1];
        return Arrays.copyOfRange(edges, from, index[rank]);
    }
}
