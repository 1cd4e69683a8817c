package mpi;

import org.mpj.core.CollectiveChecks;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.Intracommunicators;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.TypeMap;

/**
 * A communicator within one group, with the collective operations. Every rank of the communicator
 * makes the same collective calls in the same order.
 *
 * <pre>{@code
 * double[] local = {partial}, total = new double[1];
 * MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
 * }</pre>
 */
public class Intracomm extends Comm {
    Intracomm(String placeholderName, int placeholder) {
        super(placeholderName, placeholder);
    }

    Intracomm(Communicator engine) {
        super(engine);
    }

    @Override
    public Intracomm Dup() throws MPIException {
        return (Intracomm) wrap(dupEngine(), this);
    }

    /**
     * Splits the communicator: the ranks that pass the same {@code color} form a new communicator,
     * ordered by {@code key} (ties by rank here). A rank passing {@code MPI.UNDEFINED} gets null.
     * Collective.
     *
     * <pre>{@code
     * Intracomm row = MPI.COMM_WORLD.Split(rank / ncols, rank % ncols);
     * }</pre>
     */
    public Intracomm Split(int color, int key) throws MPIException {
        try {
            return (Intracomm) wrap(Intracommunicators.split(engine("Split"), color, key), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * A communicator of the processes of {@code group}, a subset of this communicator's group, ranked
     * in the group's order; null on the ranks outside it. Every rank passes the same group. Collective.
     */
    public Intracomm Create(Group group) throws MPIException {
        try {
            if (group == null) {
                throw new MpjException(ErrorClass.ERR_GROUP, "Create: the group is null");
            }
            return (Intracomm) wrap(Intracommunicators.create(engine("Create"), group.group), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * A Cartesian grid of {@code dims[0] x dims[1] x ...} ranks, made of the first ranks of this
     * communicator in their order (row-major: the last coordinate varies fastest); {@code periods[i]}
     * makes dimension i wrap around. Ranks beyond the grid get null. {@code reorder} is accepted and
     * ignored: ranks keep their order, which MPI allows. Collective.
     *
     * <pre>{@code
     * int[] dims = {0, 0};
     * Cartcomm.Dims_create(MPI.COMM_WORLD.Size(), dims);
     * Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, true}, false);
     * }</pre>
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        try {
            return (Cartcomm) wrap(Intracommunicators.cart(engine("Create_cart"), dims, periods), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * A graph of {@code index.length} nodes made of the first ranks of this communicator, in MPI's
     * compressed form (see {@link GraphParms}). Ranks beyond the graph get null; {@code reorder} is
     * ignored (ranks keep their order). Collective.
     *
     * <pre>{@code
     * // a ring of 3: 0-1, 1-2, 2-0
     * Graphcomm g = comm.Create_graph(new int[] {2, 4, 6}, new int[] {1, 2, 0, 2, 0, 1}, false);
     * }</pre>
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        try {
            return (Graphcomm) wrap(Intracommunicators.graph(engine("Create_graph"), index, edges), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    @Override
    public Object clone() throws MPIException {
        return Dup();
    }

    private Communicator use(String call) {
        Communicator c = engine(call);
        c.checkUsable(call);
        return c;
    }

    /** Returns once every rank has called Barrier. */
    public void Barrier() throws MPIException {
        try {
            use("Barrier").collectives().barrier();
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Copies {@code count} items from the root's buffer into every rank's. */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        try {
            Communicator c = use("Bcast");
            CollectiveChecks.root(c, "Bcast", root);
            CollectiveChecks.buffer("Bcast", "buffer", buf, offset, count, map(type));
            c.collectives().bcast(buf, offset, count, map(type), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** The root receives {@code recvcount} items from each rank, in rank order. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            Communicator c = use("Gather");
            CollectiveChecks.root(c, "Gather", root);
            CollectiveChecks.buffer("Gather", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype));
            if (c.rank() == root) {
                CollectiveChecks.sameSize("Gather", sendcount, map(sendtype), recvcount, map(recvtype));
                CollectiveChecks.blocks(c, "Gather", "receive buffer", recvbuf, recvoffset, recvcount, map(recvtype), c.size());
            }
            c.collectives().gather(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    map(recvtype), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Gather with a count and a displacement (in extents of recvtype) per rank. */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        try {
            Communicator c = use("Gatherv");
            CollectiveChecks.root(c, "Gatherv", root);
            CollectiveChecks.buffer("Gatherv", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype));
            if (c.rank() == root) {
                CollectiveChecks.vector(c, "Gatherv", "receive", recvbuf, recvoffset, recvcount, displs, map(recvtype));
            }
            c.collectives().gatherv(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    displs, map(recvtype), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** The root sends {@code sendcount} items to each rank, in rank order. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            Communicator c = use("Scatter");
            CollectiveChecks.root(c, "Scatter", root);
            CollectiveChecks.buffer("Scatter", "receive buffer", recvbuf, recvoffset, recvcount, map(recvtype));
            if (c.rank() == root) {
                CollectiveChecks.sameSize("Scatter", sendcount, map(sendtype), recvcount, map(recvtype));
                CollectiveChecks.blocks(c, "Scatter", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype), c.size());
            }
            c.collectives().scatter(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    map(recvtype), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            Communicator c = use("Scatterv");
            CollectiveChecks.root(c, "Scatterv", root);
            CollectiveChecks.buffer("Scatterv", "receive buffer", recvbuf, recvoffset, recvcount, map(recvtype));
            if (c.rank() == root) {
                CollectiveChecks.vector(c, "Scatterv", "send", sendbuf, sendoffset, sendcount, displs, map(sendtype));
            }
            c.collectives().scatterv(sendbuf, sendoffset, sendcount, displs, map(sendtype), recvbuf, recvoffset,
                    recvcount, map(recvtype), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Every rank receives {@code recvcount} items from each rank, in rank order. */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        try {
            Communicator c = use("Allgather");
            CollectiveChecks.buffer("Allgather", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype));
            CollectiveChecks.sameSize("Allgather", sendcount, map(sendtype), recvcount, map(recvtype));
            CollectiveChecks.blocks(c, "Allgather", "receive buffer", recvbuf, recvoffset, recvcount, map(recvtype), c.size());
            c.collectives().allgather(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    map(recvtype));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        try {
            Communicator c = use("Allgatherv");
            CollectiveChecks.buffer("Allgatherv", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype));
            CollectiveChecks.vector(c, "Allgatherv", "receive", recvbuf, recvoffset, recvcount, displs, map(recvtype));
            c.collectives().allgatherv(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    displs, map(recvtype));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Rank i sends its j-th block of {@code sendcount} items to rank j, which stores it as its i-th. */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        try {
            Communicator c = use("Alltoall");
            CollectiveChecks.sameSize("Alltoall", sendcount, map(sendtype), recvcount, map(recvtype));
            CollectiveChecks.blocks(c, "Alltoall", "send buffer", sendbuf, sendoffset, sendcount, map(sendtype), c.size());
            CollectiveChecks.blocks(c, "Alltoall", "receive buffer", recvbuf, recvoffset, recvcount, map(recvtype), c.size());
            c.collectives().alltoall(sendbuf, sendoffset, sendcount, map(sendtype), recvbuf, recvoffset, recvcount,
                    map(recvtype));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        try {
            Communicator c = use("Alltoallv");
            CollectiveChecks.vector(c, "Alltoallv", "send", sendbuf, sendoffset, sendcount, sdispls, map(sendtype));
            CollectiveChecks.vector(c, "Alltoallv", "receive", recvbuf, recvoffset, recvcount, rdispls, map(recvtype));
            c.collectives().alltoallv(sendbuf, sendoffset, sendcount, sdispls, map(sendtype), recvbuf, recvoffset,
                    recvcount, rdispls, map(recvtype));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Combines every rank's {@code count} items with {@code op} into the root's receive buffer. */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) throws MPIException {
        try {
            Communicator c = use("Reduce");
            CollectiveChecks.root(c, "Reduce", root);
            TypeMap t = map(datatype);
            CollectiveChecks.buffer("Reduce", "send buffer", sendbuf, sendoffset, count, t);
            CollectiveChecks.op("Reduce", operator(op), t);
            if (c.rank() == root) {
                CollectiveChecks.buffer("Reduce", "receive buffer", recvbuf, recvoffset, count, t);
            }
            c.collectives().reduce(sendbuf, sendoffset, recvbuf, recvoffset, count, t, operator(op), root);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Reduce whose result every rank receives. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                          Op op) throws MPIException {
        try {
            Communicator c = use("Allreduce");
            TypeMap t = map(datatype);
            CollectiveChecks.buffer("Allreduce", "send buffer", sendbuf, sendoffset, count, t);
            CollectiveChecks.buffer("Allreduce", "receive buffer", recvbuf, recvoffset, count, t);
            CollectiveChecks.op("Allreduce", operator(op), t);
            c.collectives().allreduce(sendbuf, sendoffset, recvbuf, recvoffset, count, t, operator(op));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Reduces sum(recvcounts) items, then rank i receives the i-th block of {@code recvcounts[i]} items. */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        try {
            Communicator c = use("Reduce_scatter");
            TypeMap t = map(datatype);
            // Every count is checked, and this rank's receive buffer against its own count only.
            CollectiveChecks.counts(c, "Reduce_scatter", "receive", recvcounts);
            CollectiveChecks.buffer("Reduce_scatter", "receive buffer", recvbuf, recvoffset, recvcounts[c.rank()], t);
            long total = 0;
            for (int i = 0; i < c.size(); i++) {
                total += recvcounts[i];
            }
            CollectiveChecks.buffer("Reduce_scatter", "send buffer", sendbuf, sendoffset, (int) Math.min(total, Integer.MAX_VALUE), t);
            CollectiveChecks.op("Reduce_scatter", operator(op), t);
            c.collectives().reduceScatter(sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, t, operator(op));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Inclusive prefix reduction: rank i receives the combination of ranks 0..i. */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                     Op op) throws MPIException {
        try {
            Communicator c = use("Scan");
            TypeMap t = map(datatype);
            CollectiveChecks.buffer("Scan", "send buffer", sendbuf, sendoffset, count, t);
            CollectiveChecks.buffer("Scan", "receive buffer", recvbuf, recvoffset, count, t);
            CollectiveChecks.op("Scan", operator(op), t);
            c.collectives().scan(sendbuf, sendoffset, recvbuf, recvoffset, count, t, operator(op));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    private static org.mpj.core.op.Operator operator(Op op) {
        return op == null ? null : op.operator;
    }
}
