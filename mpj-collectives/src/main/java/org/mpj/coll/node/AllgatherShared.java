package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgather through memory: every rank copies each rank's block straight into its own receive
 * buffer. Where ranks outnumber cores, short blocks go through the owners' stages so that nobody
 * waits for its readers (one synchronisation per call); long blocks, and all blocks where each rank
 * has a core ({@link Shared#staged}), are read from the send buffers (one copy per block)
 * and ranks leave once nobody reads theirs. {@link AllgathervShared} runs the same steps.
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
        boolean staged = Shared.staged(c, b, c.rank(), Primitive.ALLGATHER, MessageSize.of(sendcount, sendtype),
                Stages.MAX_BYTES);
        copyBlocks(c, b, "Allgather", staged, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null,
                null, recvcount, recvtype);
    }

    /**
     * Allgather and Allgatherv among the ranks of {@code b}: rank r's block lands at item displs[r] of
     * the receive buffer with room for recvcounts[r] items, or, without displacements, at r * recvcount
     * with room for recvcount. {@code staged} must be the same on every rank. A rank copies its own
     * block first, as the message algorithms do, so one without room for it fails before any other moves.
     */
    static void copyBlocks(Communicator c, NodeBoard b, String call, boolean staged, Object sendbuf, int sendoffset,
                           int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts,
                           int[] displs, int recvcount, TypeMap recvtype) {
        int me = c.rank(), p = b.size;
        Buffers.copyOwn(call, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                at(me, recvoffset, displs, recvcount, recvtype), room(me, recvcounts, recvcount), recvtype);
        if (staged) {
            long k = b.arrived.next(me);
            b.stages.put(me, k, sendbuf, sendoffset, sendcount, sendtype);
            b.arrived.signal();
            b.arrived.await(c, me, k, p);
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                Shared.copyIn(call, r, b.stages.data(r, k), 0, b.stages.count(r, k), b.stages.type(r, k), recvbuf,
                        at(r, recvoffset, displs, recvcount, recvtype), room(r, recvcounts, recvcount), recvtype);
            }
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;   // start at different ranks: spread the reads
                Shared.copyIn(call, r, b.buf[r], b.offset[r], b.count[r], b.type[r], recvbuf,
                        at(r, recvoffset, displs, recvcount, recvtype), room(r, recvcounts, recvcount), recvtype);
            }
        } finally {
            b.departAll(c, me);
        }
    }

    private static int at(int r, int recvoffset, int[] displs, int recvcount, TypeMap recvtype) {
        return recvoffset + (displs == null ? r * recvcount : displs[r]) * recvtype.extent;
    }

    private static int room(int r, int[] recvcounts, int recvcount) {
        return recvcounts == null ? recvcount : recvcounts[r];
    }
}
