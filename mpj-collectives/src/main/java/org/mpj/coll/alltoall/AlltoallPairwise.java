package org.mpj.coll.alltoall;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Pairwise-exchange all-to-all, for Alltoall and Alltoallv. A rank copies its own block locally,
 * then in step k = 1 .. p-1 sends its block for rank me + k while it receives the block of rank
 * me - k (mod p), the receive posted before the send. Each step is a permutation, so every rank
 * sends and receives exactly one message per step and no rank is the target of more than one sender
 * at a time.
 *
 * <pre>
 * p = 4     step 1          step 2          step 3
 *           0→1 1→2 2→3 3→0 0→2 1→3 2→0 3→1 0→3 1→0 2→1 3→2
 * </pre>
 *
 * Data moves straight between the ranks' buffers, in any datatype, MPI.OBJECT included.
 */
public final class AlltoallPairwise {
    public static final String NAME = "pairwise";

    private AlltoallPairwise() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount,
                recvtype);
    }

    public static void alltoallv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                 TypeMap recvtype) {
        run(c, sendbuf, sendoffset, sendcounts, sdispls, 0, sendtype, recvbuf, recvoffset, recvcounts, rdispls, 0,
                recvtype);
    }

    static void run(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, int sendcount,
                    TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, int recvcount,
                    TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        boolean v = sendcounts != null;
        int tag = v ? Tags.ALLTOALLV : Tags.ALLTOALL;
        Buffers.copyOwn(v ? "Alltoallv" : "Alltoall",
                sendbuf, sendoffset + Blocks.start(sendcounts, sdispls, sendcount, me) * sendtype.extent,
                Blocks.count(sendcounts, sendcount, me), sendtype,
                recvbuf, recvoffset + Blocks.start(recvcounts, rdispls, recvcount, me) * recvtype.extent,
                Blocks.count(recvcounts, recvcount, me), recvtype);
        for (int k = 1; k < p; k++) {
            int to = me + k < p ? me + k : me + k - p;
            int from = me - k >= 0 ? me - k : me - k + p;
            c.collSendrecv(sendbuf, sendoffset + Blocks.start(sendcounts, sdispls, sendcount, to) * sendtype.extent,
                    Blocks.count(sendcounts, sendcount, to), sendtype, to,
                    recvbuf, recvoffset + Blocks.start(recvcounts, rdispls, recvcount, from) * recvtype.extent,
                    Blocks.count(recvcounts, recvcount, from), recvtype, from, tag);
        }
    }
}
