package org.mpj.coll.select;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

/**
 * Every algorithm of every primitive, by the name the table and the {@code mpj.coll.<key>} settings
 * use. The first algorithm registered for a primitive is its default: it runs where no table line
 * matches, so it must be a safe choice at every size.
 */
public final class Catalog {
    private static final Map<Primitive, Map<String, Object>> ALGORITHMS = new EnumMap<>(Primitive.class);
    /** Algorithms that work through the memory of one JVM (org.mpj.coll.node). */
    private static final Set<Object> NODE_AWARE = new HashSet<>();
    /** Algorithms that work through memory inside nodes and by messages between them. */
    private static final Set<Object> HIERARCHICAL = new HashSet<>();

    static {
        // Names as in Taboada et al., "Design of efficient Java message-passing collectives on multi-core
        // clusters" (J. Supercomputing, 2011): b/nb = blocking/non-blocking point-to-point, FT flat tree,
        // FaT four-ary tree, MST minimum spanning tree, BT binomial tree, BKT bucket (ring), BDE
        // bidirectional exchange (recursive doubling/halving); A+B runs primitive A, then B.
        barrier(BarrierDissemination.NAME, BarrierDissemination::barrier);
        barrier(BarrierBT.NAME, BarrierBT::barrier);
        barrier(BarrierGatherBcast.NAME, BarrierGatherBcast::barrier);

        bcast(BcastBT.NAME, BcastBT::bcast);
        bcast(BcastScatterAllgather.NAME, BcastScatterAllgather::bcast);
        bcast(BcastMST.NAME, BcastMST::bcast);
        bcast(BcastFT.BLOCKING, BcastFT::blocking);
        bcast(BcastFT.NON_BLOCKING, BcastFT::nonBlocking);
        bcast(BcastFaT.NAME, BcastFaT::bcast);

        rooted(Primitive.GATHER, GatherBT.NAME, GatherBT::gather);
        rooted(Primitive.GATHER, GatherMST.NAME, GatherMST::gather);
        rooted(Primitive.GATHER, GatherFT.BLOCKING, GatherFT::blocking);
        rooted(Primitive.GATHER, GatherFT.NON_BLOCKING, GatherFT::nonBlocking);
        rooted(Primitive.GATHER, GatherFT.ONE_AHEAD, GatherFT::oneAhead);
        rooted(Primitive.GATHER, GatherFT.TWO_AHEAD, GatherFT::twoAhead);

        gatherv(GatherFT.NON_BLOCKING, GatherFT::nonBlockingV);
        gatherv(GatherFT.BLOCKING, GatherFT::blockingV);

        rooted(Primitive.SCATTER, ScatterBT.NAME, ScatterBT::scatter);
        rooted(Primitive.SCATTER, ScatterMST.NAME, ScatterMST::scatter);
        rooted(Primitive.SCATTER, ScatterFT.BLOCKING, ScatterFT::blocking);
        rooted(Primitive.SCATTER, ScatterFT.NON_BLOCKING, ScatterFT::nonBlocking);

        scatterv(ScatterFT.NON_BLOCKING, ScatterFT::nonBlockingV);
        scatterv(ScatterFT.BLOCKING, ScatterFT::blockingV);

        exchange(Primitive.ALLGATHER, AllgatherBDE.BLOCKING, AllgatherBDE::blocking);
        exchange(Primitive.ALLGATHER, AllgatherBDE.NON_BLOCKING, AllgatherBDE::nonBlocking);
        exchange(Primitive.ALLGATHER, AllgatherBKT.BLOCKING, AllgatherBKT::blocking);
        exchange(Primitive.ALLGATHER, AllgatherBKT.NON_BLOCKING, AllgatherBKT::nonBlocking);
        exchange(Primitive.ALLGATHER, AllgatherFT.NAME, AllgatherFT::allgather);
        exchange(Primitive.ALLGATHER, AllgatherGatherBcast.NAME, AllgatherGatherBcast::allgather);

        allgatherv(AllgatherBKT.BLOCKING, AllgatherBKT::blockingV);
        allgatherv(AllgatherBKT.NON_BLOCKING, AllgatherBKT::nonBlockingV);
        allgatherv(AllgatherFT.NAME, AllgatherFT::allgatherv);

        exchange(Primitive.ALLTOALL, AlltoallPairwise.NAME, AlltoallPairwise::alltoall);
        exchange(Primitive.ALLTOALL, AlltoallFT.BLOCKING, AlltoallFT::blocking);
        exchange(Primitive.ALLTOALL, AlltoallFT.NON_BLOCKING, AlltoallFT::nonBlocking);
        exchange(Primitive.ALLTOALL, AlltoallFT.RECEIVES_FIRST, AlltoallFT::receivesFirst);
        exchange(Primitive.ALLTOALL, AlltoallFT.WINDOW, AlltoallFT::window);

        alltoallv(AlltoallPairwise.NAME, AlltoallPairwise::alltoallv);
        alltoallv(AlltoallFT.BLOCKING, AlltoallFT::blockingV);
        alltoallv(AlltoallFT.NON_BLOCKING, AlltoallFT::nonBlockingV);
        alltoallv(AlltoallFT.RECEIVES_FIRST, AlltoallFT::receivesFirstV);
        alltoallv(AlltoallFT.WINDOW, AlltoallFT::windowV);

        reduce(ReduceBT.NAME, ReduceBT::reduce);
        reduce(ReduceMST.NAME, ReduceMST::reduce);
        reduce(ReduceFT.BLOCKING, ReduceFT::blocking);
        reduce(ReduceFT.NON_BLOCKING, ReduceFT::nonBlocking);

        combine(Primitive.ALLREDUCE, AllreduceBDE.BLOCKING, AllreduceBDE::blocking);
        combine(Primitive.ALLREDUCE, AllreduceBDE.NON_BLOCKING, AllreduceBDE::nonBlocking);
        combine(Primitive.ALLREDUCE, AllreduceFT.NAME, AllreduceFT::allreduce);
        combine(Primitive.ALLREDUCE, AllreduceReduceBcast.NAME, AllreduceReduceBcast::allreduce);

        reduceScatter(ReduceScatterBDE.BLOCKING, ReduceScatterBDE::blocking);
        reduceScatter(ReduceScatterBDE.NON_BLOCKING, ReduceScatterBDE::nonBlocking);
        reduceScatter(ReduceScatterReduceScatter.NAME, ReduceScatterReduceScatter::reduceScatter);

        combine(Primitive.SCAN, ScanBDE.NAME, ScanBDE::scan);
        combine(Primitive.SCAN, ScanFT.NAME, ScanFT::scan);

        // The segmented tree engine (Pješivac-Grbović et al.) and what native MPIs use, per primitive.
        barrier(BarrierFlat.NAME, BarrierFlat::barrier);
        barrier(BarrierDoubleRing.NAME, BarrierDoubleRing::barrier);
        barrier(BarrierRecursiveDoubling.NAME, BarrierRecursiveDoubling::barrier);
        barrier(BarrierBruck.NAME, BarrierBruck::barrier);

        bcast(BcastLinear.NAME, BcastLinear::bcast);
        bcast(BcastPipeline.NAME, BcastPipeline::bcast);
        bcast(BcastKChain.NAME, BcastKChain::bcast);
        bcast(BcastSegBinomial.NAME, BcastSegBinomial::bcast);
        bcast(BcastBinary.NAME, BcastBinary::bcast);
        bcast(BcastSplitBinary.NAME, BcastSplitBinary::bcast);

        exchange(Primitive.ALLGATHER, AllgatherBruck.NAME, AllgatherBruck::allgather);
        exchange(Primitive.ALLTOALL, AlltoallLinear.NAME, AlltoallLinear::alltoall);
        exchange(Primitive.ALLTOALL, AlltoallBruck.NAME, AlltoallBruck::alltoall);

        reduce(ReduceLinear.NAME, ReduceLinear::reduce);
        reduce(ReducePipeline.NAME, ReducePipeline::reduce);
        reduce(ReduceKChain.NAME, ReduceKChain::reduce);
        reduce(ReduceSegBinomial.NAME, ReduceSegBinomial::reduce);
        reduce(ReduceBinary.NAME, ReduceBinary::reduce);
        combine(Primitive.ALLREDUCE, AllreduceRabenseifner.NAME, AllreduceRabenseifner::allreduce);
        combine(Primitive.ALLREDUCE, AllreduceRing.NAME, AllreduceRing::allreduce);

        // Node-aware: through memory where every member is a thread of this JVM, else their fallback.
        nodeAware(Primitive.BARRIER, BarrierShared.NAME, (Algorithm.Barrier) BarrierShared::barrier);
        nodeAware(Primitive.BCAST, BcastShared.NAME, (Algorithm.Bcast) BcastShared::bcast);
        nodeAware(Primitive.ALLGATHER, AllgatherShared.NAME, (Algorithm.Exchange) AllgatherShared::allgather);
        nodeAware(Primitive.ALLGATHERV, AllgathervShared.NAME, (Algorithm.Allgatherv) AllgathervShared::allgatherv);
        nodeAware(Primitive.ALLTOALL, AlltoallShared.NAME, (Algorithm.Exchange) AlltoallShared::alltoall);
        nodeAware(Primitive.ALLTOALLV, AlltoallvShared.NAME, (Algorithm.Alltoallv) AlltoallvShared::alltoallv);
        nodeAware(Primitive.ALLREDUCE, AllreduceShared.NAME, (Algorithm.Combine) AllreduceShared::allreduce);
        nodeAware(Primitive.GATHER, GatherShared.NAME, (Algorithm.Rooted) GatherShared::gather);
        nodeAware(Primitive.SCATTER, ScatterShared.NAME, (Algorithm.Rooted) ScatterShared::scatter);
        nodeAware(Primitive.REDUCE, ReduceShared.NAME, (Algorithm.Reduce) ReduceShared::reduce);
        nodeAware(Primitive.REDUCE_SCATTER, ReduceScatterShared.NAME,
                (Algorithm.ReduceScatter) ReduceScatterShared::reduceScatter);
        nodeAware(Primitive.SCAN, ScanShared.NAME, (Algorithm.Combine) ScanShared::scan);

        // Hierarchical: through memory inside each node, by messages among one rank per node; any communicator.
        hierarchical(Primitive.BARRIER, BarrierHierarchical.NAME, (Algorithm.Barrier) BarrierHierarchical::barrier);
        hierarchical(Primitive.BCAST, BcastHierarchical.NAME, (Algorithm.Bcast) BcastHierarchical::bcast);
        hierarchical(Primitive.ALLREDUCE, AllreduceHierarchical.NAME,
                (Algorithm.Combine) AllreduceHierarchical::allreduce);
        hierarchical(Primitive.REDUCE, ReduceHierarchical.NAME, (Algorithm.Reduce) ReduceHierarchical::reduce);
        hierarchical(Primitive.GATHER, GatherHierarchical.NAME, (Algorithm.Rooted) GatherHierarchical::gather);
        hierarchical(Primitive.SCATTER, ScatterHierarchical.NAME, (Algorithm.Rooted) ScatterHierarchical::scatter);
        hierarchical(Primitive.ALLGATHER, AllgatherHierarchical.NAME,
                (Algorithm.Exchange) AllgatherHierarchical::allgather);
        hierarchical(Primitive.ALLTOALL, AlltoallHierarchical.NAME,
                (Algorithm.Exchange) AlltoallHierarchical::alltoall);
    }

