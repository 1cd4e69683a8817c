package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Scatter through memory: the root publishes its send buffer and every rank copies its block
 * straight out of it (one copy per block); the root leaves once all have.
 */
public final class ScatterShared {
    public static final String NAME = "shared";
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.SCATTER);

    private ScatterShared() {
    }

    public static void scatter(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, recvtype) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                TypeMap sendtype,  Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = b.size;
        long k = b.rootDone.next(me);
        b.othersDone.next(me);
        if (me == root) {
            b.publish(me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
            b.othersDone.signal(me);
            b.rootDone.signal();
            try {
                copyBlock(b, root, me, recvbuf, recvoffset, recvcount, recvtype);
            } finally {
                b.othersDone.awaitOthers(c, me, k, root);
            }
            return;
        }
        b.rootDone.await(c, me, k, 1);
        try {
            copyBlock(b, root, me, recvbuf, recvoffset, recvcount, recvtype);
        } finally {
            b.othersDone.signal(me);
        }
    }

    private static void copyBlock(NodeBoard b, int root, int me, Object recvbuf, int recvoffset, int recvcount,
                                  TypeMap recvtype) {
        TypeMap t = b.type[root];
        int n = b.count[root];
        Shared.copyIn("Scatter", root, b.buf[root], b.offset[root] + me * n * t.extent, n, t, recvbuf, recvoffset,
                recvcount, recvtype);
    }
}
