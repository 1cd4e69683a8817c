package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * The barrier of MPJ Express, {@code nbFTGather+bFaTBcast}: a flat non-blocking gather of
 * zero-byte messages at rank 0 (it posts all p - 1 receives at once), then a four-ary tree
 * broadcast of the release with blocking sends (as {@link org.mpj.coll.bcast.BcastFaT}).
 * p - 1 messages into rank 0, then ⌈log4 p⌉ levels.
 */
public final class BarrierGatherBcast {
    public static final String NAME = "nbFTGather+bFaTBcast";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);
    private static final int FAN_OUT = 4;

    private BarrierGatherBcast() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), me = c.rank();
        if (me == 0) {
            EngineRequest[] arrivals = new EngineRequest[p];
            for (int r = 1; r < p; r++) {
                arrivals[r] = c.collIrecv(null, 0, 0, BYTES, r, Tags.BARRIER);
            }
            c.waitAll(arrivals);
        } else {
            c.collSend(null, 0, 0, BYTES, 0, Tags.BARRIER);
            c.collRecv(null, 0, 0, BYTES, (me - 1) / FAN_OUT, Tags.BARRIER);
        }
        for (int child = FAN_OUT * me + 1; child <= FAN_OUT * me + FAN_OUT && child < p; child++) {
            c.collSend(null, 0, 0, BYTES, child, Tags.BARRIER);
        }
    }
}
