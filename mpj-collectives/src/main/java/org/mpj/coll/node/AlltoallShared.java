package org.mpj.coll.node;

import org.mpj.coll.alltoall.AlltoallPairwise;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Alltoall through memory: every rank publishes its send buffer and copies block {@code me} of each
 * rank's send buffer straight into block {@code k} of its own receive buffer: one copy per block.
 */
public final class AlltoallShared {
    public static final String NAME = "shared";

    private AlltoallShared() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        NodeBoard b = NodeBoard.of(c);
        int p = c.size(), me = c.rank();
        if (!Shared.usable(b, sendtype) || p == 1) {
            AlltoallPairwise.alltoall(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
            return;
        }
        b.arriveAll(c, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            int block = recvcount * recvtype.extent;
            for (int i = 0; i < p; i++) {
                int k = me + i < p ? me + i : me + i - p;   // start at different ranks: spread the reads
                TypeMap t = b.type[k];
                Shared.copyIn("Alltoall", k, b.buf[k], b.offset[k] + me * b.count[k] * t.extent, b.count[k], t,
                        recvbuf, recvoffset + k * block, recvcount, recvtype);
            }
        } finally {
            b.departAll(c);
        }
    }
}
