package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Hierarchical Alltoall, for nodes that hold runs of consecutive ranks (else the default runs). Node
 * i holds ranks [f(i), f(i) + s(i)); its lowest rank, the leader, works in two packed arrays of
 * s(i) x p blocks, where region j (from block s(i) x f(j), s(i) x s(j) blocks) belongs to node j:
 * <ol>
 * <li>the leader copies, straight out of its node's send buffers, the blocks that rank l of its node
 * sends to node j into region j of {@code out}, rank by rank (its own node's into {@code in});</li>
 * <li>leaders swap regions: out's region j goes to node j's leader, whose region i of {@code in}
 * receives it; one message per pair of nodes crosses between nodes;</li>
 * <li>each rank of the node copies its block from every source straight out of {@code in}.</li>
 * </ol>
 *
 * <pre>
 * nodes {0,1} {2}: leader 0's out: region 0 = 0→0 0→1 1→0 1→1 (to in), region 1 = 0→2 1→2 (to rank 2)
 * </pre>
 */
public final class AlltoallHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Exchange FALLBACK =
            (Algorithm.Exchange) Catalog.defaultAlgorithm(Primitive.ALLTOALL);

    private AlltoallHierarchical() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        NodeBoard b = NodeBoard.of(c);
        NodeLayout nodes = NodeLayout.ofRuns(c, b, sendtype);
        if (nodes == null) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
            return;
        }
        int me = c.localRank(), i = nodes.position[c.rank()], p = c.size(), s = b.size;
        int blockItems = sendcount * sendtype.size;   // elements per block, the same on every rank
        TypeMap packed = Buffers.packed(sendtype.base);
        Object in = null;
        if (me == 0) {
            int elements = Math.multiplyExact(Math.multiplyExact(s, p), blockItems);
            Object out = Scratch.get(Scratch.WORK, sendtype.base, elements);
            in = Scratch.get(Scratch.RESULT, sendtype.base, elements);
            collect(c, b, nodes, i, sendbuf, sendoffset, sendcount, sendtype, out, in, blockItems, packed);
            exchange(c, nodes, i, out, in, s * blockItems, packed);
        } else {
            collect(c, b, nodes, i, sendbuf, sendoffset, sendcount, sendtype, null, null, blockItems, packed);
        }
        distribute(c, b, nodes, me, in, blockItems, packed, recvbuf, recvoffset, recvcount, recvtype);
    }

    /** Step 1: every rank publishes its send buffer; the leader copies each into its regions. */
    private static void collect(Communicator c, NodeBoard b, NodeLayout nodes, int i, Object sendbuf,
                                int sendoffset, int sendcount, TypeMap sendtype, Object out, Object in,
                                int blockItems, TypeMap packed) {
        int me = c.localRank(), s = b.size;
        long k = b.published.next(me), j = b.rootRead.next(me);
        b.publish(me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
        b.published.signal(me);
        if (me != 0) {
            b.rootRead.await(c, me, j, 1);
            return;
        }
        try {
            b.published.awaitOthers(c, me, k, 0);
            for (int l = 0; l < s; l++) {
                TypeMap t = b.type[l];
                int n = b.count[l];
                if ((long) n * t.size != blockItems) {
                    throw Shared.blockMismatch("Alltoall", nodes.members[i][l], n, t, blockItems);
                }
                for (int node = 0; node < nodes.nodes(); node++) {
                    int first = nodes.leaders[node], ranks = nodes.members[node].length;
                    Copier.copy(b.buf[l], b.offset[l] + first * n * t.extent, t, node == i ? in : out,
                            (s * first + l * ranks) * blockItems, packed, ranks * blockItems);
                }
            }
        } finally {
            b.rootRead.signal();
        }
    }

    /** Step 2: the leaders swap regions, every message in flight at once. */
    private static void exchange(Communicator c, NodeLayout nodes, int i, Object out, Object in, int perRank,
                                 TypeMap packed) {
        int n = nodes.nodes();
        if (n == 1) {
            return;
        }
        EngineRequest[] all = new EngineRequest[2 * (n - 1)];
        int k = 0;
        for (int d = 1; d < n; d++) {
            int from = (i - d + n) % n, to = (i + d) % n;
            int fromFirst = nodes.leaders[from], toFirst = nodes.leaders[to];
            all[k++] = c.collIrecv(in, fromFirst * perRank, nodes.members[from].length * perRank, packed, fromFirst,
                    Tags.ALLTOALL);
            all[k++] = c.collIsend(out, toFirst * perRank, nodes.members[to].length * perRank, packed, toFirst,
                    Tags.ALLTOALL);
        }
        c.waitAll(all);
    }

    /**
     * Step 3: the leader publishes {@code in}; rank d of the node copies block (l, d) of each region j
     * (from rank f(j) + l) into its receive buffer; the leader leaves once all have.
     */
    private static void distribute(Communicator c, NodeBoard b, NodeLayout nodes, int me, Object in,
                                   int blockItems, TypeMap packed, Object recvbuf, int recvoffset, int recvcount,
                                   TypeMap recvtype) {
        long k = b.rootDone.next(me);
        b.othersDone.next(me);
        if (me == 0) {
            b.publish(me, in, 0, 0, packed, null, 0);
            b.othersDone.signal(me);
            b.rootDone.signal();
            try {
                copyBlocks(b, nodes, me, in, blockItems, packed, recvbuf, recvoffset, recvcount, recvtype);
            } finally {
                b.othersDone.awaitOthers(c, me, k, 0);
            }
            return;
        }
        b.rootDone.await(c, me, k, 1);
        try {
            copyBlocks(b, nodes, me, b.buf[0], blockItems, packed, recvbuf, recvoffset, recvcount, recvtype);
        } finally {
            b.othersDone.signal(me);
        }
    }

    private static void copyBlocks(NodeBoard b, NodeLayout nodes, int d, Object in, int blockItems, TypeMap packed,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int s = b.size, block = recvcount * recvtype.extent;
        for (int node = 0; node < nodes.nodes(); node++) {
            int first = nodes.leaders[node];
            for (int l = 0; l < nodes.members[node].length; l++) {
                Shared.copyIn("Alltoall", first + l, in, (s * first + l * s + d) * blockItems, blockItems, packed,
                        recvbuf, recvoffset + (first + l) * block, recvcount, recvtype);
            }
        }
    }
}
