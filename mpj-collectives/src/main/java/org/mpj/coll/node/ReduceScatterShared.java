package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Reduce-scatter through memory: every rank publishes its send buffer, then folds its own block of
 * every rank's buffer, in rank order (in0 op (in1 op (… op in(p-1)))), straight into its receive
 * buffer; ranks leave once every rank has read. Two synchronisations per call, no message and no
 * intermediate copy: each item is combined p - 1 times in all, once per rank that holds it.
 *
 * <pre>
 * recvcounts = [2 1 3]:   rank 1 folds item 2 of ranks 0, 1, 2 into its receive buffer
 * </pre>
 */
public final class ReduceScatterShared {
    public static final String NAME = "shared";
    private static final Algorithm.ReduceScatter FALLBACK =
            (Algorithm.ReduceScatter) Catalog.defaultAlgorithm(Primitive.REDUCE_SCATTER);

    private ReduceScatterShared() {
    }

    public static void reduceScatter(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                     int[] recvcounts, TypeMap type, Operator op) {
        NodeBoard b = NodeBoard.whole(c);
        int p = c.size();
        if (!Shared.usable(b, type) || p == 1) {
            FALLBACK.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
            return;
        }
        int me = c.rank();
        int lo = 0;
        for (int r = 0; r < me; r++) {
            lo += recvcounts[r];
        }
        b.arriveAll(c, me, sendbuf, sendoffset, 0, type, recvbuf, recvoffset);
        try {
            for (int r = 0; r < p; r++) {
                if (!b.type[r].sameShape(type)) {
                    // Same signature, other layout on some rank: every rank sees it, all take messages.
                    FALLBACK.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
                    return;
                }
            }
            AllreduceShared.fold(b, lo, lo + recvcounts[me], type, op, recvbuf, recvoffset);
        } finally {
            b.departAll(c, me);
        }
    }
}
