package org.mpj.coll.gather;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Linear gather with a count and a displacement per rank: the root posts one receive per rank,
 * straight into that rank's block of its receive buffer, copies its own block and waits for all;
 * every other rank sends once. Blocks of any sizes and places, any datatype, MPI.OBJECT included.
 *
 * <pre>
 * p = 4, root 1:   0 → 1,  2 → 1,  3 → 1   (all in flight at once)
 * </pre>
 *
 * The root receives p - 1 messages in sequence: the right shape when only the root knows the sizes.
 */
public final class GathervLinear {
    public static final String NAME = "linear";

    private GathervLinear() {
    }

    public static void gatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype,
                               int root) {
        int p = c.size(), me = c.rank();
        if (me != root) {
            c.collSend(sendbuf, sendoffset, sendcount, sendtype, root, Tags.GATHERV);
            return;
        }
        // Own block first: a rank that cannot take its own data fails before any message is in flight.
        Buffers.copyOwn("Gatherv", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset + Buffers.displ(displs, root) * recvtype.extent, recvcounts[root], recvtype);
        EngineRequest[] recvs = new EngineRequest[p];
        for (int r = 0; r < p; r++) {
            if (r != root) {
                recvs[r] = c.collIrecv(recvbuf, recvoffset + Buffers.displ(displs, r) * recvtype.extent, recvcounts[r],
                        recvtype, r, Tags.GATHERV);
            }
        }
        c.waitAll(recvs);
    }
}
