package org.mpj.bench.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.select.Rule;
import org.mpj.coll.select.Table;

/**
 * Turns measurements into the selector's table. Per primitive and rank count, each measured size gets
 * an algorithm within {@link #SMOOTHING} of its fastest, chosen so that the sizes form as few runs of
 * one algorithm as they can ({@link #winners}: a noisy point, or algorithms within noise of each
 * other, should not cut a range in pieces). Consecutive sizes with the same choice become one byte
 * range, reaching up to the next measured size (the largest is open-ended); consecutive rank counts
 * with the same ranges become one rank range (from 1 below the smallest measured count, open-ended
 * above the largest). A primitive that picks its algorithm whatever the size ({@link Primitive#bySize}
 * false: Barrier, Gatherv, Scatterv, Alltoallv) gets one rule per rank range, the algorithm best over
 * all its sizes ({@link #bestOverall}): per-size rules would be ignored by the selector, which reads
 * the 0-byte one.
 */
public final class TableBuilder {
    /** Relative slack within which an algorithm counts as fast as the fastest at a size. */
    public static final double SMOOTHING = 0.05;

    /** One measured point: average seconds (or any time unit) of one algorithm. */
    public record Point(String key, int ranks, long bytes, String algorithm, double time) {
    }

    private TableBuilder() {
    }

    /** The fastest algorithm per (key, ranks, bytes), before smoothing. */
    public static Map<String, Map<Integer, TreeMap<Long, Map<String, Double>>>> index(List<Point> points) {
        Map<String, Map<Integer, TreeMap<Long, Map<String, Double>>>> m = new TreeMap<>();
        for (Point p : points) {
            m.computeIfAbsent(p.key(), k -> new TreeMap<>()).computeIfAbsent(p.ranks(), k -> new TreeMap<>())
                    .computeIfAbsent(p.bytes(), k -> new TreeMap<>()).merge(p.algorithm(), p.time(), Math::min);
        }
        return m;
    }

    static String fastest(Map<String, Double> times) {
        return times.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    /**
     * The choice of one (key, ranks) per size: the sizes are cut into as few runs as can each be given
     * one algorithm within {@link #SMOOTHING} of the fastest at every size of the run (scanning up from
     * the smallest size, each run as long as it can be), and a run takes the algorithm of that kind
     * closest to the fastest over it (by the geometric mean of its ratios). Where one algorithm wins
     * clearly, its sizes are a run of their own; where several are within noise of each other, the
     * table does not switch between them from one size to the next.
     */
    static List<String> winners(TreeMap<Long, Map<String, Double>> bySize) {
        List<Map<String, Double>> times = new ArrayList<>(bySize.values());
        List<String> w = new ArrayList<>();
        for (int i = 0; i < times.size(); ) {
            List<String> close = closeTo(times.get(i));
            int end = i + 1;
            for (; end < times.size(); end++) {
                List<String> still = new ArrayList<>(close);
                still.retainAll(closeTo(times.get(end)));
                if (still.isEmpty()) {
                    break;
                }
                close = still;
            }
            String pick = closest(times.subList(i, end), close);
            for (; i < end; i++) {
                w.add(pick);
            }
        }
        return w;
    }

    /** The algorithms within {@link #SMOOTHING} of the fastest at one size. */
    private static List<String> closeTo(Map<String, Double> times) {
        double limit = times.get(fastest(times)) * (1 + SMOOTHING);
        List<String> close = new ArrayList<>();
        times.forEach((alg, time) -> {
            if (time <= limit) {
                close.add(alg);
            }
        });
        return close;
    }

    /**
     * Of {@code candidates} (each measured at every size of {@code run}), the one with the smallest
     * geometric mean of its ratios to the fastest over the run; null if there are none.
     */
    private static String closest(List<Map<String, Double>> run, List<String> candidates) {
        double[] logs = new double[candidates.size()];
        for (Map<String, Double> t : run) {
            double best = t.get(fastest(t));
            for (int k = 0; k < logs.length; k++) {
                logs[k] += Math.log(t.get(candidates.get(k)) / best);
            }
        }
        int pick = -1;
        for (int k = 0; k < logs.length; k++) {
            if (pick < 0 || logs[k] < logs[pick]) {
                pick = k;
            }
        }
        return pick < 0 ? null : candidates.get(pick);
    }

    /**
     * For a primitive that picks one algorithm whatever the size: the algorithm measured at every size
     * whose times are closest to each size's fastest, by the geometric mean of their ratios.
     */
    public static String bestOverall(TreeMap<Long, Map<String, Double>> bySize) {
        List<Map<String, Double>> all = new ArrayList<>(bySize.values());
        List<String> everywhere = new ArrayList<>();
        for (String alg : all.get(0).keySet()) {
            if (all.stream().allMatch(t -> t.containsKey(alg))) {
                everywhere.add(alg);
            }
        }
        String pick = closest(all, everywhere);
        return pick != null ? pick : fastest(all.get(0));
    }

    public static Table build(List<Point> points) {
        return build(points, null);
    }

    /**
     * The table of {@code points}, every rule limited to communicators placed as the measured ones
     * were ({@code shm:} for thread ranks of one JVM, {@code tcp:} for a JVM per rank); null: no limit.
     * A table tuned on one device then leaves the other devices' communicators to the lines after it.
     */
    public static Table build(List<Point> points, Placement where) {
        List<Rule> rules = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, TreeMap<Long, Map<String, Double>>>> byKey : index(points).entrySet()) {
            Primitive prim = Objects.requireNonNull(Primitive.ofKey(byKey.getKey()), "unknown primitive " + byKey.getKey());
            List<Integer> rankCounts = new ArrayList<>(byKey.getValue().keySet());
            List<List<long[]>> rangesPerRanks = new ArrayList<>();
            List<List<String>> namesPerRanks = new ArrayList<>();
            for (int ranks : rankCounts) {
                TreeMap<Long, Map<String, Double>> bySize = byKey.getValue().get(ranks);
                if (!prim.bySize) {
                    rangesPerRanks.add(List.of(new long[] {0, Rule.ANY_BYTES}));
                    namesPerRanks.add(List.of(bestOverall(bySize)));
                    continue;
                }
                List<Long> sizes = new ArrayList<>(bySize.keySet());
                List<String> w = winners(bySize);
                List<long[]> ranges = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (int i = 0; i < sizes.size(); i++) {
                    long hi = i + 1 < sizes.size() ? sizes.get(i + 1) - 1 : Rule.ANY_BYTES;
                    long lo = i == 0 ? 0 : sizes.get(i);
                    if (!names.isEmpty() && names.get(names.size() - 1).equals(w.get(i))) {
                        ranges.get(ranges.size() - 1)[1] = hi;
                    } else {
                        ranges.add(new long[] {lo, hi});
                        names.add(w.get(i));
                    }
                }
                rangesPerRanks.add(ranges);
                namesPerRanks.add(names);
            }
            for (int i = 0; i < rankCounts.size(); ) {
                int j = i;
                while (j + 1 < rankCounts.size() && same(rangesPerRanks.get(j + 1), rangesPerRanks.get(i))
                        && namesPerRanks.get(j + 1).equals(namesPerRanks.get(i))) {
                    j++;
                }
                int lo = i == 0 ? 1 : rankCounts.get(i);
                int hi = j + 1 < rankCounts.size() ? rankCounts.get(j + 1) - 1 : Rule.ANY_RANKS;
                List<long[]> ranges = rangesPerRanks.get(i);
                for (int k = 0; k < ranges.size(); k++) {
                    Rule r = new Rule(prim, lo, hi, ranges.get(k)[0], ranges.get(k)[1], namesPerRanks.get(i).get(k));
                    rules.add(where == null ? r : r.only(where));
                }
                i = j + 1;
            }
        }
        return new Table(rules);
    }

