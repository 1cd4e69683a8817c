package org.mpj.coll.alltoall;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Pairwise-exchange all-to-all with a count and a displacement per rank and direction. A rank
 * copies its own block locally, then in step k = 1 .. p-1 sends its block for rank me + k while it
 * receives the block of rank me - k (mod p), the receive posted before the send. Each step is a
 * permutation, so every rank sends and receives exactly one message per step and no rank is the
 * target of more than one sender at a time.
 *
 * <pre>
 * p = 4     step 1          step 2          step 3
 *           0→1 1→2 2→3 3→0 0→2 1→3 2→0 3→1 0→3 1→0 2→1 3→2
 * </pre>
 *
 * Data moves straight between the ranks' buffers, in any datatype, MPI.OBJECT included.
 */
public final class AlltoallvPairwise {
    public static final String NAME = "pairwise";

    private AlltoallvPairwise() {
    }

    public static void alltoallv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                 TypeMap recvtype) {
        alltoallv(c, "Alltoallv", Tags.ALLTOALLV, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                recvbuf, recvoffset, recvcounts, rdispls, recvtype);
    }

    /** The exchange for {@code call}, on the tag of the primitive that runs it. */
    static void alltoallv(Communicator c, String call, int tag, Object sendbuf, int sendoffset, int[] sendcounts,
                          int[] sdispls, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts,
                          int[] rdispls, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        Buffers.copyOwn(call, sendbuf, sendoffset + Buffers.displ(sdispls, me) * sendtype.extent, sendcounts[me],
                sendtype, recvbuf, recvoffset + Buffers.displ(rdispls, me) * recvtype.extent, recvcounts[me], recvtype);
        for (int k = 1; k < p; k++) {
            int to = me + k < p ? me + k : me + k - p;
            int from = me - k >= 0 ? me - k : me - k + p;
            c.collSendrecv(sendbuf, sendoffset + Buffers.displ(sdispls, to) * sendtype.extent, sendcounts[to], sendtype,
                    to, recvbuf, recvoffset + Buffers.displ(rdispls, from) * recvtype.extent, recvcounts[from],
                    recvtype, from, tag);
        }
    }
}
