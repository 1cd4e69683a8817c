package org.mpj.coll.select;

import org.mpj.coll.allgather.AllgatherBDE;
import org.mpj.coll.allgather.AllgatherBKT;
import org.mpj.coll.allgather.AllgatherBruck;
import org.mpj.coll.allgather.AllgatherFT;
import org.mpj.coll.allgather.AllgatherGatherBcast;
import org.mpj.coll.allreduce.AllreduceBDE;
import org.mpj.coll.allreduce.AllreduceFT;
import org.mpj.coll.allreduce.AllreduceRabenseifner;
import org.mpj.coll.allreduce.AllreduceReduceBcast;
import org.mpj.coll.allreduce.AllreduceRing;
import org.mpj.coll.alltoall.AlltoallBruck;
import org.mpj.coll.alltoall.AlltoallFT;
import org.mpj.coll.alltoall.AlltoallLinear;
import org.mpj.coll.alltoall.AlltoallPairwise;
import org.mpj.coll.barrier.BarrierBT;
import org.mpj.coll.barrier.BarrierBruck;
import org.mpj.coll.barrier.BarrierDissemination;
import org.mpj.coll.barrier.BarrierDoubleRing;
import org.mpj.coll.barrier.BarrierFlat;
import org.mpj.coll.barrier.BarrierGatherBcast;
import org.mpj.coll.barrier.BarrierRecursiveDoubling;
import org.mpj.coll.bcast.BcastBT;
import org.mpj.coll.bcast.BcastBinary;
import org.mpj.coll.bcast.BcastFT;
import org.mpj.coll.bcast.BcastFaT;
import org.mpj.coll.bcast.BcastKChain;
import org.mpj.coll.bcast.BcastLinear;
import org.mpj.coll.bcast.BcastMST;
import org.mpj.coll.bcast.BcastPipeline;
import org.mpj.coll.bcast.BcastScatterAllgather;
import org.mpj.coll.bcast.BcastSegBinomial;
import org.mpj.coll.bcast.BcastSplitBinary;
import org.mpj.coll.gather.GatherBT;
import org.mpj.coll.gather.GatherFT;
import org.mpj.coll.gather.GatherMST;
import org.mpj.coll.node.AllgatherHierarchical;
import org.mpj.coll.node.AllgatherShared;
import org.mpj.coll.node.AllgathervShared;
import org.mpj.coll.node.AllreduceHierarchical;
import org.mpj.coll.node.AllreduceShared;
import org.mpj.coll.node.AlltoallHierarchical;
import org.mpj.coll.node.AlltoallShared;
import org.mpj.coll.node.AlltoallvShared;
import org.mpj.coll.node.BarrierHierarchical;
import org.mpj.coll.node.BarrierShared;
import org.mpj.coll.node.BcastHierarchical;
import org.mpj.coll.node.BcastShared;
import org.mpj.coll.node.GatherHierarchical;
import org.mpj.coll.node.GatherShared;
import org.mpj.coll.node.ReduceHierarchical;
import org.mpj.coll.node.ReduceScatterShared;
import org.mpj.coll.node.ReduceShared;
import org.mpj.coll.node.ScanShared;
import org.mpj.coll.node.ScatterHierarchical;
import org.mpj.coll.node.ScatterShared;
import org.mpj.coll.reduce.ReduceBT;
import org.mpj.coll.reduce.ReduceBinary;
import org.mpj.coll.reduce.ReduceFT;
import org.mpj.coll.reduce.ReduceKChain;
import org.mpj.coll.reduce.ReduceLinear;
import org.mpj.coll.reduce.ReduceMST;
import org.mpj.coll.reduce.ReducePipeline;
import org.mpj.coll.reduce.ReduceSegBinomial;
import org.mpj.coll.reducescatter.ReduceScatterBDE;
import org.mpj.coll.reducescatter.ReduceScatterReduceScatter;
import org.mpj.coll.scan.ScanBDE;
import org.mpj.coll.scan.ScanFT;
import org.mpj.coll.scatter.ScatterBT;
import org.mpj.coll.scatter.ScatterFT;
import org.mpj.coll.scatter.ScatterMST;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Every algorithm of the {@link Catalog} as a constant of one enum per shape ({@link Algorithm}), whose
 * method calls the algorithm's static method. Method references would cost a JVM's start-up a spun
 * class each (96 of them, and the loading of every algorithm's class: 41 ms of a 250 ms four-rank
 * job); a constant costs nothing until its algorithm runs, and each call site sees one class.
 */
final class AlgorithmCalls {
    private AlgorithmCalls() {
    }

