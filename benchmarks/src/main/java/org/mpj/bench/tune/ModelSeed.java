package org.mpj.bench.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.mpj.bench.model.CollectiveCosts;

/**
 * The model-seeded plan for one primitive and rank count: the cost model ranks the catalog's
 * algorithms at every size; only where its predicted winner changes (a switch point) are the sizes on
 * both sides measured, with its two best candidates, and the first and last sizes with its winner, to
 * anchor the ranges. Algorithms the model has no formula for are measured wherever anything is. Sizes
 * not measured keep the model's choice.
 */
public final class ModelSeed {
    /** Candidates measured around a switch point. */
    static final int TOP = 2;

    /** Which algorithm to measure at which sizes, and the model's own choice at every size. */
    public record Plan(Map<String, TreeSet<Long>> measure, Map<Long, String> modelChoice) {
        public int points() {
            return measure.values().stream().mapToInt(TreeSet::size).sum();
        }

        /**
         * The measurements as interleaved jobs: the sizes at which the same candidates are measured, by
         * those candidates (in plan order), so that the candidates of a size are compared inside one job
         * and no point is measured that the plan does not name.
         */
        public Map<List<String>, TreeSet<Long>> jobs() {
            Map<Long, List<String>> bySize = new TreeMap<>();
            measure.forEach((alg, sizes) -> sizes.forEach(s -> bySize.computeIfAbsent(s, k -> new ArrayList<>()).add(alg)));
            Map<List<String>, TreeSet<Long>> jobs = new LinkedHashMap<>();
            bySize.forEach((s, algs) -> jobs.computeIfAbsent(algs, k -> new TreeSet<>()).add(s));
            return jobs;
        }
    }

    private ModelSeed() {
    }

    public static Plan plan(CollectiveCosts costs, String key, int ranks, long[] sizes, List<String> catalog) {
        Map<String, TreeSet<Long>> measure = new LinkedHashMap<>();
        Map<Long, String> choice = new LinkedHashMap<>();
        List<String> known = new ArrayList<>(), unknown = new ArrayList<>();
        for (String a : catalog) {
            (CollectiveCosts.knows(key, a) ? known : unknown).add(a);
        }
        if (catalog.size() <= 1) {
            for (long s : sizes) {
                choice.put(s, catalog.isEmpty() ? "" : catalog.get(0));
            }
            return new Plan(measure, choice);
        }
        List<List<String>> ranked = new ArrayList<>();
        for (long s : sizes) {
            List<String> r = new ArrayList<>(known);
            r.sort(Comparator.comparingDouble(a -> costs.time(key, a, ranks, s)));
            ranked.add(r);
            choice.put(s, r.isEmpty() ? catalog.get(0) : r.get(0));
        }
        for (int i = 0; i < sizes.length; i++) {
            boolean edge = i == 0 || i == sizes.length - 1;
            boolean nearSwitch = (i > 0 && !choice.get(sizes[i]).equals(choice.get(sizes[i - 1])))
                    || (i + 1 < sizes.length && !choice.get(sizes[i]).equals(choice.get(sizes[i + 1])));
            if (known.isEmpty()) {
                nearSwitch = true;
            }
            if (!edge && !nearSwitch) {
                continue;
            }
            List<String> r = ranked.get(i);
            int take = nearSwitch ? Math.min(TOP, r.size()) : Math.min(1, r.size());
            for (String a : r.subList(0, take)) {
                measure.computeIfAbsent(a, k -> new TreeSet<>()).add(sizes[i]);
            }
            if (!unknown.isEmpty() || known.size() == 1) {
                for (String a : unknown) {
                    measure.computeIfAbsent(a, k -> new TreeSet<>()).add(sizes[i]);
                }
            }
        }
        return new Plan(measure, choice);
    }
}