    private Catalog() {
    }

    /** Names of the algorithms of the primitive with this key, default first; empty for an unknown key. */
    public static List<String> names(String key) {
        Primitive p = Primitive.ofKey(key);
        return p == null ? List.of() : new ArrayList<>(ALGORITHMS.get(p).keySet());
    }

    /**
     * Names of the algorithms a table rule may select for a communicator placed so, default first:
     * what an autotuning run on that placement should measure (a hierarchical algorithm measured on
     * one node would only measure its fallback, and its rule would not apply there).
     */
    public static List<String> names(String key, Placement placement) {
        Primitive p = Primitive.ofKey(key);
        List<String> names = new ArrayList<>();
        if (p != null) {
            for (Map.Entry<String, Object> e : ALGORITHMS.get(p).entrySet()) {
                if (appliesTo(e.getValue(), placement)) {
                    names.add(e.getKey());
                }
            }
        }
        return names;
    }

    static List<String> names(Primitive p) {
        return new ArrayList<>(ALGORITHMS.get(p).keySet());
    }

    /** The algorithm called {@code name}, or null. */
    static Object lookup(Primitive p, String name) {
        return ALGORITHMS.get(p).get(name);
    }

    /** The name {@code algorithm} is registered under for {@code p}, or null if it is none of p's. */
    public static String nameOf(Primitive p, Object algorithm) {
        for (Map.Entry<String, Object> e : ALGORITHMS.get(p).entrySet()) {
            if (e.getValue() == algorithm) {
                return e.getKey();
            }
        }
        return null;
    }

