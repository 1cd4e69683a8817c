package org.mpj.coll.reduce;

import org.mpj.coll.base.Mst;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Minimum-spanning-tree reduction (see {@link Mst}): the broadcast's schedule run bottom-up. At each
 * level the head of one half sends the reduction of its half to the head of the other. Each half is
 * a contiguous range of real ranks, so the receiver combines {@code lower op higher} whichever side
 * it is on: rank order holds for non-commutative operators with any root. ⌈log2 p⌉ rounds of the
 * whole vector; leaves send from their send buffer, heads combine in two scratch buffers.
 */
public final class ReduceMST {
    public static final String NAME = "MST";

    private ReduceMST() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        int me = c.rank();
        Mst s = Mst.of(me, root, c.size());
        Object acc = sendbuf, tmp = null;
        int accOffset = sendoffset;
        for (int k = s.levels - 1; k >= 0; k--) {
            if (s.root[k] != me) {
                c.collSend(acc, accOffset, count, type, s.root[k], Tags.REDUCE);
                return;
            }
            if (acc == sendbuf) {
                acc = Scratch.items(Scratch.WORK, count, type);
                tmp = Scratch.items(Scratch.TEMP, count, type);
                accOffset = 0;
                Copier.copy(sendbuf, sendoffset, type, acc, 0, type, count * type.size);
            }
            c.collRecv(tmp, 0, count, type, s.partner[k], Tags.REDUCE);
            if (s.partnerLo[k] < me) {
                op.combine(tmp, 0, acc, 0, count, type);
            } else {
                // tmp = acc op tmp, acc holding the lower range; tmp becomes the accumulator.
                op.combine(acc, 0, tmp, 0, count, type);
                Object t = acc;
                acc = tmp;
                tmp = t;
            }
        }
        Copier.copy(acc, accOffset, type, recvbuf, recvoffset, type, count * type.size);
    }
}
