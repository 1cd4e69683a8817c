package org.mpj.coll.scan;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.reduce.ReduceFT;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree inclusive scan ({@code nbFT}): every rank sends its vector to every higher rank and
 * receives those of all lower ranks at once, then folds ranks 0..me in rank order itself. One step,
 * but rank p - 1 receives p - 1 vectors: for tiny vectors on few ranks.
 */
public final class ScanFT {
    public static final String NAME = "nbFT";

    private ScanFT() {
    }

    public static void scan(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                            int count, TypeMap type, Operator op) {
        int p = c.size(), me = c.rank();
        int span = Buffers.span(count, type);
        Object lower = Scratch.get(Scratch.WORK, type.base, Math.multiplyExact(span, me + 1));
        EngineRequest[] reqs = new EngineRequest[p];
        for (int r = 0; r < me; r++) {
            reqs[r] = c.collIrecv(lower, r * span, count, type, r, Tags.SCAN);
        }
        for (int r = me + 1; r < p; r++) {
            reqs[r] = c.collIsend(sendbuf, sendoffset, count, type, r, Tags.SCAN);
        }
        c.waitAll(reqs);
        ReduceFT.foldDown(me, sendbuf, sendoffset, lower, span, recvbuf, recvoffset, count, type, op, me + 1);
    }
}
