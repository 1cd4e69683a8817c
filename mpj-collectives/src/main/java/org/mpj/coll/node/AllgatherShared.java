package org.mpj.coll.node;

import org.mpj.coll.allgather.AllgatherRing;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Allgather through memory: every rank publishes its send buffer and copies each rank's block
 * straight into its own receive buffer, p copies of one block per rank and no intermediate buffer.
 */
public final class AllgatherShared {
    public static final String NAME = "shared";

    private AllgatherShared() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        NodeBoard b = NodeBoard.of(c);
        int p = c.size(), me = c.rank();
        if (!Shared.usable(b, sendtype) || p == 1) {
            AllgatherRing.allgather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
            return;
        }
        b.arriveAll(c, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        try {
            int block = recvcount * recvtype.extent;
            for (int i = 0; i < p; i++) {
                int k = me + i < p ? me + i : me + i - p;   // start with this rank's own block
                Shared.copyIn("Allgather", k, b.buf[k], b.offset[k], b.count[k], b.type[k], recvbuf,
                        recvoffset + k * block, recvcount, recvtype);
            }
        } finally {
            b.departAll(c);
        }
    }
}
