package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Gather through memory: the root copies each rank's block straight into its receive buffer (one
 * copy per block). Blocks up to {@link BcastShared#STAGED_BYTES} go through their owners' stages, so a
 * non-root copies its block and leaves at once, as an eager send would; longer ones are read from the
 * send buffers, and their owners leave once the root has read them.
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
        boolean staged = (long) sendcount * sendtype.size * sendtype.base.byteSize() <= BcastShared.STAGED_BYTES;
        if (me != root) {
            b.contribute(c, me, k, j, staged, sendbuf, sendoffset, sendcount, sendtype);
            return;
        }
        b.published.signal(me);   // every rank's flag counts every call, the root's too
        b.takeTurn(me);
        int r = 0;
        try {
            b.published.awaitOthers(c, me, k, root);
            int block = recvcount * recvtype.extent;
            for (; r < p; r++) {
                int at = recvoffset + r * block;
                if (r == root) {
                    Shared.copyIn("Gather", r, sendbuf, sendoffset, sendcount, sendtype, recvbuf, at, recvcount, recvtype);
                } else if (staged) {
                    Shared.copyIn("Gather", r, b.contributions.data(r, k), 0, b.contributions.count(r, k),
                            b.contributions.type(r, k), recvbuf, at, recvcount, recvtype);
                } else {
                    Shared.copyIn("Gather", r, b.buf[r], b.offset[r], b.count[r], b.type[r], recvbuf, at, recvcount,
                            recvtype);
                }
                b.took(r);
            }
        } finally {
            for (; r < p; r++) {
                b.took(r);   // after an error too, so that no rank waits for the root forever
            }
            b.rootRead.signal();
        }
    }
}
