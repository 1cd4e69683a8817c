package org.mpj.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.mpj.bench.model.CollectiveCosts;
import org.mpj.bench.model.PointToPoint;
import org.mpj.bench.report.PLogPCsv;
import org.mpj.bench.suite.Row;
import org.mpj.bench.suite.Sizes;
import org.mpj.bench.suite.SuiteOptions;
import org.mpj.bench.tune.Heatmap;
import org.mpj.bench.tune.ModelSeed;
import org.mpj.bench.tune.SuiteJob;
import org.mpj.bench.tune.TableBuilder;
import org.mpj.bench.tune.TableFiles;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Table;

/**
 * The autotuner: measures the collectives' algorithms and writes the selector's table,
 * {@code collectives.properties}, in one of three modes (below).
 * Each point is the suite's per-rank median call (averaged across ranks), so that a call that lost its
 * core to other work does not decide the table.
 * <ul>
 *   <li>{@code exhaustive} (default): every algorithm of the catalog (compositions included, as the
 *       catalog names them) of every primitive, forced by {@code mpj.coll.<key>}, at every rank count
 *       and size, {@code --rounds} times (each point keeps its best round: on a shared machine a round
 *       that other work slowed down says nothing of the algorithm); the fastest per point makes the
 *       table ({@link TableBuilder});</li>
 *   <li>{@code model}: the PLogP cost model (from a {@code PLogPMeasure --csv} file) ranks the
 *       algorithms; only its top candidates around its switch points are measured ({@link ModelSeed}).
 *       Given the exhaustive run's measurements ({@code --exhaustive}), it reports the time saved and the
 *       penalty of its table, T(its choice)/T(best) − 1 per point, as CSV and a heat map;</li>
 *   <li>{@code verify}: measures, in one run, every algorithm forced, the given table and the shipped
 *       default table at every point, and reports the table's worst ratio to the best single
 *       algorithm and where it beats the default.</li>
 * </ul>
 *
 * <pre>
 * benchmarks/scripts/bench Autotune [--mode exhaustive|model|verify] [--ranks 2,3,4] [--oversubscribe]
 *     [--sizes 0-1M:4] [--primitives LIST] [--reps N] [--dev shm|tcp] [--out DIR]
 *     [--plogp CSV] [--exhaustive CSV] [--segment-bytes N] [--table FILE] [--rounds N]
 * </pre>
 */
public final class Autotune {
    static final String USAGE = "Autotune [--mode exhaustive|model|verify] [--ranks LIST] [--oversubscribe] [--sizes SPEC]"
            + " [--primitives LIST] [--reps N] [--dev shm|tcp] [--out DIR] [--plogp CSV] [--exhaustive CSV]"
            + " [--segment-bytes N] [--table FILE] [--rounds N]";
    /** The verify mode's bound: the tuned table may be at most this much slower than the best single algorithm. */
    static final double VERIFY_LIMIT = 0.10;

    String mode = "exhaustive", dev = "shm", sizesSpec = "0-1M:4";
    List<Integer> ranks;
    boolean oversubscribe;
    List<String> primitives = SuiteOptions.COLLECTIVES;
    int reps = 100;
    /** Rounds of every mode; each point keeps its best round. */
    int rounds = 2;
    double segmentBytes;
    Path out = Path.of("benchmarks/target/tune"), plogp, exhaustive, table;

    public static void main(String[] args) {
        Autotune a;
        try {
            a = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("Autotune: " + e.getMessage() + "\nusage: " + USAGE);
            System.exit(2);
            return;
        }
        a.run();
    }

