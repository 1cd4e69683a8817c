package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Alltoall through memory: each rank copies block {@code me} of every rank's send data into block
 * {@code r} of its own receive buffer. Where ranks outnumber cores and a rank's whole send buffer is
 * short it goes through the rank's stage, so nobody waits for its readers (one synchronisation per
 * call); else ({@link Shared#staged}) blocks are read from the send buffers (one copy per
 * block) and ranks leave once nobody reads theirs.
 */
public final class AlltoallShared {
    public static final String NAME = "shared";
    private static final Algorithm.Exchange FALLBACK =
            (Algorithm.Exchange) Catalog.defaultAlgorithm(Primitive.ALLTOALL);

    private AlltoallShared() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
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
                TypeMap sendtype,   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = b.size;
        int block = recvcount * recvtype.extent;
        if (Shared.staged(c, b, me, Primitive.ALLTOALL, p * MessageSize.of(sendcount, sendtype), Stages.MAX_BYTES)) {
            long k = b.arrived.next(me);
            b.stages.put(me, k, sendbuf, sendoffset, p * sendcount, sendtype);
            b.arrived.signal();
            b.arrived.await(c, me, k, p);
            for (int i = 0; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                TypeMap t = b.stages.type(r, k);
                int n = b.stages.count(r, k) / p;
                Shared.copyIn("Alltoall", r, b.stages.data(r, k), me * n * t.extent, n, t, recvbuf,
                        recvoffset + r * block, recvcount, recvtype);
            }
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            for (int i = 0; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;   // start at different ranks: spread the reads
                TypeMap t = b.type[r];
                Shared.copyIn("Alltoall", r, b.buf[r], b.offset[r] + me * b.count[r] * t.extent, b.count[r], t,
                        recvbuf, recvoffset + r * block, recvcount, recvtype);
            }
        } finally {
            b.departAll(c, me);
        }
    }
}
