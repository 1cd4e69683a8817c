package org.mpj.coll.node;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * The inter-node part of the hierarchical algorithms: one rank per node (its lowest rank, or the
 * root for the root's node) and simple message algorithms among them, on the communicator's
 * collective context. Positions in the leader list stand for ranks.
 */
final class Leaders {
    private Leaders() {
    }

    /** The lowest rank of each node of {@code c}, ascending (the same list on every rank). */
    static int[] of(Communicator c, NodeBoard b) {
        int[] l = b.leaders;
        if (l == null) {
            Set<Integer> seen = new HashSet<>();
            int[] all = new int[c.size()];
            int n = 0;
            for (int r = 0; r < c.size(); r++) {
                if (seen.add(c.node(r))) {
                    all[n++] = r;
                }
            }
            l = Arrays.copyOf(all, n);
            b.leaders = l;   // every member computes the same list: a race only repeats the work
        }
        return l;
    }

    /** The position of rank {@code r}'s node in the leader list. */
    static int nodeIndex(Communicator c, int[] leaders, int r) {
        int node = c.node(r);
        for (int i = 0; i < leaders.length; i++) {
            if (c.node(leaders[i]) == node) {
                return i;
            }
        }
        throw new IllegalStateException("rank " + r + " is on no node of the leader list");
    }

    /** The local rank (index among this node's members) of rank {@code r}, a rank on this node. */
    static int localIndex(Communicator c, int r) {
        for (int i = 0; i < c.localSize(); i++) {
            if (c.localMember(i) == r) {
                return i;
            }
        }
        throw new IllegalStateException("rank " + r + " is not on this node");
    }

    /**
     * Binomial-tree broadcast among the leaders, rank {@code root} standing for its node; this rank is
     * the one at position {@code me}.
     */
    static void bcast(Communicator c, int[] leaders, int me, int rootIndex, int root, Object buf, int offset,
                      int count, TypeMap type, int tag) {
        int n = leaders.length, v = (me - rootIndex + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((v & mask) != 0) {
                c.collRecv(buf, offset, count, type, at(leaders, (v - mask + rootIndex) % n, rootIndex, root), tag);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                c.collSend(buf, offset, count, type, at(leaders, (v + mask + rootIndex) % n, rootIndex, root), tag);
            }
        }
    }

    /** The rank at leader position {@code i}, where the root stands for its node. */
    private static int at(int[] leaders, int i, int rootIndex, int root) {
        return i == rootIndex ? root : leaders[i];
    }
}
