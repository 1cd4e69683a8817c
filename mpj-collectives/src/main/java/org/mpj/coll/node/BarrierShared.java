package org.mpj.coll.node;

import org.mpj.coll.barrier.BarrierDissemination;
import org.mpj.core.Communicator;

/** Barrier through memory: each rank adds one to a shared counter and waits for all to have. */
public final class BarrierShared {
    public static final String NAME = "shared";

    private BarrierShared() {
    }

    public static void barrier(Communicator c) {
        NodeBoard b = NodeBoard.of(c);
        if (b == null) {
            BarrierDissemination.barrier(c);
            return;
        }
        long k = b.arrived.next(c.rank());
        b.arrived.signal();
        b.arrived.await(c, k, b.size);
    }
}
