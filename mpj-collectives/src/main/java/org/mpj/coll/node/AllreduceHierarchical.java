package org.mpj.coll.node;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Hierarchical Allreduce: each node reduces through memory into its lowest rank, those ranks
 * combine their partial results by recursive doubling (folding in the nodes beyond the largest power
 * of two), and each node's lowest rank hands the result to the others through memory. A
 * non-commutative operator runs the hierarchical Reduce to rank 0 (rank order kept, see
 * {@link ReduceHierarchical}) and the hierarchical Bcast.
 */
public final class AllreduceHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Combine FALLBACK = (Algorithm.Combine) Catalog.defaultAlgorithm(Primitive.ALLREDUCE);

    private AllreduceHierarchical() {
    }

    public static void allreduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                 int count, TypeMap type, Operator op) {
        NodeBoard b = NodeBoard.of(c);
        if (!Shared.usable(b, type) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            return;
        }
        if (!op.isCommutative()) {
            // Recursive doubling mixes the nodes' order: reduce in rank order to rank 0, then broadcast.
            ReduceHierarchical.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, 0);
            BcastHierarchical.bcast(c, recvbuf, recvoffset, count, type, 0);
            return;
        }
        int me = c.localRank();
        if (b.size > 1) {
            ReduceShared.local(c, b, me, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, 0);
        } else {
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, count * type.size);
        }
        NodeLayout nodes = NodeLayout.of(c, b);
        if (me == 0 && nodes.nodes() > 1) {
            amongLeaders(c, nodes.leaders, nodes.position[c.rank()], recvbuf, recvoffset, count, type, op);
        }
        if (b.size > 1) {
            BcastShared.local(c, b, me, recvbuf, recvoffset, count, type, 0);
        }
    }

    /** Recursive doubling over the leader positions, in place in (buf, offset); any number of leaders. */
    private static void amongLeaders(Communicator c, int[] leaders, int i, Object buf, int offset, int count,
                                     TypeMap type, Operator op) {
        int n = leaders.length, q = Integer.highestOneBit(n), extra = n - q;
        Object tmp = Scratch.items(Scratch.TEMP, count, type);
        if (i >= q) {   // fold in: hand the partial result to a partner below q, get the total back
            c.collSend(buf, offset, count, type, leaders[i - q], Tags.ALLREDUCE);
            c.collRecv(buf, offset, count, type, leaders[i - q], Tags.ALLREDUCE);
            return;
        }
        if (i < extra) {
            c.collRecv(tmp, 0, count, type, leaders[i + q], Tags.ALLREDUCE);
            op.combine(tmp, 0, buf, offset, count, type);
        }
        for (int mask = 1; mask < q; mask <<= 1) {
            int partner = leaders[i ^ mask];
            c.collSendrecv(buf, offset, count, type, partner, tmp, 0, count, type, partner, Tags.ALLREDUCE);
            op.combine(tmp, 0, buf, offset, count, type);
        }
        if (i < extra) {
            c.collSend(buf, offset, count, type, leaders[i + q], Tags.ALLREDUCE);
        }
    }
}
