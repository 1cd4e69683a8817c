package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * K-chain broadcast: {@value Shape#KCHAIN_FANOUT} pipelines hang from the root, each through a run
 * of consecutive relative ranks: a shorter pipe than {@link BcastPipeline} at the price of
 * {@value Shape#KCHAIN_FANOUT} sends per segment at the root.
 */
public final class BcastKChain {
    public static final String NAME = "kchain";

    private BcastKChain() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        SegmentedBcast.bcast(c, buf, offset, count, type, Trees.of(c).tree(Shape.KCHAIN, root), Tags.BCAST);
    }
}
