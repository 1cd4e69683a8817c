package org.mpj.coll.scatter;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Mst;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Minimum-spanning-tree scatter (see {@link Mst}): at each level the head of a range sends the
 * blocks of the other half, in rank order, to that half's head as one message. ⌈log2 p⌉ rounds. The
 * root sends from its send buffer when the send type has no holes (else it packs it once); inner
 * heads receive their range into packed scratch; leaves receive into their receive buffer.
 */
public final class ScatterMST {
    public static final String NAME = "MST";

    private ScatterMST() {
    }

    public static void scatter(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = c.size(), me = c.rank();
        Mst s = Mst.of(me, root, p);
        if (me != root && s.myLo == s.myHi) {
            c.collRecv(recvbuf, recvoffset, recvcount, recvtype, s.root[0], Tags.SCATTER);
            return;
        }
        Object buf;
        int base, block, k = 0;
        TypeMap packed;
        if (me == root) {
            block = sendcount * sendtype.size;
            packed = Buffers.packed(sendtype.base);
            if (sendtype.isContiguous()) {
                buf = sendbuf;
                base = sendoffset;
            } else {
                buf = Scratch.get(Scratch.WORK, sendtype.base, Math.multiplyExact(p, block));
                base = 0;
                for (int r = 0; r < p; r++) {
                    Copier.copy(sendbuf, sendoffset + r * sendcount * sendtype.extent, sendtype, buf, r * block,
                            packed, block);
                }
            }
        } else {
            block = recvcount * recvtype.size;
            packed = Buffers.packed(recvtype.base);
            buf = Scratch.get(Scratch.WORK, recvtype.base, (s.myHi - s.myLo + 1) * block);
            base = 0;
            c.collRecv(buf, 0, (s.myHi - s.myLo + 1) * block, packed, s.root[0], Tags.SCATTER);
            k = 1;
        }
        for (; k < s.levels; k++) {
            c.collSend(buf, base + (s.partnerLo[k] - s.myLo) * block, (s.partnerHi[k] - s.partnerLo[k] + 1) * block,
                    packed, s.partner[k], Tags.SCATTER);
        }
        if (me == root) {
            Buffers.copyOwn("Scatter", sendbuf, sendoffset + me * sendcount * sendtype.extent, sendcount, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype);
        } else {
            Copier.copy(buf, (me - s.myLo) * block, packed, recvbuf, recvoffset, recvtype, block);
        }
    }
}
