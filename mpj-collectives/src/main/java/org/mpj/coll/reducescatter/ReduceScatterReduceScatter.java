package org.mpj.coll.reducescatter;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.reduce.ReduceBT;
import org.mpj.coll.scatter.ScatterFT;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Reduce-scatter as a reduction of all {@code sum(recvcounts)} items to rank 0 ({@link ReduceBT},
 * rank order kept for non-commutative operators) followed by a scatter of block {@code i} to rank
 * {@code i} ({@link ScatterFT}, all sends in flight at once).
 *
 * <pre>
 * recvcounts = [2 1 3]:   reduce [x x|x|x x x] to rank 0, then rank 0 sends [x x]→0 [x]→1 [x x x]→2
 * </pre>
 *
 * log2 p rounds of the whole vector, then p - 1 block sends from rank 0: correct for every size and
 * operator; the fallback of {@link ReduceScatterBDE} for non-commutative operators.
 */
public final class ReduceScatterReduceScatter {
    public static final String NAME = "Reduce+Scatterv";
    private static final int ROOT = 0;

    private ReduceScatterReduceScatter() {
    }

    public static void reduceScatter(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                     int[] recvcounts, TypeMap type, Operator op) {
        int p = c.size();
        int[] displs = new int[p];
        int total = 0;
        for (int r = 0; r < p; r++) {
            displs[r] = total;
            total = Math.addExact(total, recvcounts[r]);
        }
        Object all = c.rank() == ROOT ? Scratch.items(Scratch.RESULT, total, type) : null;
        ReduceBT.reduce(c, sendbuf, sendoffset, all, 0, total, type, op, ROOT);
        ScatterFT.nonBlockingV(c, all, 0, recvcounts, displs, type, recvbuf, recvoffset, recvcounts[c.rank()], type,
                ROOT);
    }
}
