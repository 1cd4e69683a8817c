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
    ONE_NODE("shm"),
    /** Several nodes, some with several ranks. */
    SEVERAL_NODES("hybrid"),
    /** Every rank on a node of its own. */
    NODE_PER_RANK("tcp");

    /**
     * The word that limits a table rule to communicators placed so ({@code shm:bcast.2-8.0- = BT}):
     * the device whose communicators are placed so (shm's, and those inside one JVM of a hybrid job,
     * are on one node; tcp's have a node per rank; hybrid's several nodes of several ranks).
     */
    public final String key;

    Placement(String key) {
        this.key = key;
    }

    /** The placements' table words, for messages. */
    public static String keys() {
        StringBuilder b = new StringBuilder();
        for (Placement p : values()) {
            b.append(b.length() == 0 ? "" : ", ").append(p.key);
        }
        return b.toString();
    }

    /** The placement called {@code key} in a table, or null. */
    public static Placement ofKey(String key) {
        for (Placement p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }

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
