package org.mpj.core.coll;

import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * The collective operations of one communicator, as the collectives library implements them. The
 * communicator has checked every argument before a call arrives here. Counts are in items of the
 * given type; displacements (the {@code …v} forms) are in extents of the type, added to the offset.
 */
public interface Collectives {
    void barrier();

    void bcast(Object buf, int offset, int count, TypeMap type, int root);

    void gather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root);

    void gatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                 Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root);

    void scatter(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root);

    void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, TypeMap sendtype,
                  Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root);

    void allgather(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype);

    void allgatherv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                    Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype);

    void alltoall(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                  Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype);

    void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, TypeMap sendtype,
                   Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, TypeMap recvtype);

    void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type,
                Operator op, int root);

    void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type,
                   Operator op);

    void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                       TypeMap type, Operator op);

    void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, TypeMap type, Operator op);
}
