package mpi;

import java.util.Arrays;

/**
 * What {@code Graphcomm.Get} returns: the graph in MPI's compressed form. The neighbours of node
 * {@code i} are {@code edges[index[i-1]] .. edges[index[i]-1]} (from {@code edges[0]} for node 0).
 */
public class GraphParms {
    public int[] index;
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    @Override
    public String toString() {
        return "GraphParms[index=" + Arrays.toString(index) + ", edges=" + Arrays.toString(edges) + "]";
    }
}
