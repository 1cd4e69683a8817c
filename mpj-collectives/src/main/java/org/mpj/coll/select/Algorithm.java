package org.mpj.coll.select;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * The shape of an algorithm of each primitive. Every algorithm is a class with a static method of
 * this shape and a {@code NAME} (a family of variants, such as the flat trees {@code bFT}/{@code nbFT},
 * is one class with a method and a name constant per variant); {@link Catalog} registers it as a
 * constant of {@link AlgorithmCalls}, which calls that method. An algorithm must
 * be correct for every communicator size, root, count and type map ({@code MPI.OBJECT} included).
 */
public final class Algorithm {
    private Algorithm() {
    }

    @FunctionalInterface
    public interface Barrier {
        void barrier(Communicator c);
    }

    @FunctionalInterface
    public interface Bcast {
        void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root);
    }

    /** Gather and Scatter. */
    @FunctionalInterface
    public interface Rooted {
        void run(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root);
    }

    @FunctionalInterface
    public interface Gatherv {
        void gatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                     Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root);
    }

    @FunctionalInterface
    public interface Scatterv {
        void scatterv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
                      TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root);
    }

    /** Allgather and Alltoall. */
    @FunctionalInterface
    public interface Exchange {
        void run(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype);
    }

    @FunctionalInterface
    public interface Allgatherv {
        void allgatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                        Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype);
    }

    @FunctionalInterface
    public interface Alltoallv {
        void alltoallv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                       TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                       TypeMap recvtype);
    }

    @FunctionalInterface
    public interface Reduce {
        void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                    TypeMap type, Operator op, int root);
    }

    /** Allreduce and Scan. */
    @FunctionalInterface
    public interface Combine {
        void run(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                 TypeMap type, Operator op);
    }

    @FunctionalInterface
    public interface ReduceScatter {
        void reduceScatter(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                           int[] recvcounts, TypeMap type, Operator op);
    }
}