    enum Barrier implements Algorithm.Barrier {
        DISSEMINATION, BT, GATHER_BCAST, FLAT, DOUBLE_RING, RECURSIVE_DOUBLING, BRUCK, SHARED, HIERARCHICAL;

        @Override
        public void barrier(Communicator c) {
            switch (this) {
                case DISSEMINATION -> BarrierDissemination.barrier(c);
                case BT -> BarrierBT.barrier(c);
                case GATHER_BCAST -> BarrierGatherBcast.barrier(c);
                case FLAT -> BarrierFlat.barrier(c);
                case DOUBLE_RING -> BarrierDoubleRing.barrier(c);
                case RECURSIVE_DOUBLING -> BarrierRecursiveDoubling.barrier(c);
                case BRUCK -> BarrierBruck.barrier(c);
                case SHARED -> BarrierShared.barrier(c);
                case HIERARCHICAL -> BarrierHierarchical.barrier(c);
            }
        }
    }

    enum Bcast implements Algorithm.Bcast {
        BT, SCATTER_ALLGATHER, MST, FT_BLOCKING, FT_NON_BLOCKING, FAT, LINEAR, PIPELINE, K_CHAIN, SEG_BINOMIAL,
        BINARY, SPLIT_BINARY, SHARED, HIERARCHICAL;

