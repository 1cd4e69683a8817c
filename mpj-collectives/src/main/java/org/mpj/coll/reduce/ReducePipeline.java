package org.mpj.coll.reduce;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedReduce;
import org.mpj.coll.tree.Shape;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Pipeline reduction: segments flow up one chain (relative rank p-1 → … → 1 → 0), each rank
 * combining its own data into a segment before passing it on. For long vectors. For a
 * non-commutative operator the chain runs in rank order to rank 0, which sends the result to the root.
 */
public final class ReducePipeline {
    public static final String NAME = "pipeline";

    private ReducePipeline() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        SegmentedReduce.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, Shape.PIPELINE,
                Tags.REDUCE);
    }
}
