package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber): in round k every rank signals rank + 2^k and
 * waits for rank - 2^k (mod p). After ⌈log2 p⌉ rounds every rank has heard, directly or not, from
 * every other. Works for any p; zero-byte messages.
 */
public final class BarrierDissemination {
    public static final String NAME = "dissemination";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);
    private static final int TAG = Tags.BARRIER;

    private BarrierDissemination() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), me = c.rank();
        for (int dist = 1; dist < p; dist <<= 1) {
            EngineRequest r = c.collIrecv(null, 0, 0, BYTES, (me - dist + p) % p, TAG);
            c.collSend(null, 0, 0, BYTES, (me + dist) % p, TAG);
            c.waitAll(r);
        }
    }
}
