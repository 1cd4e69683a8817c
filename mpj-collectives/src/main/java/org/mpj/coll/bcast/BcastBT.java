package org.mpj.coll.bcast;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Binomial-tree broadcast (see {@link BinomialTree}), the root shifted to relative rank 0. A rank
 * receives the whole message from its parent, then sends it to its children, largest subtree
 * first, all sends in flight at once. ⌈log2 p⌉ rounds of the whole message: the right choice for
 * small messages, where latency dominates.
 *
 * <pre>
 * p = 8, root 0:   round 1: 0→4   round 2: 0→2, 4→6   round 3: 0→1, 2→3, 4→5, 6→7
 * </pre>
 *
 * Data moves straight between the ranks' buffers, in any datatype, MPI.OBJECT included.
 */
public final class BcastBT {
    public static final String NAME = "BT";

    private BcastBT() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        if (p == 1) {
            return;
        }
        int vr = BinomialTree.relative(c.rank(), root, p);
        if (vr != 0) {
            c.collRecv(buf, offset, count, type, BinomialTree.rank(BinomialTree.parent(vr), root, p), Tags.BCAST);
        }
        int n = BinomialTree.childCount(vr, p);
        if (n == 0) {
            return;
        }
        EngineRequest[] sends = new EngineRequest[n];
        int i = 0;
        for (int m = BinomialTree.span(vr, p) >> 1; m > 0; m >>= 1) {
            if (vr + m < p) {
                sends[i++] = c.collIsend(buf, offset, count, type, BinomialTree.rank(vr + m, root, p), Tags.BCAST);
            }
        }
        c.waitAll(sends);
    }
}
