package org.mpj.coll.reduce;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedReduce;
import org.mpj.coll.tree.Shape;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Segmented binomial-tree reduction: the tree of {@link ReduceBT} with the vector cut into
 * segments, so a rank combines and forwards segment i while segment i+1 arrives. For a
 * non-commutative operator the tree is rooted at rank 0 (its subtrees are runs of consecutive
 * ranks), which sends the result to the root.
 */
public final class ReduceSegBinomial {
    public static final String NAME = "segBinomial";

    private ReduceSegBinomial() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        SegmentedReduce.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, Shape.BINOMIAL,
                Tags.REDUCE);
    }
}
