package org.mpj.coll.allreduce;

import org.mpj.coll.bcast.BcastBT;
import org.mpj.coll.reduce.ReduceBT;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Allreduce as a binomial reduction to rank 0 ({@link ReduceBT}, rank order kept for
 * non-commutative operators) followed by a binomial broadcast of the result ({@link BcastBT}):
 * 2⌈log2 p⌉ rounds of the whole vector.
 */
public final class AllreduceReduceBcast {
    public static final String NAME = "Reduce+Bcast";
    private static final int ROOT = 0;

    private AllreduceReduceBcast() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        ReduceBT.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, ROOT);
        BcastBT.bcast(c, recvbuf, recvoffset, count, type, ROOT);
    }
}
