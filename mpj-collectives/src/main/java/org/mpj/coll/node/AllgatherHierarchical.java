package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Hierarchical Allgather: each node gathers its ranks' blocks through memory into its lowest rank's
 * receive buffer, at their place (a node's ranks are consecutive, so its blocks are one slice); the
 * nodes' lowest ranks send their slice to one another, all messages in flight at once, each received
 * straight into its place; each lowest rank then hands the whole buffer to its node through memory.
 * One message per pair of nodes crosses between nodes. Where nodes interleave, the default algorithm runs.
 */
public final class AllgatherHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Exchange FALLBACK =
            (Algorithm.Exchange) Catalog.defaultAlgorithm(Primitive.ALLGATHER);

    private AllgatherHierarchical() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        NodeBoard b = NodeBoard.of(c);
        NodeLayout nodes = NodeLayout.ofRuns(c, b, sendtype);
        if (nodes == null) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
            return;
        }
        int me = c.localRank(), myIndex = nodes.position[c.rank()], n = nodes.nodes();
        int block = recvcount * recvtype.extent, first = nodes.leaders[myIndex];
        if (b.size > 1) {
            GatherShared.local(c, b, me, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + first * block,
                    recvcount, recvtype, 0);
        } else {
            Buffers.copyOwn("Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + first * block,
                    recvcount, recvtype);
        }
        if (me == 0 && n > 1) {
            EngineRequest[] all = new EngineRequest[2 * (n - 1)];
            int k = 0;
            for (int d = 1; d < n; d++) {
                int i = (myIndex + d) % n, from = nodes.leaders[(myIndex - d + n) % n];
                all[k++] = c.collIrecv(recvbuf, recvoffset + from * block, nodes.members[nodes.position[from]].length
                        * recvcount, recvtype, from, Tags.ALLGATHER);
                all[k++] = c.collIsend(recvbuf, recvoffset + first * block, nodes.members[myIndex].length * recvcount,
                        recvtype, nodes.leaders[i], Tags.ALLGATHER);
            }
            c.waitAll(all);
        }
        if (b.size > 1) {
            BcastShared.local(c, b, me, recvbuf, recvoffset, c.size() * recvcount, recvtype, 0);
        }
    }
}
