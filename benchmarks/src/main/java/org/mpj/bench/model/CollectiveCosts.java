package org.mpj.bench.model;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Predicted time of each modelled collective algorithm, after the cost analysis of Pješivac-Grbović
 * et al., "Performance analysis of MPI collective operations" (Cluster Computing, 2007), whose tables
 * give each algorithm's time under Hockney's model, LogP/LogGP and PLogP. Here the point-to-point model
 * enters as {@link PointToPoint#message} (one message end to end) and {@link PointToPoint#interval}
 * (consecutive sends from one process), so one formula per algorithm yields all three models: with
 * Hockney the two are α + β·m and the formulas reduce to the familiar closed forms (flat tree
 * (p−1)(α+βm), pipeline (p+n_s−2)(α+βm_s), binary tree 2(⌈log2(p+1)⌉+n_s−2)(α+βm_s), …; see the
 * tests); with PLogP the flat tree is L + (p−1)·g(m) and the pipeline (p−1)·L + (p+n_s−2)·g(m_s).
 * Barrier, broadcast and reduce follow the paper's algorithms, segmented as it segments them (n_s
 * segments of m_s bytes); the other primitives are the same reasoning applied to their usual
 * algorithms. The paper's text could not be consulted from this machine: the formulas are derived
 * from that reasoning, not copied, and the tests pin the closed forms above.
 *
 * <p>Beyond the paper, {@code shared} stands for MPJ's node-aware algorithms, in which the ranks of one
 * JVM meet on a shared board and copy straight out of each other's arrays: two synchronisations (one
 * 0-byte message time each: a flag written and seen) plus the bytes each rank copies, costed at the
 * model's time per byte (message(m) − message(0)), which on the shm device is the memory copy.
 *
 * <p>m is the selector's message size (see {@code org.mpj.coll.select.MessageSize}); γ the seconds per
 * byte of applying the reduction operator.
 */
public final class CollectiveCosts {
    /** Algorithms each primitive's model knows, by model name. */
    public static final Map<String, List<String>> ALGORITHMS = Map.ofEntries(
            Map.entry("barrier", List.of("linear", "doublering", "recursivedoubling", "bruck", "tree", "shared")),
            Map.entry("bcast", List.of("linear", "chain", "binary", "binomial", "splitbinary", "scatterallgather", "shared")),
            Map.entry("reduce", List.of("linear", "chain", "binary", "binomial")),
            Map.entry("allreduce", List.of("recursivedoubling", "ring", "reducebcast", "rabenseifner", "shared")),
            Map.entry("gather", List.of("linear", "binomial")),
            Map.entry("gatherv", List.of("linear", "binomial")),
            Map.entry("scatter", List.of("linear", "binomial")),
            Map.entry("scatterv", List.of("linear", "binomial")),
            Map.entry("allgather", List.of("ring", "recursivedoubling", "bruck", "gatherbcast", "shared")),
            Map.entry("allgatherv", List.of("ring", "recursivedoubling", "bruck", "gatherbcast")),
            Map.entry("alltoall", List.of("linear", "pairwise", "bruck", "shared")),
            Map.entry("alltoallv", List.of("linear", "pairwise")),
            Map.entry("reduce_scatter", List.of("reducescatterv", "recursivehalving", "ring")),
            Map.entry("scan", List.of("linear", "recursivedoubling")));

