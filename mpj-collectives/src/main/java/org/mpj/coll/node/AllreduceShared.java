package org.mpj.coll.node;

import org.mpj.coll.allreduce.AllreduceRecursiveDoubling;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Allreduce through memory, combining straight out of every rank's send buffer in rank order
 * (in0 op (in1 op (… op in(p-1)))), so non-commutative operators are right and every rank's result
 * is bit-identical. Short vectors: each rank folds the whole vector into its receive buffer (one
 * synchronisation, p-1 combines of n). Long vectors: rank r folds slice r into its receive buffer,
 * then copies the other slices from the ranks that made them (n combines and n copies in all per
 * rank, each reading memory once).
 */
public final class AllreduceShared {
    public static final String NAME = "shared";
    /** Below this many bytes per vector the whole-vector fold is cheaper than a second synchronisation. */
    static final long SLICE_MIN_BYTES = 16 * 1024;

    private AllreduceShared() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        NodeBoard b = NodeBoard.of(c);
        int p = c.size();
        if (!Shared.usable(b, type) || p == 1) {
            AllreduceRecursiveDoubling.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        b.arriveAll(c, sendbuf, sendoffset, count, type, recvbuf, recvoffset);
        try {
            if (!sameLayout(b)) {
                // Combining reads every rank's buffer with one layout; ranks whose layouts differ
                // (same signature, other holes) all take the message path, as they all see the board.
                AllreduceRecursiveDoubling.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                return;
            }
            long bytes = (long) count * type.size * type.base.byteSize();
            if (bytes < SLICE_MIN_BYTES || count < p) {
                fold(b, 0, count, type, op, recvbuf, recvoffset);
            } else {
                int me = c.rank();
                fold(b, sliceStart(count, p, me), sliceStart(count, p, me + 1), type, op, recvbuf, recvoffset);
                long k = b.midway.next(me);
                b.midway.signal();
                b.midway.await(c, k, p);
                for (int i = 1; i < p; i++) {
                    int r = me + i < p ? me + i : me + i - p;
                    int lo = sliceStart(count, p, r), hi = sliceStart(count, p, r + 1);
                    int at = lo * type.extent;
                    Copier.copy(b.out[r], b.outOffset[r] + at, type, recvbuf, recvoffset + at, type,
                            (hi - lo) * type.size);
                }
            }
        } finally {
            b.departAll(c);
        }
    }

    static boolean sameLayout(NodeBoard b) {
        for (int r = 1; r < b.size; r++) {
            if (!b.type[r].sameShape(b.type[0])) {
                return false;
            }
        }
        return true;
    }

    static int sliceStart(int count, int p, int r) {
        return (int) ((long) count * r / p);
    }

    /** Items lo..hi of every rank's send buffer, folded right to left into (dst, dstOffset). */
    static void fold(NodeBoard b, int lo, int hi, TypeMap type, Operator op, Object dst, int dstOffset) {
        if (hi == lo) {
            return;
        }
        int p = b.size, at = lo * type.extent, n = hi - lo;
        Copier.copy(b.buf[p - 1], b.offset[p - 1] + at, type, dst, dstOffset + at, type, n * type.size);
        for (int r = p - 2; r >= 0; r--) {
            op.combine(b.buf[r], b.offset[r] + at, dst, dstOffset + at, n, type);
        }
    }
}
