package org.mpj.coll.node;

import org.mpj.coll.bcast.BcastBinomial;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Bcast through memory: the root publishes its buffer and every other rank copies straight out of
 * it, once; the root returns when all have copied. Falls back to the binomial tree where ranks do
 * not share memory and for MPI.OBJECT.
 */
public final class BcastShared {
    public static final String NAME = "shared";

    private BcastShared() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        NodeBoard b = NodeBoard.of(c);
        int p = c.size(), me = c.rank();
        if (!Shared.usable(b, type) || p == 1) {
            BcastBinomial.bcast(c, buf, offset, count, type, root);
            return;
        }
        long k = b.rootDone.next(me), j = b.othersDone.next(me);
        if (me == root) {
            b.publish(me, buf, offset, count, type, null, 0);
            b.othersDone.signal(me);   // every rank's flag counts every call
            b.rootDone.signal();
            b.othersDone.awaitOthers(c, j, root);
            return;
        }
        b.rootDone.await(c, k, 1);
        try {
            Shared.copyIn("Bcast", root, b.buf[root], b.offset[root], b.count[root], b.type[root], buf, offset,
                    count, type);
        } finally {
            b.othersDone.signal(me);
        }
    }
}
