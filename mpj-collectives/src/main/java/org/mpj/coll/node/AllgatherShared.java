package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgather through memory: every rank copies each rank's block straight into its own receive
 * buffer. Short blocks go through the owners' stages so that nobody waits for its readers (one
 * synchronisation per call); long blocks are read from the send buffers (one copy per block) and
 * ranks leave once nobody reads theirs.
 */
public final class AllgatherShared {
    public static final String NAME = "shared";
    private static final Algorithm.Exchange FALLBACK =
            (Algorithm.Exchange) Catalog.defaultAlgorithm(Primitive.ALLGATHER);

    private AllgatherShared() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, sendtype) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    /** The call among the members of one JVM: {@code me} is a local rank. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                TypeMap sendtype,    Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = b.size;
        int block = recvcount * recvtype.extent;
        if ((long) sendcount * sendtype.size * sendtype.base.byteSize() <= Stages.MAX_BYTES) {
            long k = b.arrived.next(me);
            b.stages.put(me, k, sendbuf, sendoffset, sendcount, sendtype);
            b.arrived.signal();
            b.arrived.await(c, me, k, p);
            for (int i = 0; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                Shared.copyIn("Allgather", r, b.stages.data(r, k), 0, b.stages.count(r, k), b.stages.type(r, k),
                        recvbuf, recvoffset + r * block, recvcount, recvtype);
            }
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            for (int i = 0; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;   // start with this rank's own block
                Shared.copyIn("Allgather", r, b.buf[r], b.offset[r], b.count[r], b.type[r], recvbuf,
                        recvoffset + r * block, recvcount, recvtype);
            }
        } finally {
            b.departAll(c, me);
        }
    }
}
