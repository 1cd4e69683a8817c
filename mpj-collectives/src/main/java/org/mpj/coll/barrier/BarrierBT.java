package org.mpj.coll.barrier;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Binomial-tree barrier ({@code BT}): zero-byte messages up a binomial tree to rank 0 (a rank
 * reports once its whole subtree has), then down the same tree. 2⌈log2 p⌉ rounds.
 */
public final class BarrierBT {
    public static final String NAME = "BT";
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);

    private BarrierBT() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), vr = c.rank();
        int span = BinomialTree.span(vr, p);
        for (int m = 1; m < span && vr + m < p; m <<= 1) {
            c.collRecv(null, 0, 0, BYTES, vr + m, Tags.BARRIER);
        }
        if (vr != 0) {
            int parent = BinomialTree.parent(vr);
            c.collSend(null, 0, 0, BYTES, parent, Tags.BARRIER);
            c.collRecv(null, 0, 0, BYTES, parent, Tags.BARRIER);
        }
        for (int m = span >> 1; m > 0; m >>= 1) {
            if (vr + m < p) {
                c.collSend(null, 0, 0, BYTES, vr + m, Tags.BARRIER);
            }
        }
    }
}
