package org.mpj.coll.node;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * The inter-node part of the hierarchical algorithms: one rank per node (its lowest rank, or the
 * root for the root's node: {@link NodeLayout#standIn}) and simple message algorithms among them, on
 * the communicator's collective context. Positions in the leader list stand for nodes.
 */
final class Leaders {
    private Leaders() {
    }

    /**
     * Binomial-tree broadcast among the nodes' stand-ins from the root's node; this rank stands for
     * node {@code me}.
     */
    static void bcast(Communicator c, NodeLayout nodes, int me, int root, Object buf, int offset, int count,
                      TypeMap type, int tag) {
        int n = nodes.nodes(), rootIndex = nodes.position[root], v = (me - rootIndex + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((v & mask) != 0) {
                c.collRecv(buf, offset, count, type, nodes.standIn((v - mask + rootIndex) % n, root), tag);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                c.collSend(buf, offset, count, type, nodes.standIn((v + mask + rootIndex) % n, root), tag);
            }
        }
    }

    /**
     * Binomial-tree reduction among the nodes' stand-ins of the partial results in (acc, accOffset),
     * into the acc of node {@code treeRoot}'s stand-in; this rank stands for node {@code me} and
     * receives into {@code tmp} (room for {@code count} items of {@code type}). Node v + m (relative to
     * treeRoot) heads the nodes [v + m, v + 2m), so with treeRoot 0 each child's nodes come after this
     * node's own and after the children combined before it: acc = acc op child keeps node order, which
     * is rank order where nodes are runs of consecutive ranks.
     */
    static void reduce(Communicator c, NodeLayout nodes, int me, int treeRoot, int root, Object acc, int accOffset,
                       Object tmp, int count, TypeMap type, Operator op, int tag) {
        int n = nodes.nodes(), v = (me - treeRoot + n) % n;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((v & mask) != 0) {
                c.collSend(acc, accOffset, count, type, nodes.standIn((v - mask + treeRoot) % n, root), tag);
                return;
            }
            if (v + mask < n) {
                c.collRecv(tmp, 0, count, type, nodes.standIn((v + mask + treeRoot) % n, root), tag);
                if (op.isCommutative()) {
                    op.combine(tmp, 0, acc, accOffset, count, type);
                } else {
                    op.combine(acc, accOffset, tmp, 0, count, type);
                    Copier.copy(tmp, 0, type, acc, accOffset, type, count * type.size);
                }
            }
        }
    }
}