    /**
     * {@link #build} of measurements some of which ran more ranks than this host's {@code cores} (thread
     * ranks, or a JVM each, all on this host): their rank counts make rules of their own, marked
     * oversubscribed, ahead of the others' in each primitive; and the others' largest rank count is no
     * longer open-ended, since what won where every rank had a core of this host is not known to win with
     * more ranks on a host of more cores (8 thread ranks on 16 cores: the shared Allgather and Alltoall
     * 2-5x faster than the message algorithms that win with 8 ranks on 2 cores; 4 tcp JVMs on 16 cores:
     * Rabenseifner's Allreduce of 64 KiB-1 MiB 1.5-1.8x faster than the Reduce+Bcast that wins with
     * them on 2). Without such measurements, {@link #build}.
     */
    public static Table build(List<Point> points, Placement where, int cores) {
        List<Point> over = points.stream().filter(p -> p.ranks() > cores).toList();
        if (over.isEmpty()) {
            return build(points, where);
        }
        List<Point> under = points.stream().filter(p -> p.ranks() <= cores).toList();
        int top = under.stream().mapToInt(Point::ranks).max().orElse(0);
        Map<Primitive, List<Rule>> byPrimitive = new LinkedHashMap<>();
        for (Rule r : build(over, where).rules()) {
            byPrimitive.computeIfAbsent(r.primitive(), k -> new ArrayList<>()).add(r.whenOversubscribed());
        }
        for (Rule r : build(under, where).rules()) {
            byPrimitive.computeIfAbsent(r.primitive(), k -> new ArrayList<>())
                    .add(r.ranksHi() == Rule.ANY_RANKS ? r.ranks(r.ranksLo(), top) : r);
        }
        List<Rule> rules = new ArrayList<>();
        byPrimitive.values().forEach(rules::addAll);
        return new Table(rules);
    }

    private static boolean same(List<long[]> a, List<long[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i)[0] != b.get(i)[0] || a.get(i)[1] != b.get(i)[1]) {
                return false;
            }
        }
        return true;
    }
}
