package org.mpj.coll.allgather;

import org.mpj.coll.bcast.BcastBT;
import org.mpj.coll.gather.GatherBT;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgather as a binomial gather to rank 0 ({@link GatherBT}) followed by a binomial broadcast of
 * the whole receive buffer from it ({@link BcastBT}): 2⌈log2 p⌉ rounds, the second half moving all
 * p blocks. Simple; for comparison and for small blocks on many ranks.
 */
public final class AllgatherGatherBcast {
    public static final String NAME = "Gather+Bcast";
    private static final int ROOT = 0;

    private AllgatherGatherBcast() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        GatherBT.gather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, ROOT);
        BcastBT.bcast(c, recvbuf, recvoffset, Math.multiplyExact(recvcount, c.size()), recvtype, ROOT);
    }
}
