package org.mpj.bench.tune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.mpj.bench.suite.Row;

/**
 * The autotuner's measurements over several rounds, compared only within a round. Each round measures
 * all candidates of a primitive and rank count in one job, interleaved, so they met the same machine
 * and the ratio of two of their times is fair; different rounds did not (on a shared VM the host's
 * speed swings 2-5x within minutes), so a time is never compared with another round's. A comparison is
 * the median over rounds of a ratio taken inside each round: a round that other work upset for one
 * candidate moves it little, and a quiet round of one candidate is never set against a busy round of
 * another (as keeping each candidate's best round did).
 *
 * <p>Rows come in the order the rounds wrote them (as {@code measurements.csv} holds them): the i-th
 * row of a (primitive, ranks, bytes, candidate) is from round i.
 */
public final class Rounds {
    private Rounds() {
    }

    /** One (primitive, ranks, bytes): each candidate's time (us) per round, in round order. */
    public static final class Point {
        private final Map<String, List<Double>> times = new LinkedHashMap<>();

        void add(String candidate, double us) {
            times.computeIfAbsent(candidate, k -> new ArrayList<>()).add(us);
        }

        public boolean has(String candidate) {
            return times.containsKey(candidate);
        }

        public List<String> candidates() {
            return new ArrayList<>(times.keySet());
        }

        /** The candidate's median time over its rounds. */
        public double medianUs(String candidate) {
            return median(times.get(candidate));
        }

        /** Median over rounds of t(a) / t(b), both of one round; NaN where no round measured both. */
        public double ratio(String a, String b) {
            List<Double> ta = times.get(a), tb = times.get(b), r = new ArrayList<>();
            for (int i = 0; i < Math.min(ta.size(), tb.size()); i++) {
                r.add(ta.get(i) / tb.get(i));
            }
            return median(r);
        }

        /**
         * Median over rounds of t(a) / the fastest competitor's time in that round (1 where a round had
         * no other competitor): how far {@code a} is from the best of each round.
         */
        public double ratioToFastest(String a, Predicate<String> competes) {
            List<Double> ta = times.get(a), r = new ArrayList<>();
            for (int i = 0; i < ta.size(); i++) {
                double best = Double.POSITIVE_INFINITY;
                for (Map.Entry<String, List<Double>> e : times.entrySet()) {
                    if (competes.test(e.getKey()) && i < e.getValue().size()) {
                        best = Math.min(best, e.getValue().get(i));
                    }
                }
                r.add(best == Double.POSITIVE_INFINITY ? 1 : ta.get(i) / best);
            }
            return median(r);
        }

        /** The competitor with the lowest {@link #ratioToFastest}; the first of equals in candidate order. */
        public String fastest(Predicate<String> competes) {
            String best = null;
            double bestRatio = Double.MAX_VALUE;
            for (String c : times.keySet()) {
                if (competes.test(c)) {
                    double r = ratioToFastest(c, competes);
                    if (r < bestRatio) {
                        best = c;
                        bestRatio = r;
                    }
                }
            }
            if (best == null) {
                throw new IllegalStateException("no competitor among " + times.keySet());
            }
            return best;
        }
    }

    /**
     * The rows by primitive, rank count and size, each valued by its slowest rank's time ({@code t_max},
     * as the Intel MPI Benchmarks rank collectives): a collective is done when its last rank is, and a
     * program's next step waits for it. The average over ranks favoured algorithms that let most ranks
     * leave early and one rank late (a root that returns once its sends are queued). Verified on thread
     * ranks, 2-8 on 2 cores, the table tuned on the slowest rank was more than 10% behind the best single
     * algorithm at 21 of 1043 points, the one tuned on the average at 36
     * (benchmarks/results/2026-11-26/README.md, shm-tmax-2231).
     */
    public static Map<String, Map<Integer, TreeMap<Long, Point>>> index(List<Row> rows) {
        Map<String, Map<Integer, TreeMap<Long, Point>>> m = new TreeMap<>();
        for (Row r : rows) {
            m.computeIfAbsent(r.test(), k -> new TreeMap<>()).computeIfAbsent(r.ranks(), k -> new TreeMap<>())
                    .computeIfAbsent(r.bytes(), k -> new Point()).add(r.algorithm(), r.maxUs());
        }
        return m;
    }

    /**
     * One table point per candidate that competes, valued by its {@link Point#ratioToFastest}: what
     * {@link TableBuilder} picks the fastest of (it compares values of one point only, so a ratio does).
     */
    public static List<TableBuilder.Point> tablePoints(List<Row> rows, Predicate<String> competes) {
        List<TableBuilder.Point> out = new ArrayList<>();
        index(rows).forEach((key, byRanks) -> byRanks.forEach((p, bySize) -> bySize.forEach((b, pt) -> {
            for (String c : pt.candidates()) {
                if (competes.test(c)) {
                    out.add(new TableBuilder.Point(key, p, b, c, pt.ratioToFastest(c, competes)));
                }
            }
        })));
        return out;
    }

    /** The median; of an even count, the mean of the middle two; NaN of none. */
    static double median(List<Double> xs) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        double[] s = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