    static Autotune parse(String... args) {
        Autotune a = new Autotune();
        int cores = Runtime.getRuntime().availableProcessors();
        String ranksSpec = null;
        for (int i = 0; i < args.length; i++) {
            String o = args[i];
            if (o.equals("--oversubscribe")) {
                a.oversubscribe = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(o + " needs a value");
            }
            String v = args[++i];
            switch (o) {
                case "--mode":
                    if (!List.of("exhaustive", "model", "verify").contains(v)) {
                        throw new IllegalArgumentException("--mode: '" + v + "' is not exhaustive, model or verify");
                    }
                    a.mode = v;
                    break;
                case "--ranks": ranksSpec = v; break;
                case "--sizes": Sizes.parse(v); a.sizesSpec = v; break;
                case "--primitives": a.primitives = SuiteOptions.parse("--tests", v).tests.stream()
                        .filter(SuiteOptions.COLLECTIVES::contains).collect(Collectors.toList()); break;
                case "--reps": a.reps = positive(o, v); break;
                case "--rounds": a.rounds = positive(o, v); break;
                case "--segment-bytes": a.segmentBytes = positive(o, v); break;
                case "--dev":
                    if (!v.equals("shm") && !v.equals("tcp")) {
                        throw new IllegalArgumentException("--dev: '" + v + "' is not shm or tcp");
                    }
                    a.dev = v;
                    break;
                case "--out": a.out = Path.of(v); break;
                case "--plogp": a.plogp = existing(o, v); break;
                case "--exhaustive": a.exhaustive = existing(o, v); break;
                case "--table": a.table = existing(o, v); break;
                default: throw new IllegalArgumentException("unknown option '" + o + "'");
            }
        }
        a.ranks = ranksSpec == null ? defaultRanks(cores, a.oversubscribe) : ranks(ranksSpec);
        for (int r : a.ranks) {
            if (r > cores && !a.oversubscribe) {
                throw new IllegalArgumentException("--ranks: " + r + " ranks on " + cores + " cores; add --oversubscribe to measure beyond the cores");
            }
        }
        if (a.mode.equals("model") && a.plogp == null) {
            throw new IllegalArgumentException("--mode model needs --plogp CSV (from PLogPMeasure --csv)");
        }
        if (a.mode.equals("verify") && a.table == null) {
            throw new IllegalArgumentException("--mode verify needs --table FILE");
        }
        return a;
    }

    static List<Integer> defaultRanks(int cores, boolean oversubscribe) {
        List<Integer> r = new ArrayList<>();
        for (int p = 2; p <= Math.max(2, oversubscribe ? Math.max(8, cores) : cores); p++) {
            r.add(p);
        }
        return r;
    }

    static List<Integer> ranks(String spec) {
        TreeSet<Integer> r = new TreeSet<>();
        for (String item : spec.split(",")) {
            String[] lh = item.trim().split("-", -1);
            try {
                int lo = Integer.parseInt(lh[0]), hi = lh.length > 1 ? Integer.parseInt(lh[1]) : lo;
                if (lo < 2 || hi < lo || lh.length > 2) {
                    throw new NumberFormatException();
                }
                for (int p = lo; p <= hi; p++) {
                    r.add(p);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--ranks: '" + item.trim() + "' is not a rank count >= 2 or a range lo-hi");
            }
        }
        return new ArrayList<>(r);
    }

    private static int positive(String option, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the sentence below says it
        }
        throw new IllegalArgumentException(option + ": '" + v + "' is not a whole number > 0");
    }

