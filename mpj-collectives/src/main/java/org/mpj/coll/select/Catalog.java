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
        barrier(BarrierDissemination.NAME, AlgorithmCalls.Barrier.DISSEMINATION);
        barrier(BarrierBT.NAME, AlgorithmCalls.Barrier.BT);
        barrier(BarrierGatherBcast.NAME, AlgorithmCalls.Barrier.GATHER_BCAST);

        bcast(BcastBT.NAME, AlgorithmCalls.Bcast.BT);
        bcast(BcastScatterAllgather.NAME, AlgorithmCalls.Bcast.SCATTER_ALLGATHER);
        bcast(BcastMST.NAME, AlgorithmCalls.Bcast.MST);
        bcast(BcastFT.BLOCKING, AlgorithmCalls.Bcast.FT_BLOCKING);
        bcast(BcastFT.NON_BLOCKING, AlgorithmCalls.Bcast.FT_NON_BLOCKING);
        bcast(BcastFaT.NAME, AlgorithmCalls.Bcast.FAT);

        rooted(Primitive.GATHER, GatherBT.NAME, AlgorithmCalls.Rooted.GATHER_BT);
        rooted(Primitive.GATHER, GatherMST.NAME, AlgorithmCalls.Rooted.GATHER_MST);
        rooted(Primitive.GATHER, GatherFT.BLOCKING, AlgorithmCalls.Rooted.GATHER_FT_BLOCKING);
        rooted(Primitive.GATHER, GatherFT.NON_BLOCKING, AlgorithmCalls.Rooted.GATHER_FT_NON_BLOCKING);
        rooted(Primitive.GATHER, GatherFT.ONE_AHEAD, AlgorithmCalls.Rooted.GATHER_FT_ONE_AHEAD);
        rooted(Primitive.GATHER, GatherFT.TWO_AHEAD, AlgorithmCalls.Rooted.GATHER_FT_TWO_AHEAD);

        gatherv(GatherFT.NON_BLOCKING, AlgorithmCalls.Gatherv.FT_NON_BLOCKING);
        gatherv(GatherFT.BLOCKING, AlgorithmCalls.Gatherv.FT_BLOCKING);

        rooted(Primitive.SCATTER, ScatterBT.NAME, AlgorithmCalls.Rooted.SCATTER_BT);
        rooted(Primitive.SCATTER, ScatterMST.NAME, AlgorithmCalls.Rooted.SCATTER_MST);
        rooted(Primitive.SCATTER, ScatterFT.BLOCKING, AlgorithmCalls.Rooted.SCATTER_FT_BLOCKING);
        rooted(Primitive.SCATTER, ScatterFT.NON_BLOCKING, AlgorithmCalls.Rooted.SCATTER_FT_NON_BLOCKING);

        scatterv(ScatterFT.NON_BLOCKING, AlgorithmCalls.Scatterv.FT_NON_BLOCKING);
        scatterv(ScatterFT.BLOCKING, AlgorithmCalls.Scatterv.FT_BLOCKING);

        exchange(Primitive.ALLGATHER, AllgatherBDE.BLOCKING, AlgorithmCalls.Exchange.ALLGATHER_BDE_BLOCKING);
        exchange(Primitive.ALLGATHER, AllgatherBDE.NON_BLOCKING, AlgorithmCalls.Exchange.ALLGATHER_BDE_NON_BLOCKING);
        exchange(Primitive.ALLGATHER, AllgatherBKT.BLOCKING, AlgorithmCalls.Exchange.ALLGATHER_BKT_BLOCKING);
        exchange(Primitive.ALLGATHER, AllgatherBKT.NON_BLOCKING, AlgorithmCalls.Exchange.ALLGATHER_BKT_NON_BLOCKING);
        exchange(Primitive.ALLGATHER, AllgatherFT.NAME, AlgorithmCalls.Exchange.ALLGATHER_FT);
        exchange(Primitive.ALLGATHER, AllgatherGatherBcast.NAME, AlgorithmCalls.Exchange.ALLGATHER_GATHER_BCAST);

        allgatherv(AllgatherBKT.BLOCKING, AlgorithmCalls.Allgatherv.BKT_BLOCKING);
        allgatherv(AllgatherBKT.NON_BLOCKING, AlgorithmCalls.Allgatherv.BKT_NON_BLOCKING);
        allgatherv(AllgatherFT.NAME, AlgorithmCalls.Allgatherv.FT);

        exchange(Primitive.ALLTOALL, AlltoallPairwise.NAME, AlgorithmCalls.Exchange.ALLTOALL_PAIRWISE);
        exchange(Primitive.ALLTOALL, AlltoallFT.BLOCKING, AlgorithmCalls.Exchange.ALLTOALL_FT_BLOCKING);
        exchange(Primitive.ALLTOALL, AlltoallFT.NON_BLOCKING, AlgorithmCalls.Exchange.ALLTOALL_FT_NON_BLOCKING);
        exchange(Primitive.ALLTOALL, AlltoallFT.RECEIVES_FIRST, AlgorithmCalls.Exchange.ALLTOALL_FT_RECEIVES_FIRST);
        exchange(Primitive.ALLTOALL, AlltoallFT.WINDOW, AlgorithmCalls.Exchange.ALLTOALL_FT_WINDOW);

        alltoallv(AlltoallPairwise.NAME, AlgorithmCalls.Alltoallv.PAIRWISE);
        alltoallv(AlltoallFT.BLOCKING, AlgorithmCalls.Alltoallv.FT_BLOCKING);
        alltoallv(AlltoallFT.NON_BLOCKING, AlgorithmCalls.Alltoallv.FT_NON_BLOCKING);
        alltoallv(AlltoallFT.RECEIVES_FIRST, AlgorithmCalls.Alltoallv.FT_RECEIVES_FIRST);
        alltoallv(AlltoallFT.WINDOW, AlgorithmCalls.Alltoallv.FT_WINDOW);

        reduce(ReduceBT.NAME, AlgorithmCalls.Reduce.BT);
        reduce(ReduceMST.NAME, AlgorithmCalls.Reduce.MST);
        reduce(ReduceFT.BLOCKING, AlgorithmCalls.Reduce.FT_BLOCKING);
        reduce(ReduceFT.NON_BLOCKING, AlgorithmCalls.Reduce.FT_NON_BLOCKING);

        combine(Primitive.ALLREDUCE, AllreduceBDE.BLOCKING, AlgorithmCalls.Combine.ALLREDUCE_BDE_BLOCKING);
        combine(Primitive.ALLREDUCE, AllreduceBDE.NON_BLOCKING, AlgorithmCalls.Combine.ALLREDUCE_BDE_NON_BLOCKING);
        combine(Primitive.ALLREDUCE, AllreduceFT.NAME, AlgorithmCalls.Combine.ALLREDUCE_FT);
        combine(Primitive.ALLREDUCE, AllreduceReduceBcast.NAME, AlgorithmCalls.Combine.ALLREDUCE_REDUCE_BCAST);

        reduceScatter(ReduceScatterBDE.BLOCKING, AlgorithmCalls.ReduceScatter.BDE_BLOCKING);
        reduceScatter(ReduceScatterBDE.NON_BLOCKING, AlgorithmCalls.ReduceScatter.BDE_NON_BLOCKING);
        reduceScatter(ReduceScatterReduceScatter.NAME, AlgorithmCalls.ReduceScatter.REDUCE_THEN_SCATTER);

        combine(Primitive.SCAN, ScanBDE.NAME, AlgorithmCalls.Combine.SCAN_BDE);
        combine(Primitive.SCAN, ScanFT.NAME, AlgorithmCalls.Combine.SCAN_FT);

        // The segmented tree engine (Pješivac-Grbović et al.) and what native MPIs use, per primitive.
        barrier(BarrierFlat.NAME, AlgorithmCalls.Barrier.FLAT);
        barrier(BarrierDoubleRing.NAME, AlgorithmCalls.Barrier.DOUBLE_RING);
        barrier(BarrierRecursiveDoubling.NAME, AlgorithmCalls.Barrier.RECURSIVE_DOUBLING);
        barrier(BarrierBruck.NAME, AlgorithmCalls.Barrier.BRUCK);

        bcast(BcastLinear.NAME, AlgorithmCalls.Bcast.LINEAR);
        bcast(BcastPipeline.NAME, AlgorithmCalls.Bcast.PIPELINE);
        bcast(BcastKChain.NAME, AlgorithmCalls.Bcast.K_CHAIN);
        bcast(BcastSegBinomial.NAME, AlgorithmCalls.Bcast.SEG_BINOMIAL);
        bcast(BcastBinary.NAME, AlgorithmCalls.Bcast.BINARY);
        bcast(BcastSplitBinary.NAME, AlgorithmCalls.Bcast.SPLIT_BINARY);

        exchange(Primitive.ALLGATHER, AllgatherBruck.NAME, AlgorithmCalls.Exchange.ALLGATHER_BRUCK);
        exchange(Primitive.ALLTOALL, AlltoallLinear.NAME, AlgorithmCalls.Exchange.ALLTOALL_LINEAR);
        exchange(Primitive.ALLTOALL, AlltoallBruck.NAME, AlgorithmCalls.Exchange.ALLTOALL_BRUCK);

        reduce(ReduceLinear.NAME, AlgorithmCalls.Reduce.LINEAR);
        reduce(ReducePipeline.NAME, AlgorithmCalls.Reduce.PIPELINE);
        reduce(ReduceKChain.NAME, AlgorithmCalls.Reduce.K_CHAIN);
        reduce(ReduceSegBinomial.NAME, AlgorithmCalls.Reduce.SEG_BINOMIAL);
        reduce(ReduceBinary.NAME, AlgorithmCalls.Reduce.BINARY);
        combine(Primitive.ALLREDUCE, AllreduceRabenseifner.NAME, AlgorithmCalls.Combine.ALLREDUCE_RABENSEIFNER);
        combine(Primitive.ALLREDUCE, AllreduceRing.NAME, AlgorithmCalls.Combine.ALLREDUCE_RING);

        // Node-aware: through memory where every member is a thread of this JVM, else their fallback.
        nodeAware(Primitive.BARRIER, BarrierShared.NAME, AlgorithmCalls.Barrier.SHARED);
        nodeAware(Primitive.BCAST, BcastShared.NAME, AlgorithmCalls.Bcast.SHARED);
        nodeAware(Primitive.ALLGATHER, AllgatherShared.NAME, AlgorithmCalls.Exchange.ALLGATHER_SHARED);
        nodeAware(Primitive.ALLGATHERV, AllgathervShared.NAME, AlgorithmCalls.Allgatherv.SHARED);
        nodeAware(Primitive.ALLTOALL, AlltoallShared.NAME, AlgorithmCalls.Exchange.ALLTOALL_SHARED);
        nodeAware(Primitive.ALLTOALLV, AlltoallvShared.NAME, AlgorithmCalls.Alltoallv.SHARED);
        nodeAware(Primitive.ALLREDUCE, AllreduceShared.NAME, AlgorithmCalls.Combine.ALLREDUCE_SHARED);
        nodeAware(Primitive.GATHER, GatherShared.NAME, AlgorithmCalls.Rooted.GATHER_SHARED);
        nodeAware(Primitive.SCATTER, ScatterShared.NAME, AlgorithmCalls.Rooted.SCATTER_SHARED);
        nodeAware(Primitive.REDUCE, ReduceShared.NAME, AlgorithmCalls.Reduce.SHARED);
        nodeAware(Primitive.REDUCE_SCATTER, ReduceScatterShared.NAME, AlgorithmCalls.ReduceScatter.SHARED);
        nodeAware(Primitive.SCAN, ScanShared.NAME, AlgorithmCalls.Combine.SCAN_SHARED);

        // Hierarchical: through memory inside each node, by messages among one rank per node; any communicator.
        hierarchical(Primitive.BARRIER, BarrierHierarchical.NAME, AlgorithmCalls.Barrier.HIERARCHICAL);
        hierarchical(Primitive.BCAST, BcastHierarchical.NAME, AlgorithmCalls.Bcast.HIERARCHICAL);
        hierarchical(Primitive.ALLREDUCE, AllreduceHierarchical.NAME, AlgorithmCalls.Combine.ALLREDUCE_HIERARCHICAL);
        hierarchical(Primitive.REDUCE, ReduceHierarchical.NAME, AlgorithmCalls.Reduce.HIERARCHICAL);
        hierarchical(Primitive.GATHER, GatherHierarchical.NAME, AlgorithmCalls.Rooted.GATHER_HIERARCHICAL);
        hierarchical(Primitive.SCATTER, ScatterHierarchical.NAME, AlgorithmCalls.Rooted.SCATTER_HIERARCHICAL);
        hierarchical(Primitive.ALLGATHER, AllgatherHierarchical.NAME, AlgorithmCalls.Exchange.ALLGATHER_HIERARCHICAL);
        hierarchical(Primitive.ALLTOALL, AlltoallHierarchical.NAME, AlgorithmCalls.Exchange.ALLTOALL_HIERARCHICAL);
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
