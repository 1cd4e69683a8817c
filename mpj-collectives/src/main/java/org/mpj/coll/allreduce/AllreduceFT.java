package org.mpj.coll.allreduce;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.reduce.ReduceFT;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree allreduce ({@code nbFT}): every rank sends its vector to every other and receives all
 * p - 1 others into scratch at once, then folds them in rank order itself ({@link ReduceFT#foldDown}),
 * so every rank computes the same result in the same order. One step of p - 1 messages each way and
 * p - 1 combines per rank: for tiny vectors on few ranks, where one latency beats log2 p of them.
 */
public final class AllreduceFT {
    public static final String NAME = "nbFT";

    private AllreduceFT() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        int p = c.size(), me = c.rank();
        int span = Buffers.span(count, type);
        Object all = Scratch.get(Scratch.WORK, type.base, Math.multiplyExact(span, p));
        EngineRequest[] reqs = new EngineRequest[2 * p];
        for (int k = 1; k < p; k++) {
            int from = (me - k + p) % p;
            reqs[2 * k] = c.collIrecv(all, from * span, count, type, from, Tags.ALLREDUCE);
        }
        for (int k = 1; k < p; k++) {
            reqs[2 * k + 1] = c.collIsend(sendbuf, sendoffset, count, type, (me + k) % p, Tags.ALLREDUCE);
        }
        c.waitAll(reqs);
        ReduceFT.foldDown(me, sendbuf, sendoffset, all, span, recvbuf, recvoffset, count, type, op, p);
    }
}
