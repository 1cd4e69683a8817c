package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Flat fan-in/fan-out barrier: every rank signals rank 0 and waits; once rank 0 has heard from all
 * it releases them all. 2 (p - 1) messages, all through rank 0: for small communicators.
 */
public final class BarrierFlat {
    public static final String NAME = "flat";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);

    private BarrierFlat() {
    }

    public static void barrier(Communicator c) {
        int p = c.size();
        if (c.rank() != 0) {
            c.collSendrecv(null, 0, 0, BYTES, 0, null, 0, 0, BYTES, 0, Tags.BARRIER);
            return;
        }
        for (int r = 1; r < p; r++) {
            c.collRecv(null, 0, 0, BYTES, r, Tags.BARRIER);
        }
        for (int r = 1; r < p; r++) {
            c.collSend(null, 0, 0, BYTES, r, Tags.BARRIER);
        }
    }
}
