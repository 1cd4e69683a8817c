package org.mpj.coll.reduce;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedReduce;
import org.mpj.coll.tree.Shape;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * K-chain reduction: {@value Shape#KCHAIN_FANOUT} pipelines of consecutive relative ranks end at the
 * root. For a non-commutative operator the chains run in rank order to rank 0, which sends the
 * result to the root.
 */
public final class ReduceKChain {
    public static final String NAME = "kchain";

    private ReduceKChain() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        SegmentedReduce.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, Shape.KCHAIN,
                Tags.REDUCE);
    }
}
