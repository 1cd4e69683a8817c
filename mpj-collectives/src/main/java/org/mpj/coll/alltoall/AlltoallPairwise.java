package org.mpj.coll.alltoall;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Pairwise-exchange all-to-all: {@link AlltoallvPairwise} with every block of the same count, block
 * {@code r} at item {@code r * count} on both sides. In step k = 1 .. p-1 rank {@code me} sends to
 * {@code me + k} and receives from {@code me - k} (mod p); p - 1 steps of one message each way.
 *
 * <pre>
 * p = 3    send buffers        receive buffers
 * rank 0   [a0 a1 a2]          [a0 b0 c0]
 * rank 1   [b0 b1 b2]    →     [a1 b1 c1]
 * rank 2   [c0 c1 c2]          [a2 b2 c2]
 * </pre>
 */
public final class AlltoallPairwise {
    public static final String NAME = "pairwise";

    private AlltoallPairwise() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size();
        int[] sendcounts = new int[p], sdispls = new int[p], recvcounts = new int[p], rdispls = new int[p];
        for (int r = 0; r < p; r++) {
            sendcounts[r] = sendcount;
            sdispls[r] = r * sendcount;
            recvcounts[r] = recvcount;
            rdispls[r] = r * recvcount;
        }
        AlltoallvPairwise.alltoallv(c, "Alltoall", Tags.ALLTOALL, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                recvbuf, recvoffset, recvcounts, rdispls, recvtype);
    }
}
