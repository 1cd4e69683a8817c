package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Segmented binomial-tree broadcast: the tree of {@link BcastBT}, with the message cut into
 * segments that a rank forwards, largest subtree first, while it receives the next one.
 * ⌈log2 p⌉ deep; for medium messages.
 */
public final class BcastSegBinomial {
    public static final String NAME = "segBinomial";

    private BcastSegBinomial() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        SegmentedBcast.bcast(c, buf, offset, count, type, Trees.of(c).tree(Shape.BINOMIAL, root), Tags.BCAST);
    }
}
