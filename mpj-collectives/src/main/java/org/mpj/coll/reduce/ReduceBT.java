package org.mpj.coll.reduce;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Binomial-tree reduction (see {@link BinomialTree}): a rank combines the results of its children's
 * subtrees into its own data, smallest subtree first, and sends the result to its parent. ⌈log2 p⌉
 * rounds of the whole vector.
 *
 * <p>Every subtree is a contiguous range of relative ranks, and child {@code vr + m} covers the range
 * just after what {@code vr} holds when it is received, so {@code acc = acc op child} keeps rank
 * order. For a commutative operator the tree is rooted at the root itself; for a non-commutative one
 * it is rooted at rank 0 (relative ranks are then ranks, and the result is
 * {@code in0 op in1 op ... op in(p-1)}), and rank 0 sends the result to the root.
 *
 * <pre>
 * p = 8, root 0:  round 1: 1→0, 3→2, 5→4, 7→6   round 2: 2→0, 6→4   round 3: 4→0
 *                 rank 4 holds (4 op 5) op (6 op 7) before it sends
 * </pre>
 *
 * Leaves send straight from their send buffer; inner ranks use two scratch buffers laid out like
 * the datatype, so that the operator sees the caller's layout.
 */
public final class ReduceBT {
    public static final String NAME = "BT";

    private ReduceBT() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        int p = c.size(), me = c.rank();
        int treeRoot = op.isCommutative() ? root : 0;
        int vr = BinomialTree.relative(me, treeRoot, p);
        Object acc = sendbuf;
        int accOffset = sendoffset;
        if (BinomialTree.childCount(vr, p) > 0) {
            acc = Scratch.items(Scratch.WORK, count, type);
            accOffset = 0;
            Object tmp = Scratch.items(Scratch.TEMP, count, type);
            Copier.copy(sendbuf, sendoffset, type, acc, 0, type, count * type.size);
            for (int m = 1; m < BinomialTree.span(vr, p) && vr + m < p; m <<= 1) {
                c.collRecv(tmp, 0, count, type, BinomialTree.rank(vr + m, treeRoot, p), Tags.REDUCE);
                // tmp = acc op tmp, acc holding the lower ranks; then tmp is the accumulator.
                op.combine(acc, 0, tmp, 0, count, type);
                Object t = acc;
                acc = tmp;
                tmp = t;
            }
        }
        if (vr != 0) {
            c.collSend(acc, accOffset, count, type, BinomialTree.rank(BinomialTree.parent(vr), treeRoot, p),
                    Tags.REDUCE);
        } else if (me == root) {
            Copier.copy(acc, accOffset, type, recvbuf, recvoffset, type, count * type.size);
        } else {
            c.collSend(acc, accOffset, count, type, root, Tags.REDUCE);
        }
        if (me == root && vr != 0) {
            c.collRecv(recvbuf, recvoffset, count, type, treeRoot, Tags.REDUCE);
        }
    }
}
