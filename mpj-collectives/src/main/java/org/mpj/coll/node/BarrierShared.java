package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;

/** Barrier through memory: each rank adds one to a shared counter and waits for all to have. */
public final class BarrierShared {
    public static final String NAME = "shared";
    private static final Algorithm.Barrier FALLBACK = (Algorithm.Barrier) Catalog.defaultAlgorithm(Primitive.BARRIER);

    private BarrierShared() {
    }

    public static void barrier(Communicator c) {
        NodeBoard b = NodeBoard.whole(c);
        if (b == null) {
            FALLBACK.barrier(c);
            return;
        }
        local(c, b, c.rank());
    }

    /** The barrier of the members of one JVM; {@code me} is a local rank. */
    static void local(Communicator c, NodeBoard b, int me) {
        long k = b.arrived.next(me);
        b.arrived.signal();
        b.arrived.await(c, me, k, b.size);
    }
}
