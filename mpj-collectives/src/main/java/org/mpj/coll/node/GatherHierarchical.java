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
 * Hierarchical Gather: each node gathers its ranks' blocks through memory into the rank that stands
 * for it; each other node's lowest rank sends its node's blocks, packed, in one message to the root,
 * which receives them straight into their place (a node's ranks are consecutive, so its blocks are
 * one slice of the receive buffer) while its own node's blocks are copied in. One message per node
 * crosses between nodes. Where nodes interleave, the default algorithm runs.
 */
public final class GatherHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.GATHER);

    private GatherHierarchical() {
    }

    public static void gather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.of(c);
        NodeLayout nodes = NodeLayout.ofRuns(c, b, sendtype);
        if (nodes == null) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        int me = c.rank(), myIndex = nodes.position[me], myLeader = nodes.standIn(myIndex, root), n = nodes.nodes();
        if (me == root) {
            int block = recvcount * recvtype.extent;
            EngineRequest[] from = new EngineRequest[n];
            for (int i = 0; i < n; i++) {
                if (i != myIndex) {
                    int first = nodes.leaders[i];
                    from[i] = c.collIrecv(recvbuf, recvoffset + first * block, nodes.members[i].length * recvcount,
                            recvtype, first, Tags.GATHER);
                }
            }
            local(c, b, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + nodes.leaders[myIndex] * block,
                    recvcount, recvtype, nodes.localIndex(root));
            c.waitAll(from);
        } else if (me == myLeader) {
            // Only the root's receive arguments count: the node's blocks travel as the send signature, packed.
            int items = sendcount * sendtype.size, ranks = nodes.members[myIndex].length;
            TypeMap packed = Buffers.packed(sendtype.base);
            Object node = Scratch.get(Scratch.RESULT, sendtype.base, Math.multiplyExact(ranks, items));
            local(c, b, sendbuf, sendoffset, sendcount, sendtype, node, 0, items, packed, 0);
            c.collSend(node, 0, ranks * items, packed, root, Tags.GATHER);
        } else {
            local(c, b, sendbuf, sendoffset, sendcount, sendtype, null, 0, 0, null, nodes.localIndex(myLeader));
        }
    }

    /** The node's gather into (recvbuf, recvoffset) of local rank {@code localRoot}. */
    private static void local(Communicator c, NodeBoard b, Object sendbuf, int sendoffset, int sendcount,
                              TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                              int localRoot) {
        if (b.size > 1) {
            GatherShared.local(c, b, c.localRank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, recvtype, localRoot);
        } else {
            Buffers.copyOwn("Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
        }
    }
}
