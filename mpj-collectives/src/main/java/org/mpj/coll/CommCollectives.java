package org.mpj.coll;

import org.mpj.coll.base.Scratch;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Choice;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.coll.Collectives;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * The collectives of one communicator: each call picks its algorithm from the rules of the table
 * that apply to this communicator's size (resolved once, when the communicator is made) and runs it.
 * {@link CollectiveChoices} may replace those choices on a new communicator before it is handed out.
 */
final class CommCollectives implements Collectives, Trees.Owner {
    private final Communicator comm;
    private final Trees trees;
    /** The choices below, by primitive ordinal, for {@link #choices()}; never read by a call. */
    private Choice[] choices;
    // Not final only so that CollectiveChoices can set them once before the communicator is handed out.
    private Choice barrier, bcast, gather, gatherv, scatter, scatterv, allgather, allgatherv, alltoall,
            alltoallv, reduce, allreduce, reduceScatter, scan;

    CommCollectives(Communicator comm, Choice[] choices, int segmentBytes) {
        this.comm = comm;
        this.trees = new Trees(comm, segmentBytes);
        choose(choices);
    }

    /** The choice of every primitive, by its ordinal (a copy). */
    Choice[] choices() {
        return choices.clone();
    }

    /** Replaces the choice of every primitive ({@code choices} by primitive ordinal). */
    void choose(Choice[] choices) {
        this.choices = choices.clone();
        barrier = choices[Primitive.BARRIER.ordinal()];
        bcast = choices[Primitive.BCAST.ordinal()];
        gather = choices[Primitive.GATHER.ordinal()];
        gatherv = choices[Primitive.GATHERV.ordinal()];
        scatter = choices[Primitive.SCATTER.ordinal()];
        scatterv = choices[Primitive.SCATTERV.ordinal()];
        allgather = choices[Primitive.ALLGATHER.ordinal()];
        allgatherv = choices[Primitive.ALLGATHERV.ordinal()];
        alltoall = choices[Primitive.ALLTOALL.ordinal()];
        alltoallv = choices[Primitive.ALLTOALLV.ordinal()];
        reduce = choices[Primitive.REDUCE.ordinal()];
        allreduce = choices[Primitive.ALLREDUCE.ordinal()];
        reduceScatter = choices[Primitive.REDUCE_SCATTER.ordinal()];
        scan = choices[Primitive.SCAN.ordinal()];
    }

    /**
     * A call that moves no data on any rank returns at once, as Open MPI's do: MPI does not make
     * collectives other than Barrier synchronise, and every rank has the same count in these calls
     * (their type signatures must match; Reduce_scatter's recvcounts are the same), so all ranks skip
     * it alike.
     */
    /**
     * The send data of a reduction, set apart from the receive buffer where the two share elements.
     * mpiJava has no MPI_IN_PLACE, so its programs reduce in place by passing one array as both
     * (NPB: {@code Allreduce(x, 0, x, 0, ...)}); the algorithms that read other ranks' send buffers
     * through memory while those ranks fill their receive buffers (shared, hierarchical) would read
     * results for data. The copy goes into an array kept per thread ({@link Scratch#SEND}) and costs the
     * in-place call only. Returns the array to send from, at offset 0 if it is the copy (see
     * {@link #sendOffset}).
     */
    private static Object sendApart(Object sendbuf, int sendoffset, int sendItems, Object recvbuf, int recvoffset,
                                    int recvItems, TypeMap type) {
        if (sendbuf != recvbuf || sendItems == 0 || recvItems == 0) {
            return sendbuf;
        }
        long sendEnd = sendoffset + type.endElement(0, sendItems), recvEnd = recvoffset + type.endElement(0, recvItems);
        if (sendEnd <= recvoffset || recvEnd <= sendoffset) {
            return sendbuf;
        }
        Object copy = Scratch.items(Scratch.SEND, sendItems, type);
        Copier.copy(sendbuf, sendoffset, type, copy, 0, type, sendItems * type.size);
        return copy;
    }

    /** The offset to send from: 0 in a copy {@link #sendApart} made. */
    private static int sendOffset(Object sent, Object sendbuf, int sendoffset) {
        return sent == sendbuf ? sendoffset : 0;
    }

    private static boolean empty(int count, TypeMap type) {
        return (long) count * type.size == 0;
    }

    @Override
    public Trees trees() {
        return trees;
    }

