package org.mpj.coll.reduce;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedReduce;
import org.mpj.coll.tree.Shape;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Linear reduction on the segmented engine ({@link SegmentedReduce}): the root receives each
 * segment from every rank in turn and combines it while the next one arrives. For a
 * non-commutative operator rank 0 combines in rank order and sends the result to the root.
 */
public final class ReduceLinear {
    public static final String NAME = "linear";

    private ReduceLinear() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        SegmentedReduce.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, Shape.FLAT,
                Tags.REDUCE);
    }
}
