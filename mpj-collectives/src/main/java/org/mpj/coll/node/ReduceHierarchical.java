package org.mpj.coll.node;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Hierarchical Reduce: each node folds its ranks' vectors through memory, in rank order, into the
 * rank that stands for it (the root on the root's node, else the node's lowest rank); those ranks
 * combine the node results along a binomial tree. A commutative operator's tree is rooted at the
 * root's node, so the result ends at the root. A non-commutative one's tree is rooted at the first
 * node and combines nodes in order, which is rank order where every node holds a run of consecutive
 * ranks; the first node's stand-in then sends the result to the root. Where nodes interleave, a
 * non-commutative operator takes the default algorithm, which keeps rank order.
 */
public final class ReduceHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Reduce FALLBACK = (Algorithm.Reduce) Catalog.defaultAlgorithm(Primitive.REDUCE);

    private ReduceHierarchical() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        NodeBoard b = NodeBoard.of(c);
        NodeLayout nodes = Shared.usable(b, type) && c.size() > 1 ? NodeLayout.of(c, b) : null;
        if (nodes == null || !op.isCommutative() && !nodes.contiguous) {
            FALLBACK.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
            return;
        }
        int me = c.rank(), myIndex = nodes.position[me], myLeader = nodes.standIn(myIndex, root);
        // The node's result: straight into the root's receive buffer, else into a stand-in's scratch.
        Object acc = me == root ? recvbuf : me == myLeader ? Scratch.items(Scratch.RESULT, count, type) : null;
        int accOffset = me == root ? recvoffset : 0;
        if (b.size > 1) {
            ReduceShared.local(c, b, c.localRank(), sendbuf, sendoffset, acc, accOffset, count, type, op,
                    nodes.localIndex(myLeader));
        } else {
            Copier.copy(sendbuf, sendoffset, type, acc, accOffset, type, count * type.size);
        }
        if (me != myLeader || nodes.nodes() == 1) {
            return;
        }
        int rootIndex = nodes.position[root], treeRoot = op.isCommutative() ? rootIndex : 0;
        Leaders.reduce(c, nodes, myIndex, treeRoot, root, acc, accOffset, Scratch.items(Scratch.TEMP, count, type),
                count, type, op, Tags.REDUCE);
        if (treeRoot == rootIndex) {
            return;
        }
        if (myIndex == treeRoot) {
            c.collSend(acc, accOffset, count, type, root, Tags.REDUCE);
        } else if (me == root) {
            c.collRecv(recvbuf, recvoffset, count, type, nodes.standIn(treeRoot, root), Tags.REDUCE);
        }
    }
}
