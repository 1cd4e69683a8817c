package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Recursive-doubling barrier for any p: with q the largest power of two ≤ p, each rank {@code r ≥ q}
 * first signals {@code r - q} (fold in); ranks below q exchange with {@code r XOR 2^k} for
 * k = 0 .. log2 q - 1; finally each {@code r - q} releases {@code r} (fold out).
 *
 * <pre>
 * p = 6:   fold in 4→0, 5→1 | 0↔1 2↔3 | 0↔2 1↔3 | fold out 0→4, 1→5
 * </pre>
 */
public final class BarrierRecursiveDoubling {
    public static final String NAME = "recursiveDoubling";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);

    private BarrierRecursiveDoubling() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), me = c.rank();
        int q = Integer.highestOneBit(p);
        if (me >= q) {
            c.collSendrecv(null, 0, 0, BYTES, me - q, null, 0, 0, BYTES, me - q, Tags.BARRIER);
            return;
        }
        if (me + q < p) {
            c.collRecv(null, 0, 0, BYTES, me + q, Tags.BARRIER);
        }
        for (int mask = 1; mask < q; mask <<= 1) {
            int partner = me ^ mask;
            c.collSendrecv(null, 0, 0, BYTES, partner, null, 0, 0, BYTES, partner, Tags.BARRIER);
        }
        if (me + q < p) {
            c.collSend(null, 0, 0, BYTES, me + q, Tags.BARRIER);
        }
    }
}
