package org.mpj.coll.allreduce;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * Bidirectional-exchange (recursive-doubling) allreduce for any communicator size. With q the largest power of two ≤ p and
 * r = p - q, the first 2r ranks pair up: each even rank hands its data to the odd rank above it and
 * sits out. The q remaining ranks, renumbered in rank order, run log2 q exchange rounds (in round k,
 * partners differ in bit k of their new rank) in which both sides combine the same two operands.
 * Finally each odd rank of the first 2r returns the result to the even one below it.
 *
 * <pre>
 * p = 6 (q = 4, r = 2)     ranks   0  1  2  3  4  5
 * fold in                          0→1   2→3
 * new ranks                           0     1  2  3
 * round 1 (bit 0)                     1 ↔ 3   4 ↔ 5
 * round 2 (bit 1)                     1 ↔ 4   3 ↔ 5
 * fold out                         0←1   2←3
 * </pre>
 *
 * Each rank holds the combination of a contiguous range of ranks, and a round joins two adjacent
 * ranges, so combining the lower range into the higher ({@code lower op higher}) is correct for
 * non-commutative operators too, and every rank computes bit-identical results (a commutative
 * operator's first combination may take its operands the other way round; the predefined operators
 * give the same bits either way, NaN payloads aside). ⌈log2 p⌉ + 2
 * rounds of the whole vector: for short and medium vectors. {@code bBDE} exchanges with a blocking
 * send-receive, {@code nbBDE} with a non-blocking send and receive waited together.
 */
public final class AllreduceBDE {
    public static final String BLOCKING = "bBDE";
    public static final String NON_BLOCKING = "nbBDE";

    private AllreduceBDE() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                int count, TypeMap type, Operator op) {
        run(c, false, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                   int count, TypeMap type, Operator op) {
        run(c, true, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
    }

    static void run(Communicator c, boolean nonBlocking, Object sendbuf, int sendoffset, Object recvbuf,
                    int recvoffset, int count, TypeMap type, Operator op) {
        int p = c.size(), me = c.rank();
        if (p == 1) {
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
            return;
        }
        int q = Integer.highestOneBit(p), extra = p - q;
        // The accumulator and the receive area swap roles when the lower operand arrives from the
        // partner; the caller's receive buffer serves as one of the two.
        Object acc = recvbuf, tmp = Scratch.items(Scratch.WORK, count, type);
        int accOffset = recvoffset, tmpOffset = 0;
        // Until its first combination this rank's vector is in sendbuf alone: that combination reads
        // it from there and writes recvbuf, where the partner's vector was received, instead of a
        // copy into recvbuf first (2 ranks over tcp, 1 MiB: the copy, and the copy back of a swapped
        // accumulator, were 1-2 MiB of each rank's ~3 MiB of memory traffic besides the sockets).
        boolean inRecv = false;
        int newRank;
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collSend(sendbuf, sendoffset, count, type, me + 1, Tags.ALLREDUCE);
                newRank = -1;
            } else {
                if (op.isCommutative()) {
                    c.collRecv(recvbuf, recvoffset, count, type, me - 1, Tags.ALLREDUCE);
                    op.combine(sendbuf, sendoffset, recvbuf, recvoffset, count, type);
                } else {
                    Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
                    c.collRecv(tmp, tmpOffset, count, type, me - 1, Tags.ALLREDUCE);
                    op.combine(tmp, tmpOffset, acc, accOffset, count, type);
                }
                inRecv = true;
                newRank = me >> 1;
            }
        } else {
            newRank = me - extra;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < q; mask <<= 1) {
                int newPartner = newRank ^ mask;
                int partner = newPartner < extra ? 2 * newPartner + 1 : newPartner + extra;
                if (!inRecv && (partner > me || op.isCommutative())) {
                    // mine op theirs: the lower's order; a commutative operator may take either.
                    exchange(c, nonBlocking, sendbuf, sendoffset, recvbuf, recvoffset, count, type, partner);
                    op.combine(sendbuf, sendoffset, recvbuf, recvoffset, count, type);
                    inRecv = true;
                    continue;
                }
                if (!inRecv) {
                    Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
                    inRecv = true;
                }
                exchange(c, nonBlocking, acc, accOffset, tmp, tmpOffset, count, type, partner);
                if (partner < me) {
                    op.combine(tmp, tmpOffset, acc, accOffset, count, type);
                } else {
                    op.combine(acc, accOffset, tmp, tmpOffset, count, type);
                    Object b = acc;
                    acc = tmp;
                    tmp = b;
                    int o = accOffset;
                    accOffset = tmpOffset;
                    tmpOffset = o;
                }
            }
        }
        if (me < 2 * extra) {
            if ((me & 1) == 0) {
                c.collRecv(recvbuf, recvoffset, count, type, me + 1, Tags.ALLREDUCE);
                return;
            }
            c.collSend(acc, accOffset, count, type, me - 1, Tags.ALLREDUCE);
        }
        if (acc != recvbuf) {
            Copier.copy(acc, accOffset, type, recvbuf, recvoffset, type, count * type.size);
        }
    }

    /** Sends {@code count} items to {@code partner} and receives as many from it. */
    private static void exchange(Communicator c, boolean nonBlocking, Object from, int fromOffset, Object into,
                                 int intoOffset, int count, TypeMap type, int partner) {
        if (nonBlocking) {
            EngineRequest r = c.collIrecv(into, intoOffset, count, type, partner, Tags.ALLREDUCE);
            EngineRequest s = c.collIsend(from, fromOffset, count, type, partner, Tags.ALLREDUCE);
            c.waitAll(r, s);
        } else {
            c.collSendrecv(from, fromOffset, count, type, partner, into, intoOffset, count, type, partner,
                    Tags.ALLREDUCE);
        }
    }
}
