package org.mpj.coll.node;

import java.util.Arrays;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * How the ranks of a communicator lie on nodes, as the hierarchical algorithms need it: the nodes in
 * the order of their lowest ranks, each node's ranks, and each rank's node. Every member computes the
 * same layout from {@link Communicator#node}; it is made once per node board and shared by the
 * members of that node.
 *
 * <pre>
 * 7 ranks, nodes of 3:   node 0: 0 1 2 | node 1: 3 4 5 | node 2: 6     leaders 0 3 6, contiguous
 * Split halves may mix:  node 0: 0 2   | node 1: 1 3                   leaders 0 1, not contiguous
 * </pre>
 */
final class NodeLayout {
    /** The lowest rank of each node, ascending: position i in this list stands for node i. */
    final int[] leaders;
    /** The ranks of node i, ascending (so index j is local rank j on that node). */
    final int[][] members;
    /** The node position of each rank. */
    final int[] position;
    /**
     * True when every node holds a run of consecutive ranks: then node i's blocks form one slice of
     * a Gather's or Allgather's buffer, and node results combined in node order keep rank order.
     */
    final boolean contiguous;

    private NodeLayout(int[] leaders, int[][] members, int[] position, boolean contiguous) {
        this.leaders = leaders;
        this.members = members;
        this.position = position;
        this.contiguous = contiguous;
    }

    /** The layout of {@code c}, made on first use and kept on this node's board. */
    static NodeLayout of(Communicator c, NodeBoard b) {
        NodeLayout l = b.layout;
        if (l == null) {
            l = build(c);
            b.layout = l;   // every member computes the same layout: a race only repeats the work
        }
        return l;
    }

    /**
     * The layout of {@code c} where the algorithms that move whole nodes' slices apply: {@code type}
     * can go through memory, and every node is a run of consecutive ranks. Else null, and the caller
     * runs its fallback.
     */
    static NodeLayout ofRuns(Communicator c, NodeBoard b, TypeMap type) {
        if (!Shared.usable(b, type) || c.size() == 1) {
            return null;
        }
        NodeLayout l = of(c, b);
        return l.contiguous ? l : null;
    }

    private static NodeLayout build(Communicator c) {
        int p = c.size();
        int[] node = new int[p];
        int[] position = new int[p];
        int[] leaders = new int[p];
        int[] sizes = new int[p];
        int n = 0;
        boolean contiguous = true;
        for (int r = 0; r < p; r++) {
            node[r] = c.node(r);
            int i = 0;
            while (i < n && node[leaders[i]] != node[r]) {
                i++;
            }
            if (i == n) {
                leaders[n++] = r;
            } else if (node[r - 1] != node[r]) {
                contiguous = false;   // a node seen before comes back after another one
            }
            position[r] = i;
            sizes[i]++;
        }
        int[][] members = new int[n][];
        for (int i = 0; i < n; i++) {
            members[i] = new int[sizes[i]];
        }
        int[] filled = new int[n];
        for (int r = 0; r < p; r++) {
            members[position[r]][filled[position[r]]++] = r;
        }
        return new NodeLayout(Arrays.copyOf(leaders, n), members, position, contiguous);
    }

    int nodes() {
        return leaders.length;
    }

    /** The rank that stands for node {@code i}: its lowest rank, or the root for the root's node. */
    int standIn(int i, int root) {
        return i == position[root] ? root : leaders[i];
    }

    /** The local rank (index among its node's ranks) of rank {@code r}. */
    int localIndex(int r) {
        return Arrays.binarySearch(members[position[r]], r);
    }
}
