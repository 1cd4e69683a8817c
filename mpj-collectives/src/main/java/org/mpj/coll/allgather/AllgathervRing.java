package org.mpj.coll.allgather;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Ring allgather with a count and a displacement per rank: a rank copies its own block into place,
 * then in each of p - 1 steps passes the block it received last to its right neighbour while it
 * receives the next one from its left. Every block moves straight between the ranks' receive
 * buffers, in the receive type; each rank sends and receives each foreign block exactly once.
 *
 * <pre>
 * p = 4           step 0     step 1     step 2
 * rank r sends    block r    block r-1  block r-2   to r+1
 * rank r gets     block r-1  block r-2  block r-3   from r-1
 * </pre>
 *
 * p - 1 latencies; bandwidth-optimal, so the choice for long vectors and for uneven blocks.
 */
public final class AllgathervRing {
    public static final String NAME = "ring";

    private AllgathervRing() {
    }

    public static void allgatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                  Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        allgatherv(c, "Allgatherv", Tags.ALLGATHERV, sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcounts, displs, recvtype);
    }

    /** The ring for {@code call}, on the tag of the primitive that runs it. */
    static void allgatherv(Communicator c, String call, int tag, Object sendbuf, int sendoffset, int sendcount,
                           TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs,
                           TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        Buffers.copyOwn(call, sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset + Buffers.displ(displs, me) * recvtype.extent, recvcounts[me], recvtype);
        int right = me + 1 == p ? 0 : me + 1, left = me == 0 ? p - 1 : me - 1;
        for (int s = 0; s < p - 1; s++) {
            int out = (me - s + p) % p, in = (me - s - 1 + p) % p;
            c.collSendrecv(recvbuf, recvoffset + Buffers.displ(displs, out) * recvtype.extent, recvcounts[out],
                    recvtype, right, recvbuf, recvoffset + Buffers.displ(displs, in) * recvtype.extent, recvcounts[in],
                    recvtype, left, tag);
        }
    }
}
