package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Reduce through memory: every rank publishes its send buffer and the root folds them in rank order
 * (in0 op (in1 op (… op in(p-1)))) straight into its receive buffer, with no intermediate copy; the
 * others leave once the root has read them.
 */
public final class ReduceShared {
    public static final String NAME = "shared";
    private static final Algorithm.Reduce FALLBACK = (Algorithm.Reduce) Catalog.defaultAlgorithm(Primitive.REDUCE);

    private ReduceShared() {
    }

    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, type) || c.size() == 1) {
            FALLBACK.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, Object recvbuf,
                int recvoffset, int count, TypeMap type, Operator op, int root) {
        int p = b.size;
        long k = b.published.next(me), j = b.rootRead.next(me);
        b.publish(me, sendbuf, sendoffset, count, type, null, 0);
        b.published.signal(me);
        if (me != root) {
            b.rootRead.await(c, me, j, 1);
            return;
        }
        try {
            b.published.awaitOthers(c, me, k, root);
            int n = count * type.size;
            Copier.copy(b.buf[p - 1], b.offset[p - 1], b.type[p - 1], recvbuf, recvoffset, type, n);
            for (int r = p - 2; r >= 0; r--) {
                if (b.type[r].sameShape(type)) {
                    op.combine(b.buf[r], b.offset[r], recvbuf, recvoffset, count, type);
                } else {
                    // Same signature, other layout: lay it out as the root's type first.
                    Object tmp = Buffers.allocateItems(count, type);
                    Copier.copy(b.buf[r], b.offset[r], b.type[r], tmp, 0, type, n);
                    op.combine(tmp, 0, recvbuf, recvoffset, count, type);
                }
            }
        } finally {
            b.rootRead.signal();
        }
    }
}
