package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgatherv through memory, as {@link AllgatherShared} does Allgather: every rank copies each rank's
 * block straight to its place in its own receive buffer. Whether blocks go through the stages is
 * decided from the receive counts, which every rank holds alike: all blocks short, one
 * synchronisation; else read from the send buffers, and ranks leave once nobody reads theirs.
 */
public final class AllgathervShared {
    public static final String NAME = "shared";
    private static final Algorithm.Allgatherv FALLBACK =
            (Algorithm.Allgatherv) Catalog.defaultAlgorithm(Primitive.ALLGATHERV);

    private AllgathervShared() {
    }

    public static void allgatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                  Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, sendtype) || c.size() == 1) {
            FALLBACK.allgatherv(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs,
                    recvtype);
            return;
        }
        int me = c.rank(), p = b.size;
        // Its own block first, as the message algorithms do: a rank without room for it fails before any other moves.
        Buffers.copyOwn("Allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset + displs[me] * recvtype.extent, recvcounts[me], recvtype);
        if (longestBytes(recvcounts, recvtype) <= Stages.MAX_BYTES) {
            long k = b.arrived.next(me);
            b.stages.put(me, k, sendbuf, sendoffset, sendcount, sendtype);
            b.arrived.signal();
            b.arrived.await(c, me, k, p);
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                Shared.copyIn("Allgatherv", r, b.stages.data(r, k), 0, b.stages.count(r, k), b.stages.type(r, k),
                        recvbuf, recvoffset + displs[r] * recvtype.extent, recvcounts[r], recvtype);
            }
            return;
        }
        b.arriveAll(c, me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;
                Shared.copyIn("Allgatherv", r, b.buf[r], b.offset[r], b.count[r], b.type[r], recvbuf,
                        recvoffset + displs[r] * recvtype.extent, recvcounts[r], recvtype);
            }
        } finally {
            b.departAll(c, me);
        }
    }

    /** The longest block in bytes, the same on every rank (receive type signatures match). */
    private static long longestBytes(int[] recvcounts, TypeMap recvtype) {
        long most = 0;
        for (int n : recvcounts) {
            most = Math.max(most, (long) n * recvtype.size * recvtype.base.byteSize());
        }
        return most;
    }
}
