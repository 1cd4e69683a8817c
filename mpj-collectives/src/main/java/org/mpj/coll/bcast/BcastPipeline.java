package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Pipeline broadcast: segments flow down one chain through all ranks (relative ranks 0 → 1 → … →
 * p-1). After p - 1 steps to fill the pipe, every link carries one segment per step: for long
 * messages, where its bandwidth beats every tree; latency grows with p.
 */
public final class BcastPipeline {
    public static final String NAME = "pipeline";

    private BcastPipeline() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        SegmentedBcast.bcast(c, buf, offset, count, type, Trees.of(c).tree(Shape.PIPELINE, root), Tags.BCAST);
    }
}
