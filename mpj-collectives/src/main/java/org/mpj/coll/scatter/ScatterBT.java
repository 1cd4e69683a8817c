package org.mpj.coll.scatter;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Binomial-tree scatter (see {@link BinomialTree}), the root shifted to relative rank 0: gather run
 * backwards. A rank receives its subtree's blocks, a contiguous range of relative ranks, as one
 * message from its parent, sends each child the part of its child's subtree (largest first, all in
 * flight at once) and keeps the first block. ⌈log2 p⌉ rounds instead of p - 1 sends at the root.
 *
 * <pre>
 * p = 8, relative ranks:  round 1: 0→[4 5 6 7]
 *                         round 2: 0→[2 3], 4→[6 7]
 *                         round 3: 0→1, 2→3, 4→5, 6→7
 * </pre>
 *
 * Blocks travel packed in the base type of the data. The root first packs its send buffer in
 * relative-rank order, unless it is rank 0 and the send type has no holes, when it sends from the
 * send buffer itself; leaves receive straight into their receive buffer.
 */
public final class ScatterBT {
    public static final String NAME = "BT";

    private ScatterBT() {
    }

    public static void scatter(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = c.size(), me = c.rank();
        int vr = BinomialTree.relative(me, root, p);
        int size = BinomialTree.subtreeSize(vr, p);
        if (vr != 0 && size == 1) {
            c.collRecv(recvbuf, recvoffset, recvcount, recvtype, BinomialTree.rank(BinomialTree.parent(vr), root, p),
                    Tags.SCATTER);
            return;
        }
        if (p == 1) {
            Buffers.copyOwn("Scatter", sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype);
            return;
        }
        Object tmp;
        int base;
        TypeMap packed;
        int block;
        if (vr == 0) {
            block = sendcount * sendtype.size;
            packed = Buffers.packed(sendtype.base);
            if (me == 0 && sendtype.isContiguous()) {
                tmp = sendbuf;
                base = sendoffset;
            } else {
                tmp = Scratch.get(Scratch.WORK, sendtype.base, Math.multiplyExact(p, block));
                base = 0;
                for (int v = 0; v < p; v++) {
                    int r = BinomialTree.rank(v, root, p);
                    Copier.copy(sendbuf, sendoffset + r * sendcount * sendtype.extent, sendtype, tmp, v * block, packed,
                            block);
                }
            }
        } else {
            block = recvcount * recvtype.size;
            packed = Buffers.packed(recvtype.base);
            tmp = Scratch.get(Scratch.WORK, recvtype.base, size * block);
            base = 0;
            c.collRecv(tmp, 0, size * block, packed, BinomialTree.rank(BinomialTree.parent(vr), root, p), Tags.SCATTER);
        }
        EngineRequest[] sends = new EngineRequest[BinomialTree.childCount(vr, p)];
        int i = 0;
        for (int m = BinomialTree.span(vr, p) >> 1; m > 0; m >>= 1) {
            int child = vr + m;
            if (child < p) {
                sends[i++] = c.collIsend(tmp, base + m * block, BinomialTree.subtreeSize(child, p) * block, packed,
                        BinomialTree.rank(child, root, p), Tags.SCATTER);
            }
        }
        Copier.copy(tmp, base, packed, recvbuf, recvoffset, recvtype, block);
        c.waitAll(sends);
    }
}