    /** Whether a table rule naming {@code algorithm} may apply to a communicator placed so. */
    static boolean appliesTo(Object algorithm, Placement placement) {
        if (NODE_AWARE.contains(algorithm)) {
            return placement == Placement.ONE_NODE;
        }
        return !HIERARCHICAL.contains(algorithm) || placement == Placement.SEVERAL_NODES;
    }

    /**
     * The primitive's default: what runs where no table rule matches, and what a node-aware
     * algorithm falls back to where ranks do not share memory.
     */
    public static Object defaultAlgorithm(Primitive p) {
        return ALGORITHMS.get(p).values().iterator().next();
    }

    private static void add(Primitive p, String name, Object algorithm) {
        Object old = ALGORITHMS.computeIfAbsent(p, k -> new LinkedHashMap<>()).put(name, algorithm);
        if (old != null) {
            throw new IllegalStateException("two " + p.key + " algorithms named " + name);
        }
    }

    private static void nodeAware(Primitive p, String name, Object a) {
        add(p, name, a);
        NODE_AWARE.add(a);
    }

    private static void hierarchical(Primitive p, String name, Object a) {
        add(p, name, a);
        HIERARCHICAL.add(a);
    }

    private static void barrier(String name, Algorithm.Barrier a) {
        add(Primitive.BARRIER, name, a);
    }

    private static void bcast(String name, Algorithm.Bcast a) {
        add(Primitive.BCAST, name, a);
    }

    private static void rooted(Primitive p, String name, Algorithm.Rooted a) {
        add(p, name, a);
    }

    private static void gatherv(String name, Algorithm.Gatherv a) {
        add(Primitive.GATHERV, name, a);
    }

    private static void scatterv(String name, Algorithm.Scatterv a) {
        add(Primitive.SCATTERV, name, a);
    }

    private static void exchange(Primitive p, String name, Algorithm.Exchange a) {
        add(p, name, a);
    }

    private static void allgatherv(String name, Algorithm.Allgatherv a) {
        add(Primitive.ALLGATHERV, name, a);
    }

    private static void alltoallv(String name, Algorithm.Alltoallv a) {
        add(Primitive.ALLTOALLV, name, a);
    }

    private static void reduce(String name, Algorithm.Reduce a) {
        add(Primitive.REDUCE, name, a);
    }

    private static void combine(Primitive p, String name, Algorithm.Combine a) {
        add(p, name, a);
    }

    private static void reduceScatter(String name, Algorithm.ReduceScatter a) {
        add(Primitive.REDUCE_SCATTER, name, a);
    }
}
