package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Segmented binary-tree broadcast: each rank forwards segments to at most two children (the
 * mirror-subtree binary tree drawn in {@link org.mpj.coll.tree.Tree}). ⌊log2 p⌋ deep with two sends
 * per segment per rank: the tree for medium-to-long messages.
 */
public final class BcastBinary {
    public static final String NAME = "binary";

    private BcastBinary() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        SegmentedBcast.bcast(c, buf, offset, count, type, Trees.of(c).tree(Shape.BINARY, root), Tags.BCAST);
    }
}
