package org.mpj.coll;

import org.mpj.coll.allgather.AllgatherRing;
import org.mpj.coll.allgather.AllgathervRing;
import org.mpj.coll.allreduce.AllreduceRecursiveDoubling;
import org.mpj.coll.alltoall.AlltoallPairwise;
import org.mpj.coll.alltoall.AlltoallvPairwise;
import org.mpj.coll.barrier.BarrierDissemination;
import org.mpj.coll.bcast.BcastBinomial;
import org.mpj.coll.bcast.BcastScatterAllgather;
import org.mpj.coll.gather.GatherBinomial;
import org.mpj.coll.gather.GathervLinear;
import org.mpj.coll.reduce.ReduceBinomial;
import org.mpj.coll.reducescatter.ReduceScatterReduceScatterv;
import org.mpj.coll.scan.ScanRecursiveDoubling;
import org.mpj.coll.scatter.ScatterBinomial;
import org.mpj.coll.scatter.ScattervLinear;
import org.mpj.core.Communicator;
import org.mpj.core.coll.Collectives;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * The collectives of one communicator: each call delegates to one algorithm class. Until the
 * selector and its table exist, the choice is fixed here (one algorithm per primitive, two for Bcast).
 */
final class CommCollectives implements Collectives {
    /**
     * Bcast switches from the binomial tree to scatter + ring allgather above this many bytes: a
     * placeholder until the autotuner measures the crossover (MPICH leaves the tree above 12 KiB by
     * default). MPI.OBJECT has no size before serialization and always takes the tree.
     */
    static final long BCAST_SCATTER_ALLGATHER_MIN_BYTES = 64 * 1024;
    /** With fewer ranks a scatter saves nothing: the tree already sends the message once per rank. */
    static final int BCAST_SCATTER_ALLGATHER_MIN_RANKS = 3;

    private final Communicator comm;

    CommCollectives(Communicator comm) {
        this.comm = comm;
    }

    @Override
    public void barrier() {
        BarrierDissemination.barrier(comm);
    }

    @Override
    public void bcast(Object buf, int offset, int count, TypeMap type, int root) {
        long bytes = (long) count * type.size * type.base.byteSize();
        if (bytes > BCAST_SCATTER_ALLGATHER_MIN_BYTES && comm.size() >= BCAST_SCATTER_ALLGATHER_MIN_RANKS) {
            BcastScatterAllgather.bcast(comm, buf, offset, count, type, root);
        } else {
            BcastBinomial.bcast(comm, buf, offset, count, type, root);
        }
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        GatherBinomial.gather(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype, root);
    }

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root) {
        GathervLinear.gatherv(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts,
                displs, recvtype, root);
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        ScatterBinomial.scatter(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype, root);
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        ScattervLinear.scatterv(comm, sendbuf, sendoffset, sendcounts, displs, sendtype, recvbuf, recvoffset,
                recvcount, recvtype, root);
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        AllgatherRing.allgather(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype);
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        AllgathervRing.allgatherv(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts,
                displs, recvtype);
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        AlltoallPairwise.alltoall(comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype);
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, TypeMap recvtype) {
        AlltoallvPairwise.alltoallv(comm, sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf, recvoffset,
                recvcounts, rdispls, recvtype);
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op, int root) {
        ReduceBinomial.reduce(comm, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op) {
        AllreduceRecursiveDoubling.allreduce(comm, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
    }

    @Override
    public void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts, TypeMap type, Operator op) {
        ReduceScatterReduceScatterv.reduceScatter(comm, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type, op);
    }

    @Override
    public void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op) {
        ScanRecursiveDoubling.scan(comm, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
    }
}
