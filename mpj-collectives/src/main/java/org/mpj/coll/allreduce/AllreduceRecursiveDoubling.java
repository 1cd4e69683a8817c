package org.mpj.coll.allreduce;

import java.lang.reflect.Array;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Recursive-doubling Allreduce (Thakur, Rabenseifner and Gropp, "Optimization of Collective
 * Communication Operations in MPICH", 2005), for any communicator size. With p = 2^k + rem, the first
 * 2·rem ranks pair up (even into odd) so that 2^k ranks remain; those swap and combine whole vectors
 * with partners at distance 1, 2, 4, ...; the odd ranks then hand the result back to their even
 * partners. Every partial result covers a contiguous block of ranks, and the lower block is always
 * the left operand, so non-commutative operators come out in rank order too.
 *
 * <pre>
 *   p = 6 (rem 2):  0→1  2→3          pair up: 1, 3, 4, 5 remain (new ranks 0..3)
 *                   1↔3  4↔5          distance 1
 *                   1↔4  3↔5          distance 2
 *                   1→0  3→2          hand back
 * </pre>
 */
public final class AllreduceRecursiveDoubling {
    public static final String NAME = "recursiveDoubling";
    private static final int TAG = 3;

    private AllreduceRecursiveDoubling() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
        int p = c.size(), me = c.rank();
        if (p == 1 || count == 0) {
            return;
        }
        Object tmp = Array.newInstance(type.base.arrayClass().getComponentType(), (count - 1) * type.extent + type.size);
        int pof2 = Integer.highestOneBit(p), rem = p - pof2;
        int newRank;
        if (me < 2 * rem) {
            if (me % 2 == 0) {
                c.collSend(recvbuf, recvoffset, count, type, me + 1, TAG);
                newRank = -1;
            } else {
                c.collRecv(tmp, 0, count, type, me - 1, TAG);
                op.combine(tmp, 0, recvbuf, recvoffset, count, type);
                newRank = me / 2;
            }
        } else {
            newRank = me - rem;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int newPartner = newRank ^ mask;
                int partner = newPartner < rem ? newPartner * 2 + 1 : newPartner + rem;
                c.collSendrecv(recvbuf, recvoffset, count, type, partner, tmp, 0, count, type, partner, TAG);
                if (partner < me) {
                    op.combine(tmp, 0, recvbuf, recvoffset, count, type);
                } else {
                    op.combine(recvbuf, recvoffset, tmp, 0, count, type);
                    Copier.copy(tmp, 0, type, recvbuf, recvoffset, type, count * type.size);
                }
            }
        }
        if (me < 2 * rem) {
            if (me % 2 == 1) {
                c.collSend(recvbuf, recvoffset, count, type, me - 1, TAG);
            } else {
                c.collRecv(recvbuf, recvoffset, count, type, me + 1, TAG);
            }
        }
    }
}
