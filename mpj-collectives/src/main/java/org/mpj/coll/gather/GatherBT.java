package org.mpj.coll.gather;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Binomial-tree gather (see {@link BinomialTree}), the root shifted to relative rank 0. A rank
 * collects its subtree's blocks, a contiguous range of relative ranks, in a packed temporary buffer
 * (its own block first, then one receive per child, all in flight at once), and sends them to its
 * parent as one message. ⌈log2 p⌉ rounds instead of p - 1 receives at the root.
 *
 * <pre>
 * p = 8, relative ranks:  round 1: 1→0, 3→2, 5→4, 7→6
 *                         round 2: [2 3]→0, [6 7]→4
 *                         round 3: [4 5 6 7]→0
 * </pre>
 *
 * Blocks travel packed in the base type of the data (the send type's amount is the same on every
 * rank, as MPI requires). Leaves send straight from their send buffer; the root rotates the blocks
 * into rank order in its receive buffer, or receives them in place when the root is rank 0 and the
 * receive type has no holes.
 */
public final class GatherBT {
    public static final String NAME = "BT";

    private GatherBT() {
    }

    public static void gather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = c.size(), me = c.rank();
        int vr = BinomialTree.relative(me, root, p);
        int size = BinomialTree.subtreeSize(vr, p);
        if (vr != 0 && size == 1) {
            c.collSend(sendbuf, sendoffset, sendcount, sendtype, BinomialTree.rank(BinomialTree.parent(vr), root, p),
                    Tags.GATHER);
            return;
        }
        if (p == 1) {
            Buffers.copyOwn("Gather", sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype);
            return;
        }
        int block = sendcount * sendtype.size;
        TypeMap packed = Buffers.packed(sendtype.base);
        boolean inPlace = vr == 0 && root == 0 && recvtype.isContiguous();
        Object tmp = inPlace ? recvbuf : Scratch.get(Scratch.WORK, sendtype.base, Math.multiplyExact(size, block));
        int base = inPlace ? recvoffset : 0;
        if (inPlace) {
            Buffers.copyOwn("Gather", sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype);
        } else {
            Copier.copy(sendbuf, sendoffset, sendtype, tmp, 0, packed, block);
        }
        EngineRequest[] recvs = new EngineRequest[BinomialTree.childCount(vr, p)];
        int i = 0;
        for (int m = 1; m < BinomialTree.span(vr, p) && vr + m < p; m <<= 1) {
            int child = vr + m;
            recvs[i++] = c.collIrecv(tmp, base + m * block, BinomialTree.subtreeSize(child, p) * block, packed,
                    BinomialTree.rank(child, root, p), Tags.GATHER);
        }
        c.waitAll(recvs);
        if (vr != 0) {
            c.collSend(tmp, 0, size * block, packed, BinomialTree.rank(BinomialTree.parent(vr), root, p), Tags.GATHER);
        } else if (!inPlace) {
            for (int v = 0; v < p; v++) {
                int r = BinomialTree.rank(v, root, p);
                Copier.copy(tmp, v * block, packed, recvbuf, recvoffset + r * recvcount * recvtype.extent, recvtype,
                        block);
            }
        }
    }
}
