package org.mpj.coll;

import org.mpj.coll.allreduce.AllreduceRecursiveDoubling;
import org.mpj.coll.barrier.BarrierDissemination;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.coll.Collectives;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/** The collectives of one communicator. */
final class CommCollectives implements Collectives {
    private final Communicator comm;

    CommCollectives(Communicator comm) {
        this.comm = comm;
    }

    private static MpjException todo(String what) {
        return new MpjException(ErrorClass.ERR_INTERN, what + " is not implemented yet");
    }

    @Override
    public void barrier() {
        BarrierDissemination.barrier(comm);
    }

    @Override
    public void bcast(Object buf, int offset, int count, TypeMap type, int root) {
        throw todo("Bcast");
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        throw todo("Gather");
    }

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root) {
        throw todo("Gatherv");
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        throw todo("Scatter");
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        throw todo("Scatterv");
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        throw todo("Allgather");
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        throw todo("Allgatherv");
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        throw todo("Alltoall");
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, TypeMap recvtype) {
        throw todo("Alltoallv");
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op, int root) {
        throw todo("Reduce");
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op) {
        AllreduceRecursiveDoubling.allreduce(comm, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
    }

    @Override
    public void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts, TypeMap type, Operator op) {
        throw todo("Reduce_scatter");
    }

    @Override
    public void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op) {
        throw todo("Scan");
    }
}
