package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Gather through memory: every rank publishes its send buffer and the root copies each block
 * straight into its receive buffer (one copy per block); the others leave once the root has read them.
 */
public final class GatherShared {
    public static final String NAME = "shared";
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.GATHER);

    private GatherShared() {
    }

    public static void gather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, sendtype) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = b.size;
        long k = b.published.next(me), j = b.rootRead.next(me);
        b.publish(me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        b.published.signal(me);
        if (me != root) {
            b.rootRead.await(c, me, j, 1);
            return;
        }
        try {
            b.published.awaitOthers(c, me, k, root);
            int block = recvcount * recvtype.extent;
            for (int r = 0; r < p; r++) {
                Shared.copyIn("Gather", r, b.buf[r], b.offset[r], b.count[r], b.type[r], recvbuf,
                        recvoffset + r * block, recvcount, recvtype);
            }
        } finally {
            b.rootRead.signal();
        }
    }
}
