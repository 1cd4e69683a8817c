package org.mpj.coll.scatter;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Linear scatter with a count and a displacement per rank: the root starts one send per rank,
 * straight from that rank's block of its send buffer, copies its own block and waits for all;
 * every other rank receives once. Blocks of any sizes and places, any datatype, MPI.OBJECT included.
 *
 * <pre>
 * p = 4, root 1:   1 → 0,  1 → 2,  1 → 3   (all in flight at once)
 * </pre>
 *
 * With the shm device a large block is copied by its receiver (rendezvous), so the p - 1 copies run
 * in parallel rather than one after another on the root.
 */
public final class ScattervLinear {
    public static final String NAME = "linear";

    private ScattervLinear() {
    }

    public static void scatterv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
                                TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                                int root) {
        int p = c.size(), me = c.rank();
        if (me != root) {
            c.collRecv(recvbuf, recvoffset, recvcount, recvtype, root, Tags.SCATTERV);
            return;
        }
        // Own block first: a rank that cannot take its own data fails before any message is in flight.
        Buffers.copyOwn("Scatterv", sendbuf, sendoffset + Buffers.displ(displs, root) * sendtype.extent,
                sendcounts[root], sendtype, recvbuf, recvoffset, recvcount, recvtype);
        EngineRequest[] sends = new EngineRequest[p];
        for (int r = 0; r < p; r++) {
            if (r != root) {
                sends[r] = c.collIsend(sendbuf, sendoffset + Buffers.displ(displs, r) * sendtype.extent, sendcounts[r],
                        sendtype, r, Tags.SCATTERV);
            }
        }
        c.waitAll(sends);
    }
}
