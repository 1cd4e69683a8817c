package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Reduce-scatter through memory, every block folded in rank order (in0 op (in1 op (… op in(p-1))))
 * straight into its rank's receive buffer; no message, each item combined p - 1 times in all.
 * <ul>
 * <li>Where ranks outnumber cores ({@link Shared#staged}), short vectors (up to {@link Stages#MAX_BYTES}):
 * each rank copies its send vector into its stage and folds its own block of every stage; one
 * synchronisation per call (a stage is rewritten two calls later, as in {@link AllreduceShared}).</li>
 * <li>Other vectors: each rank folds its own block of every rank's send buffer, and ranks leave once
 * every rank has read; two synchronisations per call.</li>
 * </ul>
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
        long total = 0;
        for (int r = 0; r < p; r++) {
            lo += r < me ? recvcounts[r] : 0;
            total += recvcounts[r];
        }
        if (Shared.staged(c, b, me, Primitive.REDUCE_SCATTER, total * type.size * type.base.byteSize(),
                Stages.MAX_BYTES)) {
            staged(c, b, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, (int) total, lo, type, op);
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, 0, type, recvbuf, recvoffset);
        try {
            if (!b.publishedAlike(type)) {
                FALLBACK.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
                return;
            }
            AllreduceShared.fold(b, lo, lo + recvcounts[me], type, op, recvbuf, recvoffset);
        } finally {
            b.departAll(c, me);
        }
    }

    private static void staged(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, Object recvbuf,
                               int recvoffset, int[] recvcounts, int total, int lo, TypeMap type, Operator op) {
        int me = c.rank(), p = b.size, n = recvcounts[me];
        long k = b.stageAll(c, me, sendbuf, sendoffset, total, type);
        if (!b.stagedAlike(k, type)) {
            FALLBACK.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
            return;
        }
        if (n == 0) {
            return;
        }
        int at = lo * type.extent;
        Copier.copy(b.stages.data(p - 1, k), at, type, recvbuf, recvoffset, type, n * type.size);
        for (int r = p - 2; r >= 0; r--) {
            op.combine(b.stages.data(r, k), at, recvbuf, recvoffset, n, type);
        }
    }
}