        @Override
        public void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
            switch (this) {
                case BT -> BcastBT.bcast(c, buf, offset, count, type, root);
                case SCATTER_ALLGATHER -> BcastScatterAllgather.bcast(c, buf, offset, count, type, root);
                case MST -> BcastMST.bcast(c, buf, offset, count, type, root);
                case FT_BLOCKING -> BcastFT.blocking(c, buf, offset, count, type, root);
                case FT_NON_BLOCKING -> BcastFT.nonBlocking(c, buf, offset, count, type, root);
                case FAT -> BcastFaT.bcast(c, buf, offset, count, type, root);
                case LINEAR -> BcastLinear.bcast(c, buf, offset, count, type, root);
                case PIPELINE -> BcastPipeline.bcast(c, buf, offset, count, type, root);
                case K_CHAIN -> BcastKChain.bcast(c, buf, offset, count, type, root);
                case SEG_BINOMIAL -> BcastSegBinomial.bcast(c, buf, offset, count, type, root);
                case BINARY -> BcastBinary.bcast(c, buf, offset, count, type, root);
                case SPLIT_BINARY -> BcastSplitBinary.bcast(c, buf, offset, count, type, root);
                case SHARED -> BcastShared.bcast(c, buf, offset, count, type, root);
                case HIERARCHICAL -> BcastHierarchical.bcast(c, buf, offset, count, type, root);
            }
        }
    }

    enum Rooted implements Algorithm.Rooted {
        GATHER_BT, GATHER_MST, GATHER_FT_BLOCKING, GATHER_FT_NON_BLOCKING, GATHER_FT_ONE_AHEAD, GATHER_FT_TWO_AHEAD,
        SCATTER_BT, SCATTER_MST, SCATTER_FT_BLOCKING, SCATTER_FT_NON_BLOCKING, GATHER_SHARED, SCATTER_SHARED,
        GATHER_HIERARCHICAL, SCATTER_HIERARCHICAL;

        @Override
        public void run(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
            switch (this) {
                case GATHER_BT -> GatherBT.gather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                        recvcount, recvtype, root);
                case GATHER_MST -> GatherMST.gather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                        recvcount, recvtype, root);
                case GATHER_FT_BLOCKING -> GatherFT.blocking(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case GATHER_FT_NON_BLOCKING -> GatherFT.nonBlocking(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype, root);
                case GATHER_FT_ONE_AHEAD -> GatherFT.oneAhead(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case GATHER_FT_TWO_AHEAD -> GatherFT.twoAhead(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case SCATTER_BT -> ScatterBT.scatter(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                        recvcount, recvtype, root);
                case SCATTER_MST -> ScatterMST.scatter(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case SCATTER_FT_BLOCKING -> ScatterFT.blocking(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case SCATTER_FT_NON_BLOCKING -> ScatterFT.nonBlocking(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype, root);
                case GATHER_SHARED -> GatherShared.gather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case SCATTER_SHARED -> ScatterShared.scatter(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
                case GATHER_HIERARCHICAL -> GatherHierarchical.gather(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype, root);
                case SCATTER_HIERARCHICAL -> ScatterHierarchical.scatter(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype, root);
            }
        }
    }

    enum Gatherv implements Algorithm.Gatherv {
        FT_NON_BLOCKING, FT_BLOCKING;

        @Override
        public void gatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype, int root) {
            switch (this) {
                case FT_NON_BLOCKING -> GatherFT.nonBlockingV(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcounts, displs, recvtype, root);
                case FT_BLOCKING -> GatherFT.blockingV(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcounts, displs, recvtype, root);
            }
        }
    }

    enum Scatterv implements Algorithm.Scatterv {
        FT_NON_BLOCKING, FT_BLOCKING;

        @Override
        public void scatterv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
                TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
            switch (this) {
                case FT_NON_BLOCKING -> ScatterFT.nonBlockingV(c, sendbuf, sendoffset, sendcounts, displs, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype, root);
                case FT_BLOCKING -> ScatterFT.blockingV(c, sendbuf, sendoffset, sendcounts, displs, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype, root);
            }
        }
    }

    enum Exchange implements Algorithm.Exchange {
        ALLGATHER_BDE_BLOCKING, ALLGATHER_BDE_NON_BLOCKING, ALLGATHER_BKT_BLOCKING, ALLGATHER_BKT_NON_BLOCKING,
        ALLGATHER_FT, ALLGATHER_GATHER_BCAST, ALLTOALL_PAIRWISE, ALLTOALL_FT_BLOCKING, ALLTOALL_FT_NON_BLOCKING,
        ALLTOALL_FT_RECEIVES_FIRST, ALLTOALL_FT_WINDOW, ALLGATHER_BRUCK, ALLTOALL_LINEAR, ALLTOALL_BRUCK,
        ALLGATHER_SHARED, ALLTOALL_SHARED, ALLGATHER_HIERARCHICAL, ALLTOALL_HIERARCHICAL;

        @Override
        public void run(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
            switch (this) {
                case ALLGATHER_BDE_BLOCKING -> AllgatherBDE.blocking(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype);
                case ALLGATHER_BDE_NON_BLOCKING -> AllgatherBDE.nonBlocking(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
                case ALLGATHER_BKT_BLOCKING -> AllgatherBKT.blocking(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype);
                case ALLGATHER_BKT_NON_BLOCKING -> AllgatherBKT.nonBlocking(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
                case ALLGATHER_FT -> AllgatherFT.allgather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLGATHER_GATHER_BCAST -> AllgatherGatherBcast.allgather(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_PAIRWISE -> AlltoallPairwise.alltoall(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_FT_BLOCKING -> AlltoallFT.blocking(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLTOALL_FT_NON_BLOCKING -> AlltoallFT.nonBlocking(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_FT_RECEIVES_FIRST -> AlltoallFT.receivesFirst(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_FT_WINDOW -> AlltoallFT.window(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLGATHER_BRUCK -> AllgatherBruck.allgather(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLTOALL_LINEAR -> AlltoallLinear.alltoall(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLTOALL_BRUCK -> AlltoallBruck.alltoall(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLGATHER_SHARED -> AllgatherShared.allgather(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_SHARED -> AlltoallShared.alltoall(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcount, recvtype);
                case ALLGATHER_HIERARCHICAL -> AllgatherHierarchical.allgather(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
                case ALLTOALL_HIERARCHICAL -> AlltoallHierarchical.alltoall(c, sendbuf, sendoffset, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
            }
        }
    }

    enum Allgatherv implements Algorithm.Allgatherv {
        BKT_BLOCKING, BKT_NON_BLOCKING, FT, SHARED;

        @Override
        public void allgatherv(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
            switch (this) {
                case BKT_BLOCKING -> AllgatherBKT.blockingV(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcounts, displs, recvtype);
                case BKT_NON_BLOCKING -> AllgatherBKT.nonBlockingV(c, sendbuf, sendoffset, sendcount, sendtype,
                        recvbuf, recvoffset, recvcounts, displs, recvtype);
                case FT -> AllgatherFT.allgatherv(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                        recvcounts, displs, recvtype);
                case SHARED -> AllgathervShared.allgatherv(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                        recvoffset, recvcounts, displs, recvtype);
            }
        }
    }

    enum Alltoallv implements Algorithm.Alltoallv {
        PAIRWISE, FT_BLOCKING, FT_NON_BLOCKING, FT_RECEIVES_FIRST, FT_WINDOW, SHARED;

        @Override
        public void alltoallv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, TypeMap recvtype) {
            switch (this) {
                case PAIRWISE -> AlltoallPairwise.alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                        recvbuf, recvoffset, recvcounts, rdispls, recvtype);
                case FT_BLOCKING -> AlltoallFT.blockingV(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                        recvbuf, recvoffset, recvcounts, rdispls, recvtype);
                case FT_NON_BLOCKING -> AlltoallFT.nonBlockingV(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                        recvbuf, recvoffset, recvcounts, rdispls, recvtype);
                case FT_RECEIVES_FIRST -> AlltoallFT.receivesFirstV(c, sendbuf, sendoffset, sendcounts, sdispls,
                        sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
                case FT_WINDOW -> AlltoallFT.windowV(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf,
                        recvoffset, recvcounts, rdispls, recvtype);
                case SHARED -> AlltoallvShared.alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype,
                        recvbuf, recvoffset, recvcounts, rdispls, recvtype);
            }
        }
    }

    enum Reduce implements Algorithm.Reduce {
        BT, MST, FT_BLOCKING, FT_NON_BLOCKING, LINEAR, PIPELINE, K_CHAIN, SEG_BINOMIAL, BINARY, SHARED, HIERARCHICAL;

        @Override
        public void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                TypeMap type, Operator op, int root) {
            switch (this) {
                case BT -> ReduceBT.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case MST -> ReduceMST.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case FT_BLOCKING -> ReduceFT.blocking(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op,
                        root);
                case FT_NON_BLOCKING -> ReduceFT.nonBlocking(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type,
                        op, root);
                case LINEAR -> ReduceLinear.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case PIPELINE -> ReducePipeline.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op,
                        root);
                case K_CHAIN -> ReduceKChain.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case SEG_BINOMIAL -> ReduceSegBinomial.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count,
                        type, op, root);
                case BINARY -> ReduceBinary.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case SHARED -> ReduceShared.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
                case HIERARCHICAL -> ReduceHierarchical.reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count,
                        type, op, root);
            }
        }
    }

    enum Combine implements Algorithm.Combine {
        ALLREDUCE_BDE_BLOCKING, ALLREDUCE_BDE_NON_BLOCKING, ALLREDUCE_FT, ALLREDUCE_REDUCE_BCAST, SCAN_BDE, SCAN_FT,
        ALLREDUCE_RABENSEIFNER, ALLREDUCE_RING, ALLREDUCE_SHARED, SCAN_SHARED, ALLREDUCE_HIERARCHICAL;

        @Override
        public void run(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                TypeMap type, Operator op) {
            switch (this) {
                case ALLREDUCE_BDE_BLOCKING -> AllreduceBDE.blocking(c, sendbuf, sendoffset, recvbuf, recvoffset,
                        count, type, op);
                case ALLREDUCE_BDE_NON_BLOCKING -> AllreduceBDE.nonBlocking(c, sendbuf, sendoffset, recvbuf,
                        recvoffset, count, type, op);
                case ALLREDUCE_FT -> AllreduceFT.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type,
                        op);
                case ALLREDUCE_REDUCE_BCAST -> AllreduceReduceBcast.allreduce(c, sendbuf, sendoffset, recvbuf,
                        recvoffset, count, type, op);
                case SCAN_BDE -> ScanBDE.scan(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                case SCAN_FT -> ScanFT.scan(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                case ALLREDUCE_RABENSEIFNER -> AllreduceRabenseifner.allreduce(c, sendbuf, sendoffset, recvbuf,
                        recvoffset, count, type, op);
                case ALLREDUCE_RING -> AllreduceRing.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count,
                        type, op);
                case ALLREDUCE_SHARED -> AllreduceShared.allreduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count,
                        type, op);
                case SCAN_SHARED -> ScanShared.scan(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
                case ALLREDUCE_HIERARCHICAL -> AllreduceHierarchical.allreduce(c, sendbuf, sendoffset, recvbuf,
                        recvoffset, count, type, op);
            }
        }
    }

    enum ReduceScatter implements Algorithm.ReduceScatter {
        BDE_BLOCKING, BDE_NON_BLOCKING, REDUCE_THEN_SCATTER, SHARED;

        @Override
        public void reduceScatter(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                int[] recvcounts, TypeMap type, Operator op) {
            switch (this) {
                case BDE_BLOCKING -> ReduceScatterBDE.blocking(c, sendbuf, sendoffset, recvbuf, recvoffset,
                        recvcounts, type, op);
                case BDE_NON_BLOCKING -> ReduceScatterBDE.nonBlocking(c, sendbuf, sendoffset, recvbuf, recvoffset,
                        recvcounts, type, op);
                case REDUCE_THEN_SCATTER -> ReduceScatterReduceScatter.reduceScatter(c, sendbuf, sendoffset, recvbuf,
                        recvoffset, recvcounts, type, op);
                case SHARED -> ReduceScatterShared.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset,
                        recvcounts, type, op);
            }
        }
    }
}
