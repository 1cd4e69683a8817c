package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Reduce through memory, every rank's contribution combined in rank order, so non-commutative operators
 * are right: in0 op (in1 op (… op in(p-1))), or ((in0 op in1) op …) op in(p-1) for a commutative one.
 * <ul>
 * <li>Vectors up to {@link BcastShared#STAGED_BYTES}: the root folds every vector into its receive
 * buffer, each as soon as its owner has published it (a commutative operator from rank 0 up, so that
 * the folds overlap the wait for later ranks). Where ranks outnumber cores ({@link Shared#staged}),
 * vectors up to {@link #STAGED_BYTES}: each non-root copies its vector into its stage
 * and leaves at once; else the root reads the send buffers, and a non-root leaves once the root has read
 * its own (autotuner's check, 2 thread ranks on 2 cores, 1-8 KiB: 0.51-1.01 us a call, against 0.69-2.00
 * staged, and 1.90 at 1 KiB for the slices below).</li>
 * <li>Longer ones: straight out of the send buffers, rank r folding slice r of every vector into the
 * root's receive buffer (published at arrival); ranks leave once every slice is done. Against the
 * root folding every vector alone (autotuner's check, thread ranks on 2 cores, the per-rank medians
 * averaged over ranks): 1 MiB on 4 ranks 99 us instead of 133, on 8 ranks 261 instead of 308; 256 KiB
 * on 8 ranks 56 instead of 73, on 4 ranks 43 against 39. nbFT, whose non-roots leave as soon as their
 * vector is copied, averages 19-26 us at 256 KiB.</li>
 * </ul>
 */
public final class ReduceShared {
    public static final String NAME = "shared";
    /**
     * Vectors up to this many bytes go through stages where ranks outnumber cores. Past it, staged, the
     * root's time a call between barriers (autotuner's check, 3-8 thread ranks on 2 cores) was 12-58%
     * over bFT's at 16-64 KiB; straight, level. Below it the stages keep back-to-back calls 2-3x faster
     * (and the check is split). benchmarks/results/2026-11-28/shm-rooted-staging.txt.
     */
    static final long STAGED_BYTES = 8 * 1024;
    private static final Algorithm.Reduce FALLBACK = (Algorithm.Reduce) Catalog.defaultAlgorithm(Primitive.REDUCE);

    private ReduceShared() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, type) || c.size() == 1) {
            FALLBACK.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
            return;
        }
        if (MessageSize.of(count, type) <= BcastShared.STAGED_BYTES) {
            local(c, b, c.rank(), sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
        } else {
            sliced(c, b, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
        }
    }

    private static void sliced(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, Object recvbuf,
                               int recvoffset, int count, TypeMap type, Operator op, int root) {
        int me = c.rank(), p = b.size;
        b.arriveAll(c, me, sendbuf, sendoffset, count, type, me == root ? recvbuf : null, recvoffset);
        try {
            if (!b.publishedAlike(type)) {
                FALLBACK.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                return;
            }
            int lo = AllreduceShared.sliceStart(count, p, me), hi = AllreduceShared.sliceStart(count, p, me + 1);
            AllreduceShared.fold(b, lo, hi, type, op, b.out[root], b.outOffset[root] + lo * type.extent);
        } finally {
            b.departAll(c, me);
        }
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, Object recvbuf,
                int recvoffset, int count, TypeMap type, Operator op, int root) {
        int p = b.size;
        long k = b.published.next(me), j = b.rootRead.next(me);
        boolean staged = Shared.staged(c, b, me, Primitive.REDUCE, MessageSize.of(count, type), STAGED_BYTES);
        if (me != root) {
            b.contribute(c, me, k, j, staged, sendbuf, sendoffset, count, type);
            return;
        }
        b.published.signal(me);   // every rank's flag counts every call, the root's too
        b.takeTurn(me);
        boolean up = op.isCommutative();   // fold from rank 0 up, else from the top rank down (class comment)
        int i = 0;
        try {
            int n = count * type.size;
            for (; i < p; i++) {
                int r = foldRank(up, p, i);
                if (r != root) {
                    b.published.await(c, me, r, k);
                }
                Object in = r == root ? sendbuf : staged ? b.contributions.data(r, k) : b.buf[r];
                int inOffset = r == root ? sendoffset : staged ? 0 : b.offset[r];
                TypeMap inType = r == root ? type : staged ? b.contributions.type(r, k) : b.type[r];
                if (i == 0) {
                    Copier.copy(in, inOffset, inType, recvbuf, recvoffset, type, n);
                } else if (inType.sameShape(type)) {
                    op.combine(in, inOffset, recvbuf, recvoffset, count, type);
                } else {
                    // Same signature, other layout: lay it out as the root's type first.
                    Object tmp = Buffers.allocateItems(count, type);
                    Copier.copy(in, inOffset, inType, tmp, 0, type, n);
                    op.combine(tmp, 0, recvbuf, recvoffset, count, type);
                }
                b.took(r);
            }
        } finally {
            for (; i < p; i++) {
                b.took(foldRank(up, p, i));   // after an error too, so that no rank waits for the root forever
            }
            b.rootRead.signal();
        }
    }

    /** The i-th rank the root folds in: from rank 0 up for a commutative operator, else from the top down. */
    private static int foldRank(boolean up, int p, int i) {
        return up ? i : p - 1 - i;
    }
}
