package org.mpj.coll.select;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpj.coll.allgather.AllgatherRing;
import org.mpj.coll.allgather.AllgathervRing;
import org.mpj.coll.allreduce.AllreduceRecursiveDoubling;
import org.mpj.coll.alltoall.AlltoallPairwise;
import org.mpj.coll.alltoall.AlltoallvPairwise;
import org.mpj.coll.barrier.BarrierDissemination;
import org.mpj.coll.bcast.BcastBinomial;
import org.mpj.coll.bcast.BcastScatterAllgather;
import org.mpj.coll.gather.GatherBinomial;
import org.mpj.coll.node.AllgatherShared;
import org.mpj.coll.node.AllreduceShared;
import org.mpj.coll.node.AlltoallShared;
import org.mpj.coll.node.BarrierShared;
import org.mpj.coll.node.BcastShared;
import org.mpj.coll.gather.GathervLinear;
import org.mpj.coll.reduce.ReduceBinomial;
import org.mpj.coll.reducescatter.ReduceScatterReduceScatterv;
import org.mpj.coll.scan.ScanRecursiveDoubling;
import org.mpj.coll.scatter.ScatterBinomial;
import org.mpj.coll.scatter.ScattervLinear;

/**
 * Every algorithm of every primitive, by the name the table and the {@code mpj.coll.<key>} settings
 * use. The first algorithm registered for a primitive is its default: it runs where no table line
 * matches, so it must be a safe choice at every size.
 */
public final class Catalog {
    private static final Map<Primitive, Map<String, Object>> ALGORITHMS = new EnumMap<>(Primitive.class);
    /** Algorithms that work through the memory of one JVM (org.mpj.coll.node). */
    private static final Set<Object> NODE_AWARE = new HashSet<>();

    static {
        barrier(BarrierDissemination.NAME, BarrierDissemination::barrier);

        bcast(BcastBinomial.NAME, BcastBinomial::bcast);
        bcast(BcastScatterAllgather.NAME, BcastScatterAllgather::bcast);

        rooted(Primitive.GATHER, GatherBinomial.NAME, GatherBinomial::gather);
        gatherv(GathervLinear.NAME, GathervLinear::gatherv);
        rooted(Primitive.SCATTER, ScatterBinomial.NAME, ScatterBinomial::scatter);
        scatterv(ScattervLinear.NAME, ScattervLinear::scatterv);

        exchange(Primitive.ALLGATHER, AllgatherRing.NAME, AllgatherRing::allgather);
        allgatherv(AllgathervRing.NAME, AllgathervRing::allgatherv);
        exchange(Primitive.ALLTOALL, AlltoallPairwise.NAME, AlltoallPairwise::alltoall);
        alltoallv(AlltoallvPairwise.NAME, AlltoallvPairwise::alltoallv);

        reduce(ReduceBinomial.NAME, ReduceBinomial::reduce);
        combine(Primitive.ALLREDUCE, AllreduceRecursiveDoubling.NAME, AllreduceRecursiveDoubling::allreduce);
        reduceScatter(ReduceScatterReduceScatterv.NAME, ReduceScatterReduceScatterv::reduceScatter);
        combine(Primitive.SCAN, ScanRecursiveDoubling.NAME, ScanRecursiveDoubling::scan);

        // Node-aware: through memory where every member is a thread of this JVM, else their fallback.
        nodeAware(Primitive.BARRIER, BarrierShared.NAME, (Algorithm.Barrier) BarrierShared::barrier);
        nodeAware(Primitive.BCAST, BcastShared.NAME, (Algorithm.Bcast) BcastShared::bcast);
        nodeAware(Primitive.ALLGATHER, AllgatherShared.NAME, (Algorithm.Exchange) AllgatherShared::allgather);
        nodeAware(Primitive.ALLTOALL, AlltoallShared.NAME, (Algorithm.Exchange) AlltoallShared::alltoall);
        nodeAware(Primitive.ALLREDUCE, AllreduceShared.NAME, (Algorithm.Combine) AllreduceShared::allreduce);
    }

    private Catalog() {
    }

    /** Names of the algorithms of the primitive with this key, default first; empty for an unknown key. */
    public static List<String> names(String key) {
        Primitive p = Primitive.ofKey(key);
        return p == null ? List.of() : new ArrayList<>(ALGORITHMS.get(p).keySet());
    }

    static List<String> names(Primitive p) {
        return new ArrayList<>(ALGORITHMS.get(p).keySet());
    }

    /** The algorithm called {@code name}, or null. */
    static Object lookup(Primitive p, String name) {
        return ALGORITHMS.get(p).get(name);
    }

    /** True for an algorithm that works through memory shared by the ranks of one JVM. */
    static boolean isNodeAware(Object algorithm) {
        return NODE_AWARE.contains(algorithm);
    }

    static Object defaultAlgorithm(Primitive p) {
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
