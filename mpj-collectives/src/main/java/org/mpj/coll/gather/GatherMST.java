package org.mpj.coll.gather;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Mst;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Minimum-spanning-tree gather (see {@link Mst}): the broadcast's schedule run bottom-up. The head of
 * a range collects the blocks of its range, in rank order, and sends them to the head of the other
 * half as one message. ⌈log2 p⌉ rounds; the root receives in place when its receive type has no holes,
 * other heads collect in a packed scratch buffer of their range's blocks; leaves send from their
 * send buffer.
 */
public final class GatherMST {
    public static final String NAME = "MST";

    private GatherMST() {
    }

    public static void gather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = c.size(), me = c.rank();
        Mst s = Mst.of(me, root, p);
        if (me != root && s.myLo == s.myHi) {
            c.collSend(sendbuf, sendoffset, sendcount, sendtype, s.root[0], Tags.GATHER);
            return;
        }
        int block = sendcount * sendtype.size;
        boolean inPlace = me == root && recvtype.isContiguous();
        TypeMap packed = Buffers.packed(inPlace ? recvtype.base : sendtype.base);
        Object buf;
        int base;
        if (inPlace) {
            buf = recvbuf;
            base = recvoffset;
            Buffers.copyOwn("Gather", sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvoffset + me * block, recvcount, recvtype);
        } else {
            buf = Scratch.get(Scratch.WORK, sendtype.base, Math.multiplyExact(s.myHi - s.myLo + 1, block));
            base = 0;
            Copier.copy(sendbuf, sendoffset, sendtype, buf, (me - s.myLo) * block, packed, block);
        }
        for (int k = s.levels - 1; k >= 0; k--) {
            if (s.root[k] == me) {
                c.collRecv(buf, base + (s.partnerLo[k] - s.myLo) * block, (s.partnerHi[k] - s.partnerLo[k] + 1) * block,
                        packed, s.partner[k], Tags.GATHER);
            } else {
                c.collSend(buf, base, (s.myHi - s.myLo + 1) * block, packed, s.root[k], Tags.GATHER);
                return;
            }
        }
        if (!inPlace) {
            for (int r = 0; r < p; r++) {
                Copier.copy(buf, r * block, packed, recvbuf, recvoffset + r * recvcount * recvtype.extent, recvtype,
                        block);
            }
        }
    }
}
