package org.mpj.coll.allreduce;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Ring allreduce (as in Open MPI's coll/base and the deep-learning libraries): the vector is cut
 * into p nearly equal chunks. In p - 1 reduce-scatter steps rank {@code me} sends chunk
 * {@code me - s} to its right neighbour and combines chunk {@code me - s - 1} arriving from its left,
 * so each chunk gathers one more rank per step and rank me ends with chunk {@code me + 1} complete;
 * p - 1 allgather steps then pass the finished chunks around the ring. Each rank sends and receives
 * 2 (p-1)/p · n elements, every link busy in every step: the bandwidth-optimal choice for long
 * vectors, with 2 (p - 1) latencies.
 *
 * <pre>
 * p = 3, chunks A B C      step 0           step 1
 * reduce-scatter           0→1 A, 1→2 B,    0→1 C(2,0), 1→2 A(0,1), 2→0 B(1,2)
 *                          2→0 C            rank 0 has B, 1 has C, 2 has A complete
 * </pre>
 *
 * A chunk is combined starting at its own rank and wrapping past p-1 to 0, which is not rank order:
 * for a non-commutative operator this runs {@link AllreduceRabenseifner} instead.
 */
public final class AllreduceRing {
    public static final String NAME = "ring";

    private AllreduceRing() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        if (!op.isCommutative()) {
            AllreduceRabenseifner.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        int p = c.size(), me = c.rank();
        Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
        if (p == 1) {
            return;
        }
        Object tmp = Scratch.items(Scratch.WORK, (count + p - 1) / p, type);
        int right = (me + 1) % p, left = (me - 1 + p) % p;
        for (int s = 0; s < p - 1; s++) {
            int out = (me - s + p) % p, in = (me - s - 1 + p) % p;
            int oFirst = start(out, count, p), iFirst = start(in, count, p);
            int iCount = start(in + 1, count, p) - iFirst;
            c.collSendrecv(recvbuf, recvoffset + oFirst * type.extent, start(out + 1, count, p) - oFirst, type, right,
                    tmp, 0, iCount, type, left, Tags.ALLREDUCE);
            op.combine(tmp, 0, recvbuf, recvoffset + iFirst * type.extent, iCount, type);
        }
        for (int s = 0; s < p - 1; s++) {
            int out = (me + 1 - s + p) % p, in = (me - s + p) % p;
            int oFirst = start(out, count, p), iFirst = start(in, count, p);
            c.collSendrecv(recvbuf, recvoffset + oFirst * type.extent, start(out + 1, count, p) - oFirst, type, right,
                    recvbuf, recvoffset + iFirst * type.extent, start(in + 1, count, p) - iFirst, type, left,
                    Tags.ALLREDUCE);
        }
    }

    /** First item of chunk {@code b} of p nearly equal chunks (the first count % p one longer). */
    private static int start(int b, int count, int p) {
        return b * (count / p) + Math.min(b, count % p);
    }
}
