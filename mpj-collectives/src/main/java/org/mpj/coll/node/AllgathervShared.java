package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgatherv through memory, with the steps of {@link AllgatherShared}: every rank copies each rank's
 * block straight to its place in its own receive buffer. Whether blocks go through the stages is
 * decided from the receive counts, which every rank holds alike: all blocks short, where ranks
 * outnumber cores, one synchronisation; else ({@link Shared#staged}) read from the send
 * buffers, and ranks leave once nobody reads theirs.
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
        boolean staged = Shared.staged(c, b, c.rank(), Primitive.ALLGATHERV, longestBytes(recvcounts, recvtype),
                Stages.MAX_BYTES);
        AllgatherShared.copyBlocks(c, b, "Allgatherv", staged, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcounts, displs, 0, recvtype);
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
