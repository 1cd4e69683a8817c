package org.mpj.core.topo;

/**
 * A virtual topology attached to a communicator when it is made: a Cartesian grid or a graph. It
 * maps ranks to places and never changes; the communicator's ranks keep the parent's order.
 */
public sealed interface Topology permits CartTopology, GraphTopology {
    /** {@code MPI.GRAPH}. */
    int GRAPH = 1;
    /** {@code MPI.CART}. */
    int CART = 2;

    /** {@link #CART} or {@link #GRAPH}, as {@code Comm.Topo_test} reports it. */
    int kind();

    /** Ranks the topology places: the size of the communicator that carries it. */
    int size();
}
