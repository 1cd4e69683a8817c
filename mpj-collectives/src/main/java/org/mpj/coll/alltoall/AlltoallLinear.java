package org.mpj.coll.alltoall;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Linear all-to-all: a rank copies its own block, posts the receives of all p - 1 other blocks,
 * then starts all p - 1 sends (to me+1, me+2, … so that not every rank hits rank 0 first) and waits
 * for everything. One step, 2 (p - 1) messages in flight per rank: the lowest latency when the
 * network (here: the memory system) takes all of them at once; for short blocks and few ranks.
 */
public final class AlltoallLinear {
    public static final String NAME = "linear";

    private AlltoallLinear() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        Buffers.copyOwn("Alltoall", sendbuf, sendoffset + me * sendcount * sendtype.extent, sendcount, sendtype,
                recvbuf, recvoffset + me * recvcount * recvtype.extent, recvcount, recvtype);
        EngineRequest[] requests = new EngineRequest[2 * (p - 1)];
        for (int k = 1; k < p; k++) {
            int from = (me - k + p) % p;
            requests[k - 1] = c.collIrecv(recvbuf, recvoffset + from * recvcount * recvtype.extent, recvcount,
                    recvtype, from, Tags.ALLTOALL);
        }
        for (int k = 1; k < p; k++) {
            int to = (me + k) % p;
            requests[p - 2 + k] = c.collIsend(sendbuf, sendoffset + to * sendcount * sendtype.extent, sendcount,
                    sendtype, to, Tags.ALLTOALL);
        }
        c.waitAll(requests);
    }
}
