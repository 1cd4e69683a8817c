package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Double-ring barrier: a token leaves rank 0 and goes around the ring twice. The first lap proves
 * that every rank has arrived (rank 0 gets it back only after all passed it on); the second tells
 * them all. 2p messages in sequence: for tests and tiny communicators, not for speed.
 *
 * <pre>
 * p = 4:   0 → 1 → 2 → 3 → 0 → 1 → 2 → 3 → 0
 * </pre>
 */
public final class BarrierDoubleRing {
    public static final String NAME = "doubleRing";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);

    private BarrierDoubleRing() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), me = c.rank();
        if (p == 1) {
            return;
        }
        int right = (me + 1) % p, left = (me - 1 + p) % p;
        for (int lap = 0; lap < 2; lap++) {
            if (me == 0) {
                c.collSend(null, 0, 0, BYTES, right, Tags.BARRIER);
                c.collRecv(null, 0, 0, BYTES, left, Tags.BARRIER);
            } else {
                c.collRecv(null, 0, 0, BYTES, left, Tags.BARRIER);
                c.collSend(null, 0, 0, BYTES, right, Tags.BARRIER);
            }
        }
    }
}
