package org.mpj.coll.node;

import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.coll.base.Buffers;

/**
 * Hierarchical Barrier: the ranks of each node meet through memory, the nodes' lowest ranks run a
 * dissemination barrier among themselves, and the ranks of each node meet again, so that nobody
 * leaves before every node has arrived.
 */
public final class BarrierHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Barrier FALLBACK = (Algorithm.Barrier) Catalog.defaultAlgorithm(Primitive.BARRIER);
    private static final int[] NOTHING = new int[0];

    private BarrierHierarchical() {
    }

    public static void barrier(Communicator c) {
        NodeBoard b = NodeBoard.of(c);
        if (b == null || c.size() == 1) {
            FALLBACK.barrier(c);
            return;
        }
        int me = c.localRank();
        if (b.size > 1) {
            BarrierShared.local(c, b, me);
        }
        NodeLayout nodes = NodeLayout.of(c, b);
        int[] leaders = nodes.leaders;
        int n = leaders.length;
        if (me == 0 && n > 1) {
            int i = nodes.position[c.rank()];
            for (int d = 1; d < n; d <<= 1) {
                c.collSendrecv(NOTHING, 0, 0, Buffers.packed(BaseType.INT), leaders[(i + d) % n],
                        NOTHING, 0, 0, Buffers.packed(BaseType.INT), leaders[(i - d + n) % n], Tags.BARRIER);
            }
        }
        if (b.size > 1) {
            BarrierShared.local(c, b, me);
        }
    }
}
