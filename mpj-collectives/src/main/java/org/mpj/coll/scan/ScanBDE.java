package org.mpj.coll.scan;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Bidirectional-exchange (recursive-doubling) inclusive scan for any communicator size. Each rank keeps two values: its
 * result (the combination of ranks 0..me seen so far) and a partial (the combination of the aligned
 * block of 2^k ranks that holds it). In round k it swaps partials with {@code me XOR 2^k}, when that
 * rank exists; the block of the partner is adjacent to its own, so the partial becomes
 * {@code lower op higher}, and a partial from below also joins the result on its left.
 *
 * <pre>
 * p = 5, result after round   1 (me ^ 1)    2 (me ^ 2)    3 (me ^ 4)
 * rank 0                      0             0             0
 * rank 1                      0..1          0..1          0..1
 * rank 2                      2             0..2          0..2
 * rank 3                      2..3          0..3          0..3
 * rank 4                      4 (no 5)      4 (no 6)      0..4 (partial 0..3 from rank 0)
 * </pre>
 *
 * ⌈log2 p⌉ rounds, each a whole-vector exchange, rank order kept for non-commutative operators.
 */
public final class ScanBDE {
    public static final String NAME = "bBDE";

    private ScanBDE() {
    }

    public static void scan(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                            int count, TypeMap type, Operator op) {
        int p = c.size(), me = c.rank();
        int elements = count * type.size;
        Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, elements);
        if (p == 1) {
            return;
        }
        Object partial = Scratch.items(Scratch.WORK, count, type), tmp = Scratch.items(Scratch.TEMP, count, type);
        Copier.copy(sendbuf, sendoffset, type, partial, 0, type, elements);
        for (int mask = 1; mask < p; mask <<= 1) {
            int partner = me ^ mask;
            if (partner >= p) {
                continue;
            }
            c.collSendrecv(partial, 0, count, type, partner, tmp, 0, count, type, partner, Tags.SCAN);
            if (partner < me) {
                op.combine(tmp, 0, partial, 0, count, type);
                op.combine(tmp, 0, recvbuf, recvoffset, count, type);
            } else {
                // tmp = partial op tmp, the partner's block being the higher one; tmp becomes the partial.
                op.combine(partial, 0, tmp, 0, count, type);
                Object b = partial;
                partial = tmp;
                tmp = b;
            }
        }
    }
}
