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
 * Allreduce through memory, combining every rank's contribution in rank order
 * (in0 op (in1 op (… op in(p-1)))), so non-commutative operators are right and every rank's result
 * is bit-identical.
 * <ul>
 * <li>Short vectors (all p of them together up to {@link Stages#MAX_BYTES}) where ranks outnumber
 * cores ({@link Shared#staged}): each rank copies its
 * vector into its stage and folds all stages into its receive buffer; one synchronisation per call,
 * and no rank waits for its readers: a stage is rewritten two calls later, and every rank has
 * arrived at the call in between only after it finished reading this one. Every rank reads all p
 * vectors, so this pays only while p times the vector is small (4 ranks on 2 cores: at 4 KiB
 * 9-10 us staged against 11-16 sliced, at 16 KiB 19-28 against 17-25; 2 ranks at 16 KiB: 11-12
 * against 6-7).</li>
 * <li>Long vectors, and all vectors where each rank has a core: straight out of the send buffers;
 * rank r folds slice r into its receive buffer, then copies it into every other rank's receive buffer
 * (n combines and n copies per rank); ranks
 * leave once every rank has done so, two synchronisations per call (pulling the slices took a third,
 * between the folds and the copies).</li>
 * </ul>
 */
public final class AllreduceShared {
    public static final String NAME = "shared";
    private static final Algorithm.Combine FALLBACK = (Algorithm.Combine) Catalog.defaultAlgorithm(Primitive.ALLREDUCE);

    private AllreduceShared() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        NodeBoard b = NodeBoard.whole(c);
        int p = c.size();
        if (!Shared.usable(b, type) || p == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        if (Shared.staged(c, b, c.rank(), Primitive.ALLREDUCE, p * MessageSize.of(count, type), Stages.MAX_BYTES)) {
            staged(c, b, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
        } else {
            sliced(c, b, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
        }
    }

    private static void staged(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, Object recvbuf,
                               int recvoffset, int count, TypeMap type, Operator op) {
        int p = b.size;
        long k = b.stageAll(c, c.rank(), sendbuf, sendoffset, count, type);
        if (!b.stagedAlike(k, type)) {
            FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        Copier.copy(b.stages.data(p - 1, k), 0, type, recvbuf, recvoffset, type, count * type.size);
        for (int r = p - 2; r >= 0; r--) {
            op.combine(b.stages.data(r, k), 0, recvbuf, recvoffset, count, type);
        }
    }

    private static void sliced(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, Object recvbuf,
                               int recvoffset, int count, TypeMap type, Operator op) {
        int me = c.rank(), p = b.size;
        b.arriveAll(c, me, sendbuf, sendoffset, count, type, recvbuf, recvoffset);
        try {
            if (!b.publishedAlike(type)) {
                FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                return;
            }
            int lo = sliceStart(count, p, me), hi = sliceStart(count, p, me + 1);
            fold(b, lo, hi, type, op, recvbuf, recvoffset + lo * type.extent);
            // Push the slice to every other rank's receive buffer (published at arrival), each rank
            // starting with a different one; departAll then guarantees every slice is in place.
            int at = lo * type.extent;
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                Copier.copy(recvbuf, recvoffset + at, type, b.out[r], b.outOffset[r] + at, type, (hi - lo) * type.size);
            }
        } finally {
            b.departAll(c, me);
        }
    }

    static int sliceStart(int count, int p, int r) {
        return (int) ((long) count * r / p);
    }

    /** Items lo..hi of every rank's send buffer, folded right to left into items 0..hi-lo of (dst, dstOffset). */
    static void fold(NodeBoard b, int lo, int hi, TypeMap type, Operator op, Object dst, int dstOffset) {
        if (hi == lo) {
            return;
        }
        int p = b.size, at = lo * type.extent, n = hi - lo;
        Copier.copy(b.buf[p - 1], b.offset[p - 1] + at, type, dst, dstOffset, type, n * type.size);
        for (int r = p - 2; r >= 0; r--) {
            op.combine(b.buf[r], b.offset[r] + at, dst, dstOffset, n, type);
        }
    }
}
