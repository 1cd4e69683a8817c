package org.mpj.coll.allgather;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree allgather ({@code nbFT}), for Allgather and Allgatherv: every rank starts a receive
 * from each other rank straight into that rank's block and a send of its own block to each, then
 * waits once. One step of p - 1 messages each way per rank: fewest latencies, most messages in
 * flight, for small blocks on few ranks.
 */
public final class AllgatherFT {
    public static final String NAME = "nbFT";

    private AllgatherFT() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype);
    }

    public static void allgatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                  Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, 0, recvtype);
    }

    static void run(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                    Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        boolean v = recvcounts != null;
        int tag = v ? Tags.ALLGATHERV : Tags.ALLGATHER;
        Buffers.copyOwn(v ? "Allgatherv" : "Allgather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset + Blocks.start(recvcounts, displs, recvcount, me) * recvtype.extent,
                Blocks.count(recvcounts, recvcount, me), recvtype);
        EngineRequest[] reqs = new EngineRequest[2 * p];
        for (int k = 1; k < p; k++) {
            int from = (me - k + p) % p;
            reqs[2 * k] = c.collIrecv(recvbuf,
                    recvoffset + Blocks.start(recvcounts, displs, recvcount, from) * recvtype.extent,
                    Blocks.count(recvcounts, recvcount, from), recvtype, from, tag);
        }
        for (int k = 1; k < p; k++) {
            reqs[2 * k + 1] = c.collIsend(sendbuf, sendoffset, sendcount, sendtype, (me + k) % p, tag);
        }
        c.waitAll(reqs);
    }
}