    @Override
    public void barrier() {
        ((Algorithm.Barrier) barrier.pick(0)).barrier(comm);
    }

    @Override
    public void bcast(Object buf, int offset, int count, TypeMap type, int root) {
        if (empty(count, type)) {
            return;
        }
        ((Algorithm.Bcast) bcast.pick(MessageSize.of(count, type))).bcast(comm, buf, offset, count, type, root);
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                       int recvoffset, int recvcount, TypeMap recvtype, int root) {
        if (empty(sendcount, sendtype)) {
            return;
        }
        // The root's send count is meaningful on every rank; the receive count only at the root.
        ((Algorithm.Rooted) gather.pick(MessageSize.of(sendcount, sendtype))).run(comm, sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                        int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root) {
        // Only the root has the counts, and every rank must pick the same algorithm: one rule per size row.
        ((Algorithm.Gatherv) gatherv.pick(0)).gatherv(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcounts, displs, recvtype, root);
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                        int recvoffset, int recvcount, TypeMap recvtype, int root) {
        if (empty(recvcount, recvtype)) {
            return;
        }
        ((Algorithm.Rooted) scatter.pick(MessageSize.of(recvcount, recvtype))).run(comm, sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, TypeMap sendtype,
                         Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        ((Algorithm.Scatterv) scatterv.pick(0)).scatterv(comm, sendbuf, sendoffset, sendcounts, displs, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root);
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                          int recvoffset, int recvcount, TypeMap recvtype) {
        if (empty(sendcount, sendtype)) {
            return;
        }
        ((Algorithm.Exchange) allgather.pick(MessageSize.of(sendcount, sendtype))).run(comm, sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                           int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        ((Algorithm.Allgatherv) allgatherv.pick(MessageSize.mean(recvcounts, comm.size(), recvtype)))
                .allgatherv(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs,
                        recvtype);
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                         int recvoffset, int recvcount, TypeMap recvtype) {
        if (empty(sendcount, sendtype)) {
            return;
        }
        ((Algorithm.Exchange) alltoall.pick(MessageSize.of(sendcount, sendtype))).run(comm, sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, TypeMap sendtype,
                          Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, TypeMap recvtype) {
        // Each rank's counts differ: one rule per size row, so that every rank agrees.
        ((Algorithm.Alltoallv) alltoallv.pick(0)).alltoallv(comm, sendbuf, sendoffset, sendcounts, sdispls,
                sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type,
                       Operator op, int root) {
        if (empty(count, type)) {
            return;
        }
        // Every rank: an algorithm may use a non-root's receive buffer as room of its own.
        Object send = sendApart(sendbuf, sendoffset, count, recvbuf, recvoffset, count, type);
        ((Algorithm.Reduce) reduce.pick(MessageSize.of(count, type))).reduce(comm, send,
                sendOffset(send, sendbuf, sendoffset), recvbuf, recvoffset, count, type, op, root);
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type,
                          Operator op) {
        if (empty(count, type)) {
            return;
        }
        Object send = sendApart(sendbuf, sendoffset, count, recvbuf, recvoffset, count, type);
        ((Algorithm.Combine) allreduce.pick(MessageSize.of(count, type))).run(comm, send,
                sendOffset(send, sendbuf, sendoffset), recvbuf, recvoffset, count, type, op);
    }

    @Override
    public void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                              TypeMap type, Operator op) {
        long items = 0;
        for (int r = 0; r < comm.size(); r++) {
            items += recvcounts[r];
        }
        if (items * type.size == 0) {
            return; // recvcounts are the same on every rank, so all of them skip it
        }
        Object send = sendApart(sendbuf, sendoffset, (int) items, recvbuf, recvoffset, recvcounts[comm.rank()], type);
        ((Algorithm.ReduceScatter) reduceScatter.pick(MessageSize.sum(recvcounts, comm.size(), type)))
                .reduceScatter(comm, send, sendOffset(send, sendbuf, sendoffset), recvbuf, recvoffset, recvcounts, type, op);
    }

    @Override
    public void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type,
                     Operator op) {
        if (empty(count, type)) {
            return;
        }
        Object send = sendApart(sendbuf, sendoffset, count, recvbuf, recvoffset, count, type);
        ((Algorithm.Combine) scan.pick(MessageSize.of(count, type))).run(comm, send,
                sendOffset(send, sendbuf, sendoffset), recvbuf, recvoffset, count, type, op);
    }
}
