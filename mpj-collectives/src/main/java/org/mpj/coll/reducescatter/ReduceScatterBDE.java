package org.mpj.coll.reducescatter;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * Bidirectional-exchange reduce-scatter by recursive halving, for any communicator size. With q the
 * largest power of two ≤ p and r = p - q, each even rank among the first 2r hands its whole vector
 * to the odd rank above it, which combines and plays both (its new rank owns both ranks' blocks).
 * The q players, renumbered in rank order, then halve: in the round of distance d a player keeps
 * the half of its current range of new ranks that holds its own, sends the other half's items to
 * the player d away, and combines what it receives for its half. After log2 q rounds each player
 * holds its own blocks fully reduced; the odd ranks of the first 2r pass the even one its block.
 *
 * <pre>
 * p = 4:   round d=2: 0 ↔ 2, 1 ↔ 3 exchange half the vector   round d=1: 0 ↔ 1, 2 ↔ 3 a quarter
 * </pre>
 *
 * Each rank sends about the whole vector once in all (n/2 + n/4 + ...) instead of log2 p times. The
 * halves combined do not follow rank order, so a non-commutative operator falls back to
 * {@link ReduceScatterReduceScatter}. {@code bBDE}: blocking send-receives; {@code nbBDE}:
 * non-blocking send and receive waited together.
 */
public final class ReduceScatterBDE {
    public static final String BLOCKING = "bBDE";
    public static final String NON_BLOCKING = "nbBDE";

    private ReduceScatterBDE() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                int[] recvcounts, TypeMap type, Operator op) {
        run(c, false, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                   int[] recvcounts, TypeMap type, Operator op) {
        run(c, true, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
    }

    static void run(Communicator c, boolean nonBlocking, Object sendbuf, int sendoffset, Object recvbuf,
                    int recvoffset, int[] recvcounts, TypeMap type, Operator op) {
        if (!op.isCommutative()) {
            ReduceScatterReduceScatter.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
            return;
        }
        int p = c.size(), me = c.rank(), ext = type.extent;
        int[] start = new int[p + 1];
        for (int r = 0; r < p; r++) {
            start[r + 1] = Math.addExact(start[r], recvcounts[r]);
        }
        int total = start[p];
        Object acc = Scratch.items(Scratch.WORK, total, type), tmp = Scratch.items(Scratch.TEMP, total, type);
        Copier.copy(sendbuf, sendoffset, type, acc, 0, type, total * type.size);
        int q = Integer.highestOneBit(p), extra = p - q;
        int tag = Tags.REDUCE_SCATTER;
        int n;
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collSend(acc, 0, total, type, me + 1, tag);
                c.collRecv(recvbuf, recvoffset, recvcounts[me], type, me + 1, tag);
                return;
            }
            c.collRecv(tmp, 0, total, type, me - 1, tag);
            op.combine(tmp, 0, acc, 0, total, type);
            n = me >> 1;
        } else {
            n = me - extra;
        }
        int lo = 0, hi = q;
        for (int d = q >> 1; d > 0; d >>= 1) {
            int mid = lo + d;
            boolean low = n < mid;
            int keepLo = low ? lo : mid, keepHi = low ? mid : hi;
            int sendLo = low ? mid : lo, sendHi = low ? hi : mid;
            int partner = real(low ? n + d : n - d, extra);
            int keepFirst = itemOf(keepLo, start, extra, q), keepEnd = itemOf(keepHi, start, extra, q);
            int sendFirst = itemOf(sendLo, start, extra, q), sendEnd = itemOf(sendHi, start, extra, q);
            if (nonBlocking) {
                EngineRequest r = c.collIrecv(tmp, keepFirst * ext, keepEnd - keepFirst, type, partner, tag);
                EngineRequest s = c.collIsend(acc, sendFirst * ext, sendEnd - sendFirst, type, partner, tag);
                c.waitAll(r, s);
            } else {
                c.collSendrecv(acc, sendFirst * ext, sendEnd - sendFirst, type, partner,
                        tmp, keepFirst * ext, keepEnd - keepFirst, type, partner, tag);
            }
            op.combine(tmp, keepFirst * ext, acc, keepFirst * ext, keepEnd - keepFirst, type);
            lo = keepLo;
            hi = keepHi;
        }
        if (me < 2 * extra) {
            c.collSend(acc, start[me - 1] * ext, recvcounts[me - 1], type, me - 1, tag);
        }
        Copier.copy(acc, start[me] * ext, type, recvbuf, recvoffset, type, recvcounts[me] * type.size);
    }

    /** The real rank that plays new rank {@code v}. */
    private static int real(int v, int extra) {
        return v < extra ? 2 * v + 1 : v + extra;
    }

    /** The first item of the blocks of new rank {@code v} ({@code v == q}: the end of the vector). */
    private static int itemOf(int v, int[] start, int extra, int q) {
        if (v == q) {
            return start[start.length - 1];
        }
        return start[v < extra ? 2 * v : v + extra];
    }
}