    private static Path existing(String option, String v) {
        Path p = Path.of(v);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(option + ": no such file " + v);
        }
        return p;
    }

    void run() {
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out + ": " + e.getMessage(), e);
        }
        switch (mode) {
            case "model": model(); break;
            case "verify": verify(); break;
            default: exhaustive(); break;
        }
    }

    /** Suite arguments for one key at the given sizes. */
    private List<String> suiteArgs(String key, String algorithm, String sizes) {
        return List.of("--tests", key, "--sizes", sizes, "--reps", Integer.toString(reps), "--label", algorithm, "--stat", "median");
    }

    private int jobs;
    private int jobsTotal;

    private List<Row> measure(String key, String algorithm, int p, String sizes, Map<String, String> settings) {
        long t0 = System.nanoTime();
        List<Row> rows = SuiteJob.run(p, dev, settings, suiteArgs(key, algorithm, sizes));
        jobs++;
        System.err.printf(Locale.ROOT, "[autotune %d/%d] %s %s, %d ranks: %d points, %.1f s%n", jobs, jobsTotal, key, algorithm, p,
                rows.size(), (System.nanoTime() - t0) / 1e9);
        return rows;
    }

    /**
     * Where the measured ranks sit: threads of one JVM (one node) on shm, a node each on tcp. Only the
     * algorithms a table rule may select there are measured.
     */
    private Placement placement() {
        return dev.equals("tcp") ? Placement.NODE_PER_RANK : Placement.ONE_NODE;
    }

    private void exhaustive() {
        long t0 = System.nanoTime();
        jobsTotal = primitives.stream().mapToInt(k -> Catalog.names(k, placement()).size()).sum() * ranks.size() * rounds;
        List<Row> all = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (String key : primitives) {
                for (String alg : Catalog.names(key, placement())) {
                    for (int p : ranks) {
                        all.addAll(measure(key, alg, p, sizesSpec, Map.of("mpj.coll." + key, alg)));
                    }
                }
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        writeRows(out.resolve("measurements.csv"), all);
        writeString(out.resolve("wall-seconds.txt"), String.format(Locale.ROOT, "%.1f%n", wall));
        Table t = TableBuilder.build(points(all));
        Path file = out.resolve("collectives.properties");
        TableFiles.write(t, file, "Written by the MPJ autotuner (exhaustive), device " + dev + ", ranks " + ranks + ", sizes "
                + sizesSpec + ", " + reps + " repetitions, best of " + rounds + " rounds.\nThe fastest measured algorithm per point;"
                + " use with -Dmpj.coll.table=" + file);
        System.err.printf(Locale.ROOT, "[autotune] %d points in %.1f s; table %s (%d lines)%n", all.size(), wall, file, t.rules().size());
        System.out.print(readString(file));
    }

    private void model() {
        CollectiveCosts costs = new CollectiveCosts(PointToPoint.pLogP(PLogPCsv.read(plogp)), 0, segmentBytes);
        long[] sizes = java.util.Arrays.stream(Sizes.parse(sizesSpec)).asLongStream().toArray();
        long t0 = System.nanoTime();
        Map<String, ModelSeed.Plan> plans = new LinkedHashMap<>();
        for (String key : primitives) {
            for (int p : ranks) {
                // A barrier has one size, 0 bytes.
                plans.put(key + "." + p, ModelSeed.plan(costs, key, p, key.equals("barrier") ? new long[] {0} : sizes, Catalog.names(key, placement())));
            }
        }
        jobsTotal = plans.values().stream().mapToInt(pl -> pl.measure().size()).sum() * rounds;
        List<Row> measured = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, ModelSeed.Plan> e : plans.entrySet()) {
                String key = e.getKey().substring(0, e.getKey().lastIndexOf('.'));
                int p = Integer.parseInt(e.getKey().substring(e.getKey().lastIndexOf('.') + 1));
                for (Map.Entry<String, TreeSet<Long>> m : e.getValue().measure().entrySet()) {
                    String list = m.getValue().stream().map(String::valueOf).collect(Collectors.joining(","));
                    measured.addAll(measure(key, m.getKey(), p, list, Map.of("mpj.coll." + key, m.getKey())));
                }
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        // The table: the fastest measured candidate where any was measured, the model's choice elsewhere.
        List<TableBuilder.Point> pts = new ArrayList<>();
        Map<String, Map<Long, String>> measuredBest = new TreeMap<>();
        for (TableBuilder.Point pt : points(measured)) {
            pts.add(pt);
        }
        TableBuilder.index(pts).forEach((key, byRanks) -> byRanks.forEach((p, bySize) -> bySize.forEach((b, times) ->
                measuredBest.computeIfAbsent(key + "." + p, k -> new TreeMap<>()).put(b,
                        times.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey()))));
        List<TableBuilder.Point> decided = new ArrayList<>();
        Map<String, Map<Long, String>> choice = new LinkedHashMap<>();
        plans.forEach((kp, plan) -> {
            String key = kp.substring(0, kp.lastIndexOf('.'));
            int p = Integer.parseInt(kp.substring(kp.lastIndexOf('.') + 1));
            for (long b : key.equals("barrier") ? new long[] {0} : sizes) {
                String c = measuredBest.getOrDefault(kp, Map.of()).getOrDefault(b, plan.modelChoice().get(b));
                choice.computeIfAbsent(kp, k -> new LinkedHashMap<>()).put(b, c);
                decided.add(new TableBuilder.Point(key, p, b, c, 1));
            }
        });
        Table t = TableBuilder.build(decided);
        Path file = out.resolve("collectives-model.properties");
        TableFiles.write(t, file, "Written by the MPJ autotuner (model-seeded: PLogP from " + plogp + "), device " + dev + ", ranks " + ranks
                + ", sizes " + sizesSpec + ".\nThe fastest of the model's candidates where measured, the model's choice elsewhere.");
        writeRows(out.resolve("measurements-model.csv"), measured);
        int planned = plans.values().stream().mapToInt(ModelSeed.Plan::points).sum();
        System.err.printf(Locale.ROOT, "[autotune] model-seeded: %d points measured in %.1f s; table %s%n", planned, wall, file);
        if (exhaustive != null) {
            penalty(choice, sizes, wall, planned);
        }
        System.out.print(readString(file));
    }

    /** T(choice)/T(best) − 1 per point against the exhaustive measurements, as CSV and heat map, and the time saved. */
    private void penalty(Map<String, Map<Long, String>> choice, long[] sizes, double wall, int planned) {
        List<Row> ex = Report.readRows(List.of(exhaustive));
        Map<String, Map<Integer, TreeMap<Long, Map<String, Double>>>> idx = TableBuilder.index(points(ex));
        List<String> rows = new ArrayList<>(choice.keySet());
        List<String> cols = java.util.Arrays.stream(sizes).mapToObj(Sizes::label).collect(Collectors.toList());
        double[][] pen = new double[rows.size()][sizes.length];
        StringBuilder csv = new StringBuilder("key,ranks,bytes,choice,best,t_choice_us,t_best_us,penalty\n");
        double worst = 0, sum = 0;
        int n = 0;
        for (int r = 0; r < rows.size(); r++) {
            String kp = rows.get(r), key = kp.substring(0, kp.lastIndexOf('.'));
            int p = Integer.parseInt(kp.substring(kp.lastIndexOf('.') + 1));
            for (int c = 0; c < sizes.length; c++) {
                Map<String, Double> times = idx.getOrDefault(key, Map.of()).getOrDefault(p, new TreeMap<>()).get(sizes[c]);
                String ch = choice.get(kp).get(sizes[c]);
                if (times == null || !times.containsKey(ch)) {
                    pen[r][c] = Double.NaN;
                    continue;
                }
                Map.Entry<String, Double> best = times.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
                double x = times.get(ch) / best.getValue() - 1;
                pen[r][c] = 100 * x;
                worst = Math.max(worst, x);
                sum += x;
                n++;
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%s,%s,%.3f,%.3f,%.4f%n", key, p, sizes[c], ch, best.getKey(),
                        times.get(ch), best.getValue(), x));
            }
        }
        writeString(out.resolve("penalty.csv"), csv.toString());
        Heatmap.write(out.resolve("penalty.png"), "model-seeded table: T(choice)/T(best) - 1 [%]", rows, cols, pen);
        double exWall = Double.NaN;
        Path wallFile = exhaustive.resolveSibling("wall-seconds.txt");
        if (Files.isRegularFile(wallFile)) {
            exWall = Double.parseDouble(readString(wallFile).trim());
        }
        String summary = String.format(Locale.ROOT, "model-seeded: %d points (exhaustive: %d), %.1f s (exhaustive: %.1f s, %.0f%% saved);"
                        + " penalty over %d points: mean %.1f%%, worst %.1f%%%n", planned, ex.size(), wall, exWall,
                100 * (1 - wall / exWall), n, n == 0 ? 0 : 100 * sum / n, 100 * worst);
        writeString(out.resolve("model-summary.txt"), summary);
        System.err.print("[autotune] " + summary);
    }

    private void verify() {
        Table tuned = TableFiles.read(table);
        jobsTotal = primitives.stream().mapToInt(k -> Catalog.names(k, placement()).size() + 2).sum() * ranks.size() * rounds;
        List<Row> all = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (String key : primitives) {
                for (int p : ranks) {
                    for (String alg : Catalog.names(key, placement())) {
                        all.addAll(measure(key, alg, p, sizesSpec, Map.of("mpj.coll." + key, alg)));
                    }
                    all.addAll(measure(key, "tuned", p, sizesSpec, Map.of("mpj.coll.table", table.toAbsolutePath().toString())));
                    all.addAll(measure(key, "default", p, sizesSpec, Map.of()));
                }
            }
        }
        writeRows(out.resolve("verify.csv"), all);
        Map<String, Map<Integer, TreeMap<Long, Map<String, Double>>>> idx = TableBuilder.index(points(all));
        StringBuilder s = new StringBuilder(String.format("# verify %s: best of %d rounds, us per call%n# %-14s %5s %9s %-30s %10s %10s %10s %9s %9s%n",
                table, rounds, "primitive", "ranks", "bytes", "best single", "t_best", "t_tuned", "t_default", "tuned/best", "tuned/dflt"));
        double worst = 0;
        int over = 0, beats = 0, points = 0;
        for (var byKey : idx.entrySet()) {
            for (var byRanks : byKey.getValue().entrySet()) {
                for (var bySize : byRanks.getValue().entrySet()) {
                    Map<String, Double> t = bySize.getValue();
                    Map.Entry<String, Double> best = t.entrySet().stream().filter(e -> !e.getKey().equals("tuned") && !e.getKey().equals("default"))
                            .min(Map.Entry.comparingByValue()).orElseThrow();
                    double tu = t.get("tuned"), df = t.get("default"), ratio = tu / best.getValue() - 1;
                    String chosen = TableFiles.choose(tuned, byKey.getKey(), byRanks.getKey(), bySize.getKey());
                    worst = Math.max(worst, ratio);
                    over += ratio > VERIFY_LIMIT ? 1 : 0;
                    beats += tu < df * 0.95 ? 1 : 0;
                    points++;
                    s.append(String.format(Locale.ROOT, "  %-14s %5d %9d %-30s %10.2f %10.2f %10.2f %8.1f%% %8.1f%%%s%n", byKey.getKey(), byRanks.getKey(),
                            bySize.getKey(), best.getKey() + (chosen.equals(best.getKey()) ? "" : " (" + chosen + ")"), best.getValue(), tu, df,
                            100 * ratio, 100 * (tu / df - 1), ratio > VERIFY_LIMIT ? "  > 10%" : ""));
                }
            }
        }
        s.append(String.format(Locale.ROOT, "# %d points: tuned table at most %.1f%% slower than the best single algorithm (%d points over %.0f%%);"
                + " faster than the default table by > 5%% at %d points%n", points, 100 * worst, over, 100 * VERIFY_LIMIT, beats));
        writeString(out.resolve("verify.txt"), s.toString());
        System.out.print(s);
    }

    static List<TableBuilder.Point> points(List<Row> rows) {
        return rows.stream().map(r -> new TableBuilder.Point(r.test(), r.ranks(), r.bytes(), r.algorithm(), r.avgUs()))
                .collect(Collectors.toList());
    }

    private static void writeRows(Path file, List<Row> rows) {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println(Row.CSV_HEADER);
            rows.forEach(r -> w.println(r.csv()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeString(Path file, String s) {
        try {
            Files.writeString(file, s);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
