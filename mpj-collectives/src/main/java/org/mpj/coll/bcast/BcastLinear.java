package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Linear broadcast: the root sends each segment to every other rank itself (flat tree of the
 * segmented engine, {@link SegmentedBcast}). p - 1 sends at the root per segment: for few ranks.
 */
public final class BcastLinear {
    public static final String NAME = "linear";

    private BcastLinear() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        SegmentedBcast.bcast(c, buf, offset, count, type, Trees.of(c).tree(Shape.FLAT, root), Tags.BCAST);
    }
}
