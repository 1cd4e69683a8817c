package org.mpj.coll.allreduce;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Rabenseifner's allreduce (Thakur, Rabenseifner and Gropp, "Optimization of Collective
 * Communication Operations in MPICH", 2005): a reduce-scatter by recursive halving, then an
 * allgather by recursive doubling, so each rank sends and receives about 2n elements in all instead
 * of the n log2 p of {@link AllreduceBDE}, in 2 log2 p steps. For long vectors.
 *
 * <p>Any p: with q the largest power of two ≤ p and r = p - q, the first 2r ranks fold in as in
 * {@link AllreduceBDE} (each even rank hands its vector to the odd rank above it and
 * waits for the result at the end). The q others, renumbered, cut the vector into q blocks. In step
 * k (mask 2^k) partners {@code n XOR mask} split their current window of blocks in two; the lower
 * keeps and reduces the first half, the higher the second, each sending the other half:
 *
 * <pre>
 * q = 4, blocks 0-3     step mask 1       step mask 2        allgather: the same steps backwards
 * new rank 0            keeps 0-1         keeps 0            0 ↔ 2 (windows 0 | 1), then 0 ↔ 1
 * new rank 1            keeps 2-3         keeps 2
 * new rank 2            keeps 0-1         keeps 1
 * new rank 3            keeps 2-3         keeps 3
 * </pre>
 *
 * Each combination joins two adjacent runs of ranks (renumbering keeps rank order), the lower on
 * the left, so non-commutative operators are reduced in rank order.
 */
public final class AllreduceRabenseifner {
    public static final String NAME = "rabenseifner";

    private AllreduceRabenseifner() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        int p = c.size(), me = c.rank();
        if (p == 1) {
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
            return;
        }
        int q = Integer.highestOneBit(p), extra = p - q;
        Object tmp = Scratch.items(Scratch.WORK, count, type);
        boolean commutative = op.isCommutative();
        int newRank;
        // Where this rank's partial vector is: still in sendbuf alone, until its first combination puts
        // it into recvbuf. The vector is not copied into recvbuf whole first (1 MiB over tcp, 4 ranks on
        // 2 cores: 710-748 us without that copy, 776-795 with it), except by a higher rank under a
        // non-commutative operator, whose first combination must put the partner's part on the left.
        boolean inRecv;
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collSend(sendbuf, sendoffset, count, type, me + 1, Tags.ALLREDUCE);
                c.collRecv(recvbuf, recvoffset, count, type, me + 1, Tags.ALLREDUCE);
                return;
            }
            if (commutative) {
                c.collRecv(recvbuf, recvoffset, count, type, me - 1, Tags.ALLREDUCE);
                op.combine(sendbuf, sendoffset, recvbuf, recvoffset, count, type);
            } else {
                // theirs op mine, theirs on the left: combine puts its first operand there.
                Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
                c.collRecv(tmp, 0, count, type, me - 1, Tags.ALLREDUCE);
                op.combine(tmp, 0, recvbuf, recvoffset, count, type);
            }
            newRank = me >> 1;
            inRecv = true;
        } else {
            newRank = me - extra;
            inRecv = false;
        }
        int steps = Integer.numberOfTrailingZeros(q);
        int[] windowLo = new int[steps], windowHi = new int[steps];
        int lo = 0, hi = q;
        for (int s = 0, mask = 1; mask < q; s++, mask <<= 1) {
            int partner = rank(newRank ^ mask, extra);
            int mid = (lo + hi) / 2;
            boolean lower = (newRank & mask) == 0;
            int keepLo = lower ? lo : mid, keepHi = lower ? mid : hi;
            int sendLo = lower ? mid : lo, sendHi = lower ? hi : mid;
            int kFirst = start(keepLo, count, q), kEnd = start(keepHi, count, q);
            int sFirst = start(sendLo, count, q), sEnd = start(sendHi, count, q);
            int at = recvoffset + kFirst * type.extent, n = kEnd - kFirst;
            if (!inRecv && !commutative && !lower) {
                // theirs op mine, theirs on the left: the vector goes into recvbuf first, as in later steps.
                Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
                inRecv = true;
            }
            if (!inRecv) {
                // The partner's half lands in recvbuf, and mine (from sendbuf) is combined into it:
                // mine op theirs, which is the order where this rank is the lower.
                c.collSendrecv(sendbuf, sendoffset + sFirst * type.extent, sEnd - sFirst, type, partner,
                        recvbuf, at, n, type, partner, Tags.ALLREDUCE);
                op.combine(sendbuf, sendoffset + kFirst * type.extent, recvbuf, at, n, type);
            } else {
                c.collSendrecv(recvbuf, recvoffset + sFirst * type.extent, sEnd - sFirst, type, partner,
                        tmp, kFirst * type.extent, n, type, partner, Tags.ALLREDUCE);
                if (lower && !commutative) {
                    // mine op theirs: the result lands in tmp, then back into place.
                    op.combine(recvbuf, at, tmp, kFirst * type.extent, n, type);
                    Copier.copy(tmp, kFirst * type.extent, type, recvbuf, at, type, n * type.size);
                } else {
                    op.combine(tmp, kFirst * type.extent, recvbuf, at, n, type);
                }
            }
            inRecv = true;
            windowLo[s] = keepLo;
            windowHi[s] = keepHi;
            lo = keepLo;
            hi = keepHi;
        }
        for (int s = steps - 1, mask = q >> 1; s >= 0; s--, mask >>= 1) {
            int partner = rank(newRank ^ mask, extra);
            // The partner kept the other half of the window both held before step s.
            int size = windowHi[s] - windowLo[s];
            boolean lower = (newRank & mask) == 0;
            int otherLo = lower ? windowHi[s] : windowLo[s] - size, otherHi = otherLo + size;
            int mFirst = start(windowLo[s], count, q), mEnd = start(windowHi[s], count, q);
            int oFirst = start(otherLo, count, q), oEnd = start(otherHi, count, q);
            c.collSendrecv(recvbuf, recvoffset + mFirst * type.extent, mEnd - mFirst, type, partner,
                    recvbuf, recvoffset + oFirst * type.extent, oEnd - oFirst, type, partner, Tags.ALLREDUCE);
        }
        if (me < 2 * extra) {
            c.collSend(recvbuf, recvoffset, count, type, me - 1, Tags.ALLREDUCE);
        }
    }

    /** The rank of new rank {@code n}: the odd ones of the first 2·extra ranks, then the rest. */
    private static int rank(int n, int extra) {
        return n < extra ? 2 * n + 1 : n + extra;
    }

    /** First item of block {@code b} of {@code q} nearly equal blocks (the first count % q one longer). */
    private static int start(int b, int count, int q) {
        int base = count / q, longer = count % q;
        return b * base + Math.min(b, longer);
    }
}
