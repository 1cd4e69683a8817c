package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Hierarchical Scatter: the root sends each other node's blocks (one slice of its send buffer, a
 * node's ranks being consecutive) in one message to that node's lowest rank, and meanwhile hands its
 * own node's blocks out through memory; each other node's lowest rank receives its node's blocks,
 * packed, and hands them out through memory. One message per node crosses between nodes. Where
 * nodes interleave, the default algorithm runs.
 */
public final class ScatterHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.SCATTER);

    private ScatterHierarchical() {
    }

    public static void scatter(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.of(c);
        NodeLayout nodes = NodeLayout.ofRuns(c, b, recvtype);
        if (nodes == null) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        int me = c.rank(), myIndex = nodes.position[me], myLeader = nodes.standIn(myIndex, root), n = nodes.nodes();
        if (me == root) {
            int block = sendcount * sendtype.extent;
            EngineRequest[] to = new EngineRequest[n];
            for (int i = 0; i < n; i++) {
                if (i != myIndex) {
                    int first = nodes.leaders[i];
                    to[i] = c.collIsend(sendbuf, sendoffset + first * block, nodes.members[i].length * sendcount,
                            sendtype, first, Tags.SCATTER);
                }
            }
            local(c, b, sendbuf, sendoffset + nodes.leaders[myIndex] * block, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, recvtype, nodes.localIndex(root));
            c.waitAll(to);
        } else if (me == myLeader) {
            // Only the root's send arguments count: the node's blocks arrive as the receive signature, packed.
            int items = recvcount * recvtype.size, ranks = nodes.members[myIndex].length;
            TypeMap packed = Buffers.packed(recvtype.base);
            Object node = Scratch.get(Scratch.RESULT, recvtype.base, Math.multiplyExact(ranks, items));
            c.collRecv(node, 0, ranks * items, packed, root, Tags.SCATTER);
            local(c, b, node, 0, items, packed, recvbuf, recvoffset, recvcount, recvtype, 0);
        } else {
            local(c, b, null, 0, 0, null, recvbuf, recvoffset, recvcount, recvtype, nodes.localIndex(myLeader));
        }
    }

    /** The node's scatter from (sendbuf, sendoffset) of local rank {@code localRoot}. */
    private static void local(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, int sendcount,
                              TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                              int localRoot) {
        if (b.size > 1) {
            ScatterShared.local(c, b, c.localRank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, recvtype, localRoot);
        } else {
            Buffers.copyOwn("Scatter", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
        }
    }
}
