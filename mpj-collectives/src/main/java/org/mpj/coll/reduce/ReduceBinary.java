package org.mpj.coll.reduce;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedReduce;
import org.mpj.coll.tree.Shape;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Segmented binary-tree reduction on the mirror-subtree binary tree. Its subtrees are not runs of
 * consecutive ranks, so for a non-commutative operator it runs on the in-order binary tree rooted
 * at rank p-1 instead (see {@link org.mpj.coll.tree.Tree}), which sends the result to the root.
 */
public final class ReduceBinary {
    public static final String NAME = "binary";

    private ReduceBinary() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        SegmentedReduce.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, Shape.BINARY,
                Tags.REDUCE);
    }
}
