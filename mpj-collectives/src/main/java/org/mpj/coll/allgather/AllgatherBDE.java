package org.mpj.coll.allgather;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Bidirectional-exchange (recursive-doubling) allgather for any communicator size. With q the
 * largest power of two ≤ p and r = p - q, each even rank among the first 2r sends its block to the
 * odd rank above it and sits out; the q others, renumbered in rank order, exchange in round k
 * everything they hold with the partner whose new rank differs in bit k; finally each odd rank of
 * the first 2r hands the whole result to the even one below it.
 *
 * <pre>
 * p = 6 (q = 4)   ranks   0  1  2  3  4  5
 * fold in                 0→1   2→3          (1 holds blocks 0-1, 3 holds 2-3)
 * round 1                    1 ↔ 3   4 ↔ 5   (blocks 0-3, 4-5)
 * round 2                    1 ↔ 4   3 ↔ 5   (blocks 0-5)
 * fold out                0←1   2←3
 * </pre>
 *
 * What a new rank holds is always the blocks of a contiguous range of real ranks, so each exchange
 * is one run of items of the receive buffer, in place, in any datatype. ⌈log2 p⌉ (+2) rounds:
 * fewer latencies than the ring, for short blocks. {@code bBDE} exchanges with a blocking
 * send-receive, {@code nbBDE} with a non-blocking send and receive waited together.
 */
public final class AllgatherBDE {
    public static final String BLOCKING = "bBDE";
    public static final String NON_BLOCKING = "nbBDE";

    private AllgatherBDE() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, true, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    static void run(Communicator c, boolean nonBlocking, Object sendbuf, int sendoffset, int sendcount,
                    TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        int n = recvcount, ext = recvtype.extent;
        Buffers.copyOwn("Allgather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset + me * n * ext, n, recvtype);
        if (p == 1) {
            return;
        }
        int q = Integer.highestOneBit(p), extra = p - q;
        int tag = Tags.ALLGATHER;
        int newRank;
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collSend(recvbuf, recvoffset + me * n * ext, n, recvtype, me + 1, tag);
                newRank = -1;
            } else {
                c.collRecv(recvbuf, recvoffset + (me - 1) * n * ext, n, recvtype, me - 1, tag);
                newRank = me >> 1;
            }
        } else {
            newRank = me - extra;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < q; mask <<= 1) {
                int partnerNew = newRank ^ mask;
                int partner = last(partnerNew, extra);
                int mineLo = newRank & -mask, theirsLo = partnerNew & -mask;
                int myFirst = first(mineLo, extra), myEnd = last(mineLo + mask - 1, extra) + 1;
                int theirFirst = first(theirsLo, extra), theirEnd = last(theirsLo + mask - 1, extra) + 1;
                int outAt = recvoffset + myFirst * n * ext, outCount = (myEnd - myFirst) * n;
                int inAt = recvoffset + theirFirst * n * ext, inCount = (theirEnd - theirFirst) * n;
                if (nonBlocking) {
                    EngineRequest r = c.collIrecv(recvbuf, inAt, inCount, recvtype, partner, tag);
                    EngineRequest s = c.collIsend(recvbuf, outAt, outCount, recvtype, partner, tag);
                    c.waitAll(r, s);
                } else {
                    c.collSendrecv(recvbuf, outAt, outCount, recvtype, partner, recvbuf, inAt, inCount, recvtype,
                            partner, tag);
                }
            }
        }
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collRecv(recvbuf, recvoffset, p * n, recvtype, me + 1, tag);
            } else {
                c.collSend(recvbuf, recvoffset, p * n, recvtype, me - 1, tag);
            }
        }
    }

    /** The lowest real rank whose block new rank {@code v} holds after the fold-in. */
    private static int first(int v, int extra) {
        return v < extra ? 2 * v : v + extra;
    }

    /** The highest such rank, which is also the real rank that plays new rank {@code v}. */
    private static int last(int v, int extra) {
        return v < extra ? 2 * v + 1 : v + extra;
    }
}
