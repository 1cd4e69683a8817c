package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Inclusive scan through memory: rank r folds the vectors of ranks 0..r in rank order
 * (in0 op (in1 op (… op in_r))) straight into its receive buffer; no message. Rank r combines r
 * vectors, so the last rank does p - 1 combines where recursive doubling does log2 p exchanges and
 * combines: the cheaper choice while vectors are short and synchronisation costs more than combining.
 * <ul>
 * <li>Short vectors (up to {@link Stages#MAX_BYTES}): each rank copies its vector into its stage; one
 * synchronisation per call (a stage is rewritten two calls later, as in {@link AllreduceShared}). Also
 * where each rank has a core (unlike the other shared calls, {@link Shared#staged}): rank r reads ranks
 * 0..r-1 only, and the stage lets the low ranks leave before the high ones have read (2 thread ranks on 2
 * cores, 8 KiB: 0.92-1.55 us a call staged against 1.48-1.86 straight, 7 rounds).</li>
 * <li>Long vectors: read from the send buffers; ranks leave once every rank has read, two
 * synchronisations per call.</li>
 * </ul>
 */
public final class ScanShared {
    public static final String NAME = "shared";
    private static final Algorithm.Combine FALLBACK = (Algorithm.Combine) Catalog.defaultAlgorithm(Primitive.SCAN);

    private ScanShared() {
    }

    public static void scan(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                            TypeMap type, Operator op) {
        NodeBoard b = NodeBoard.whole(c);
        int p = c.size(), me = c.rank();
        if (!Shared.usable(b, type) || p == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        int n = count * type.size;
        if (MessageSize.of(count, type) <= Stages.MAX_BYTES) {
            long k = b.stageAll(c, me, sendbuf, sendoffset, count, type);
            if (!b.stagedAlike(k, type)) {
                FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                return;
            }
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, n);
            for (int r = me - 1; r >= 0; r--) {
                op.combine(b.stages.data(r, k), 0, recvbuf, recvoffset, count, type);
            }
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, count, type, recvbuf, recvoffset);
        try {
            if (!b.publishedAlike(type)) {
                FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                return;
            }
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, n);
            for (int r = me - 1; r >= 0; r--) {
                op.combine(b.buf[r], b.offset[r], recvbuf, recvoffset, count, type);
            }
        } finally {
            b.departAll(c, me);
        }
    }
}
