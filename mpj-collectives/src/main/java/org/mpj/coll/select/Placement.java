package org.mpj.coll.select;

import java.util.HashSet;
import java.util.Set;
import org.mpj.core.Communicator;

/**
 * How a communicator's ranks lie on nodes (threads of one JVM that share memory), which decides
 * the table rules that may apply to it: those naming a shared-memory algorithm only where all ranks
 * are on one node, those naming a hierarchical one only where some node holds several ranks and
 * there are several nodes. Every rank computes the same placement, so all pick the same algorithm.
 */
public enum Placement {
    /** Every rank on one node. */
    ONE_NODE,
    /** Several nodes, some with several ranks. */
    SEVERAL_NODES,
    /** Every rank on a node of its own. */
    NODE_PER_RANK;

    public static Placement of(int ranks, int nodes) {
        return nodes == 1 ? ONE_NODE : nodes == ranks ? NODE_PER_RANK : SEVERAL_NODES;
    }

    /** Where the ranks of {@code comm} lie; an intercommunicator's collectives go between nodes. */
    public static Placement of(Communicator comm) {
        if (comm.isInter()) {
            return NODE_PER_RANK;
        }
        Set<Integer> nodes = new HashSet<>();
        for (int r = 0; r < comm.size(); r++) {
            nodes.add(comm.node(r));
        }
        return of(comm.size(), nodes.size());
    }
}