    /**
     * Names MPJ's catalog (after Taboada et al. and Open MPI) and MPJ Express use for the same
     * algorithms: BT/MST binomial trees, bFT/nbFT flat trees (blocking or not), BDE bidirectional
     * exchange (recursive doubling), BKT bucket (ring), and the compositions.
     */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("mst", "binomial"), Map.entry("bt", "binomial"), Map.entry("binomialtree", "binomial"),
            Map.entry("segbinomial", "binomial"), Map.entry("ft", "linear"), Map.entry("bft", "linear"),
            Map.entry("nbft", "linear"), Map.entry("nb1ft", "linear"), Map.entry("nb2ft", "linear"), Map.entry("flat", "linear"),
            Map.entry("flattree", "linear"), Map.entry("basiclinear", "linear"), Map.entry("pipeline", "chain"),
            Map.entry("kchain", "chain"), Map.entry("bkt", "ring"), Map.entry("bbkt", "ring"), Map.entry("bucket", "ring"),
            Map.entry("nbbkt", "ring"), Map.entry("bde", "recursivedoubling"), Map.entry("bbde", "recursivedoubling"),
            Map.entry("nbbde", "recursivedoubling"), Map.entry("dissemination", "bruck"), Map.entry("rd", "recursivedoubling"),
            Map.entry("rsag", "rabenseifner"), Map.entry("reducescatterallgather", "rabenseifner"),
            Map.entry("reduceplusbcast", "reducebcast"), Map.entry("gatherplusbcast", "gatherbcast"),
            Map.entry("reduceplusscatterv", "reducescatterv"));

    /** Per primitive, model names that differ from the general alias (a binomial barrier is the tree barrier). */
    private static final Map<String, String> KEY_ALIASES = Map.of(
            "barrier:binomial", "tree", "reduce_scatter:recursivedoubling", "recursivehalving", "scan:ring", "linear");

    private final PointToPoint p2p;
    private final double gammaPerByte;
    private final double segmentBytes;

    /**
     * @param segmentBytes the segment size of segmented algorithms; 0 sends each message whole
     */
    public CollectiveCosts(PointToPoint p2p, double gammaPerByte, double segmentBytes) {
        this.p2p = p2p;
        this.gammaPerByte = gammaPerByte;
        this.segmentBytes = segmentBytes;
    }

    /** The model's name for a catalog name (lower case, letters and digits, aliases resolved). */
    public static String modelName(String catalogName) {
        String n = catalogName.toLowerCase(Locale.ROOT).replace("+", "plus").replaceAll("[^a-z0-9]", "");
        return ALIASES.getOrDefault(n, n);
    }

    /** The model's name of a catalog algorithm of primitive {@code key}. */
    static String modelName(String key, String catalogName) {
        String n = modelName(catalogName);
        return KEY_ALIASES.getOrDefault(key + ":" + n, n);
    }

    /** True when the model has a formula for this algorithm of the primitive. */
    public static boolean knows(String key, String catalogName) {
        return ALGORITHMS.getOrDefault(key, List.of()).contains(modelName(key, catalogName));
    }

    /** Predicted seconds; NaN where the model has no formula for the algorithm. */
    public double time(String key, String catalogName, int ranks, double m) {
        if (ranks <= 1) {
            return 0;
        }
        String a = modelName(key, catalogName);
        int p = ranks;
        switch (key) {
            case "barrier": return barrier(a, p);
            case "bcast": return bcast(a, p, m);
            case "reduce": return reduce(a, p, m);
            case "allreduce": return allreduce(a, p, m);
            case "gather": case "gatherv": case "scatter": case "scatterv": return rooted(a, p, m);
            case "allgather": case "allgatherv": return allgather(a, p, m);
            case "alltoall": case "alltoallv": return alltoall(a, p, m);
            case "reduce_scatter": return reduceScatter(a, p, m);
            case "scan": return scan(a, p, m);
            default: return Double.NaN;
        }
    }

    private double msg(double m) {
        return p2p.message(m);
    }

    private double gap(double m) {
        return p2p.interval(m);
    }

    static int log2(int p) {
        return ScalingFit.ceilLog2(p);
    }

    private static boolean powerOfTwo(int p) {
        return (p & (p - 1)) == 0;
    }

    /** Segments of a message of m bytes: n_s, at least 1. */
    private int segments(double m) {
        return segmentBytes <= 0 || m <= segmentBytes ? 1 : (int) Math.ceil(m / segmentBytes);
    }

    /** Root sends p − 1 messages back to back: the last leaves after p − 2 intervals and arrives one message later. */
    private double flat(int p, double m) {
        return (p - 2) * gap(m) + msg(m);
    }

    /** Two synchronisations on the shared board and {@code bytes} copied by each rank. */
    private double sharedCopy(double bytes) {
        return 2 * msg(0) + (msg(bytes) - msg(0));
    }

    /** Depth of the complete binary tree of p nodes. */
    private static int binaryDepth(int p) {
        return Math.max(1, log2(p + 1) - 1);
    }

    private double barrier(String a, int p) {
        switch (a) {
            case "linear": return 2 * flat(p, 0);                       // fan-in to the root, fan-out
            case "doublering": return 2 * p * msg(0);                   // a token twice round the ring
            case "recursivedoubling": return (log2(p) + (powerOfTwo(p) ? 0 : 2)) * msg(0);
            case "bruck": return log2(p) * msg(0);                      // ⌈log2 p⌉ rounds of send-and-receive
            case "tree": return 2 * log2(p) * msg(0);                   // binomial fan-in then fan-out
            case "shared": return 2 * msg(0);
            default: return Double.NaN;
        }
    }

    private double bcast(String a, int p, double m) {
        int ns = segments(m);
        double ms = m / ns;
        switch (a) {
            case "linear": return flat(p, m);
            // The first segment crosses p − 1 links; each further one follows an interval behind.
            case "chain": return (p - 1) * msg(ms) + (ns - 1) * gap(ms);
            // Each inner node forwards every segment to two children.
            case "binary": return p == 2 ? msg(ms) + (ns - 1) * gap(ms) : binaryDepth(p) * (gap(ms) + msg(ms)) + 2 * (ns - 1) * gap(ms);
            // ⌈log2 p⌉ hops to the deepest rank; the root sends every segment ⌈log2 p⌉ times.
            case "binomial": return log2(p) * msg(ms) + (ns - 1) * log2(p) * gap(ms);
            // Each half of the message down one subtree, then the halves swapped between pairs.
            case "splitbinary": return p <= 3 ? bcast("binary", p, m) : bcastHalf(p, m) + msg(m / 2);
            // Van de Geijn: binomial scatter, then ring allgather of the p blocks.
            case "scatterallgather": return scatterBinomial(p, m / p) + (p - 1) * msg(m / p);
            case "shared": return sharedCopy(m);                        // every rank copies m from the root's array
            default: return Double.NaN;
        }
    }

    private double bcastHalf(int p, double m) {
        CollectiveCosts half = new CollectiveCosts(p2p, gammaPerByte, segmentBytes);
        return half.bcast("binary", (p + 1) / 2, m / 2);
    }

    /** Binomial scatter of blocks of b bytes: the root's halves cross ⌈log2 p⌉ rounds, each half the size. */
    private double scatterBinomial(int p, double b) {
        double t = 0;
        for (int k = log2(p) - 1; k >= 0; k--) {
            t += msg(b * Math.min(1 << k, Math.max(1, p - (1 << k))));
        }
        return t;
    }

    private double reduce(String a, int p, double m) {
        int ns = segments(m);
        double ms = m / ns, g = gammaPerByte;
        switch (a) {
            case "linear": return flat(p, m) + (p - 1) * g * m;
            case "chain": return (p - 1) * (msg(ms) + g * ms) + (ns - 1) * (gap(ms) + g * ms);
            case "binary": return p == 2 ? msg(ms) + g * ms + (ns - 1) * (gap(ms) + g * ms)
                    : binaryDepth(p) * (gap(ms) + msg(ms) + 2 * g * ms) + 2 * (ns - 1) * (gap(ms) + g * ms);
            case "binomial": return log2(p) * (msg(ms) + g * ms) + (ns - 1) * log2(p) * (gap(ms) + g * ms);
            default: return Double.NaN;
        }
    }

    private double allreduce(String a, int p, double m) {
        double g = gammaPerByte;
        switch (a) {
            case "recursivedoubling": return log2(p) * (msg(m) + g * m) + (powerOfTwo(p) ? 0 : 2 * msg(m));
            case "ring": return 2 * (p - 1) * msg(m / p) + (p - 1) * g * m / p;
            case "reducebcast": return reduce("binomial", p, m) + bcast("binomial", p, m);
            // each rank folds its slice of all p vectors (m bytes read), then copies the whole result
            case "shared": return sharedCopy(2 * m) + g * m;
            case "rabenseifner": {
                double t = 0;
                for (int k = 1; k <= log2(p); k++) {
                    t += 2 * msg(m / (1 << k));
                }
                return t + g * m * (p - 1) / p + (powerOfTwo(p) ? 0 : 2 * msg(m));
            }
            default: return Double.NaN;
        }
    }

    /** Gather and scatter (and their v-forms) with blocks of m bytes per rank. */
    private double rooted(String a, int p, double m) {
        switch (a) {
            case "linear": return flat(p, m);
            case "binomial": return scatterBinomial(p, m);
            default: return Double.NaN;
        }
    }

    private double allgather(String a, int p, double m) {
        switch (a) {
            case "ring": return (p - 1) * msg(m);
            case "recursivedoubling": {
                double t = 0;
                for (int k = 0; (1 << k) < p; k++) {
                    t += msg(m * (1 << k));
                }
                return t + (powerOfTwo(p) ? 0 : 2 * msg(m * p));
            }
            case "bruck": {
                double t = 0;
                for (int k = 0; (1 << k) < p; k++) {
                    t += msg(m * Math.min(1 << k, p - (1 << k)));
                }
                return t;
            }
            case "gatherbcast": return scatterBinomial(p, m) + bcast("binomial", p, m * p);
            case "shared": return sharedCopy(m * p);                    // every rank copies all p blocks
            default: return Double.NaN;
        }
    }

    private double alltoall(String a, int p, double m) {
        switch (a) {
            case "linear": return flat(p, m) + (p - 2) * gap(m);   // p − 1 sends and p − 1 receives per rank
            case "pairwise": return (p - 1) * msg(m);
            case "bruck": return log2(p) * msg(m * p / 2.0);
            case "shared": return sharedCopy(m * p);
            default: return Double.NaN;
        }
    }

    private double reduceScatter(String a, int p, double m) {
        double g = gammaPerByte;
        switch (a) {
            case "reducescatterv": return reduce("binomial", p, m) + flat(p, m / p);
            case "recursivehalving": {
                double t = 0;
                for (int k = 1; k <= log2(p); k++) {
                    t += msg(m / (1 << k));
                }
                return t + g * m * (p - 1) / p;
            }
            case "ring": return (p - 1) * (msg(m / p) + g * m / p);
            default: return Double.NaN;
        }
    }

    private double scan(String a, int p, double m) {
        double g = gammaPerByte;
        switch (a) {
            case "linear": return (p - 1) * (msg(m) + g * m);
            case "recursivedoubling": return log2(p) * (msg(m) + g * m);
            default: return Double.NaN;
        }
    }
}
