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
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.mpj.bench.model.CollectiveCosts;
import org.mpj.bench.model.PointToPoint;
import org.mpj.bench.report.PLogPCsv;
import org.mpj.bench.suite.Candidate;
import org.mpj.bench.suite.Interleaved;
import org.mpj.bench.suite.Row;
import org.mpj.bench.suite.Settle;
import org.mpj.bench.suite.Sizes;
import org.mpj.bench.suite.SuiteOptions;
import org.mpj.bench.tune.Heatmap;
import org.mpj.bench.tune.ModelSeed;
import org.mpj.bench.tune.Rounds;
import org.mpj.bench.tune.SuiteJob;
import org.mpj.bench.tune.TableBuilder;
import org.mpj.bench.tune.TableFiles;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.select.Table;
import org.mpj.core.MpjException;

/**
 * The autotuner: measures the collectives' algorithms and writes the selector's table,
 * {@code collectives.properties}, in one of four modes (below).
 * Each point is the suite's per-rank median call (a call that lost its core to other work does not decide
 * the table) of the slowest rank (the collective is done when its last rank is; see {@link Rounds#index}).
 *
 * <p>All candidates of one primitive and rank count are measured in one job, interleaved
 * ({@code Suite --algorithms}, {@code --tables}: each on a communicator of its own, their calls taking
 * turns at every size), so that they meet the same machine. Measured in separate jobs, as before, one
 * algorithm differed from itself by up to 3x on a 2-core VM (thread placement, JIT state, the host's
 * speed swinging within minutes), which decided tables and failed verification by chance.
 * {@code --rounds} repeats those jobs, and a point is decided by medians over rounds of ratios taken
 * within a round ({@link Rounds}): a candidate's time over the round's fastest (which algorithm wins),
 * the tuned table's over the best single algorithm's and the default table's (verify). Times of
 * different rounds are never compared: keeping each candidate's best round, as before, set one
 * candidate's quiet minute against another's busy one; a median also drops a round that other work
 * upset for one candidate only. The times printed are medians over rounds.
 * <ul>
 *   <li>{@code exhaustive} (default): every algorithm of the catalog (compositions included, as the
 *       catalog names them) of every primitive that a table rule may select on this device's placement,
 *       at every rank count and size; these measurements make the table ({@link TableBuilder});</li>
 *   <li>{@code model}: the PLogP cost model (from a {@code PLogPMeasure --csv} file) ranks the
 *       algorithms; only its top candidates around its switch points are measured ({@link ModelSeed}),
 *       the candidates of a size together. Given the exhaustive run's measurements ({@code --exhaustive}),
 *       it reports the time saved and the penalty of its table, T(its choice)/T(best) − 1 per point, as
 *       CSV and a heat map;</li>
 *   <li>{@code verify}: measures every algorithm, the given table ({@code tuned}) and the shipped table
 *       ({@code default}) together at every point, measures each primitive and rank count with a point
 *       where the table is over the bound again, at all sizes ({@code --recheck} more rounds, as many as
 *       {@code --rounds} unless told), and reports the
 *       table's worst ratio to the best single algorithm and where it beats the default;</li>
 *   <li>{@code table}: measures nothing; writes the table of an exhaustive run's measurements
 *       ({@code --exhaustive DIR/measurements.csv}) again, as the table builder now makes it; {@code --dev}
 *       must say which device measured them.</li>
 * </ul>
 * Every rule the tuner writes is limited to the placement it measured ({@code shm:} lines for thread
 * ranks, {@code tcp:} for a JVM per rank), so tables tuned on both devices can stand in one file. Ranks
 * measured past this host's cores ({@code --oversubscribe}) make {@code oversubscribed:} rules, which
 * apply only where ranks outnumber their host's cores ({@link org.mpj.coll.select.Selector#oversubscribed});
 * the other rules end at the largest rank count measured within the cores
 * ({@link TableBuilder#build(List, Placement, int)}).
 *
 * <pre>
 * benchmarks/scripts/bench Autotune [--mode exhaustive|model|verify|table] [--ranks 2,3,4] [--oversubscribe]
 *     [--sizes 0-1M:4] [--primitives LIST] [--reps N] [--dev shm|tcp] [--out DIR]
 *     [--plogp CSV] [--exhaustive CSV] [--segment-bytes N] [--table FILE] [--rounds N] [--recheck N] [--settle S]
 * </pre>
 */
public final class Autotune {
    static final String USAGE = "Autotune [--mode exhaustive|model|verify|table] [--ranks LIST] [--oversubscribe] [--sizes SPEC]"
            + " [--primitives LIST] [--reps N] [--dev shm|tcp] [--out DIR] [--plogp CSV] [--exhaustive CSV] [--settle S]"
            + " [--segment-bytes N] [--table FILE] [--rounds N] [--recheck N]";
    /** The verify mode's bound: the tuned table may be at most this much slower than the best single algorithm. */
    static final double VERIFY_LIMIT = 0.10;
    /** The verify mode's names for the given table and the shipped one, among the algorithms' names. */
    static final String TUNED = "tuned", DEFAULT = "default";

    String mode = "exhaustive", dev = "shm", sizesSpec = "0-1M:4";
    List<Integer> ranks;
    boolean oversubscribe;
    List<String> primitives = SuiteOptions.COLLECTIVES;
    int reps = 100;
    /** Rounds of every mode: each measures every candidate once; per point, medians over rounds decide. */
    int rounds = 2;
    /** Verify: more rounds where a point is over the bound after {@link #rounds}; -1: as many as {@link #rounds}. */
    int recheck = -1;
    /** Each job's settling before it times anything ({@code Suite --settle}): at most this many seconds. */
    int settleSeconds = Settle.DEFAULT_MAX_SECONDS;
    double segmentBytes;
    Path out = Path.of("benchmarks/target/tune"), plogp, exhaustive, table;
    /** This host's cores: measurements of more ranks make oversubscribed rules. */
    int cores = Runtime.getRuntime().availableProcessors();

    public static void main(String[] args) {
        List<String> given = List.of(args);
        if (given.contains("--help") || given.contains("-h")) {
            System.out.println("usage: " + USAGE);
            return;
        }
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
        boolean devGiven = false;
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
                    if (!List.of("exhaustive", "model", "verify", "table").contains(v)) {
                        throw new IllegalArgumentException("--mode: '" + v + "' is not exhaustive, model, verify or table");
                    }
                    a.mode = v;
                    break;
                case "--ranks": ranksSpec = v; break;
                case "--sizes": Sizes.parse(v); a.sizesSpec = v; break;
                case "--primitives": a.primitives = SuiteOptions.parse("--tests", v).tests.stream()
                        .filter(SuiteOptions.COLLECTIVES::contains).collect(Collectors.toList()); break;
                case "--reps": a.reps = atLeast(o, v, 1); break;
                case "--rounds": a.rounds = atLeast(o, v, 1); break;
                case "--recheck": a.recheck = atLeast(o, v, 0); break;
                case "--settle": a.settleSeconds = atLeast(o, v, 0); break;
                case "--segment-bytes": a.segmentBytes = atLeast(o, v, 1); break;
                case "--dev":
                    if (!v.equals("shm") && !v.equals("tcp")) {
                        throw new IllegalArgumentException("--dev: '" + v + "' is not shm or tcp");
                    }
                    a.dev = v;
                    devGiven = true;
                    break;
                case "--out": a.out = Path.of(v); break;
                case "--plogp": a.plogp = existing(o, v); break;
                case "--exhaustive": a.exhaustive = existing(o, v); break;
                case "--table": a.table = table(existing(o, v)); break;
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
        if (a.mode.equals("table") && a.exhaustive == null) {
            throw new IllegalArgumentException("--mode table needs --exhaustive CSV (an exhaustive run's measurements.csv)");
        }
        if (a.mode.equals("table") && !devGiven) {
            // The measurements do not say where they were taken, and the table's rules are limited to it.
            throw new IllegalArgumentException("--mode table needs --dev shm|tcp: the device that took the measurements");
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

    private static int atLeast(String option, String v, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the sentence below says it
        }
        throw new IllegalArgumentException(option + ": '" + v + "' is not a whole number >= " + min);
    }

    private static Path existing(String option, String v) {
        Path p = Path.of(v);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(option + ": no such file " + v);
        }
        return p;
    }

    /** A table file that the selector can read: a bad line is refused now, with the sentence that names it. */
    private static Path table(Path file) {
        try {
            TableFiles.read(file);
            return file;
        } catch (MpjException | UncheckedIOException e) {
            throw new IllegalArgumentException("--table: " + e.getMessage());
        }
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
            case "table": writeTable(Report.readRows(List.of(exhaustive)), "from the measurements in " + exhaustive); break;
            default: exhaustive(); break;
        }
    }

    private int jobs;
    private int jobsTotal;

    /**
     * One job: {@code algorithms} and {@code tables} ({@code NAME=FILE,...}, or null) of {@code key} on
     * {@code p} ranks at {@code sizes}, interleaved, with no settings (COMM_WORLD, whose barriers time
     * the calls, chooses as the shipped table does).
     */
    private List<Row> measure(String key, int p, String sizes, List<String> algorithms, String tables) {
        // A seed of its own per job: under one seed every round ran the same call orders, and an order
        // that left one rank of one candidate waiting out the root's whole call (6-7 ranks, 64-256 KiB
        // Scatter: 17 us against its twins' 12, for a whole job) did so in about half the jobs, and the
        // median over rounds often kept it.
        List<String> args = new ArrayList<>(List.of("--tests", key, "--sizes", sizes, "--reps", Integer.toString(reps),
                "--stat", "median", "--seed", Long.toString(Interleaved.SEED + jobs), "--settle", Integer.toString(settleSeconds)));
        if (!algorithms.isEmpty()) {
            args.addAll(List.of("--algorithms", String.join(",", algorithms)));
        }
        if (tables != null) {
            args.addAll(List.of("--tables", tables));
        }
        int candidates = algorithms.size() + (tables == null ? 0 : tables.split(",").length);
        long t0 = System.nanoTime();
        List<Row> rows = SuiteJob.run(p, dev, Map.of(), args, candidates);
        jobs++;
        System.err.printf(Locale.ROOT, "[autotune %d/%d] %s, %d ranks: %d candidates interleaved, %d points, %.1f s%n", jobs,
                jobsTotal, key, p, candidates, rows.size(), (System.nanoTime() - t0) / 1e9);
        return rows;
    }

    /**
     * Where the measured ranks sit: threads of one JVM (one node) on shm, a node each on tcp. Only the
     * algorithms a table rule may select there are measured.
     */
    private Placement placement() {
        return dev.equals("tcp") ? Placement.NODE_PER_RANK : Placement.ONE_NODE;
    }

    /** The table of these points: rank counts past this host's cores make oversubscribed rules. */
    private Table tableOf(List<TableBuilder.Point> points) {
        return TableBuilder.build(points, placement(), cores);
    }

    private void exhaustive() {
        long t0 = System.nanoTime();
        jobsTotal = primitives.size() * ranks.size() * rounds;
        List<Row> all = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (String key : primitives) {
                for (int p : ranks) {
                    all.addAll(measure(key, p, sizesSpec, Catalog.names(key, placement()), null));
                }
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        writeRows(out.resolve("measurements.csv"), all);
        writeString(out.resolve("wall-seconds.txt"), String.format(Locale.ROOT, "%.1f%n", wall));
        writeTable(all, "(exhaustive), device " + dev + ", ranks " + ranks + ", sizes " + sizesSpec + ", " + reps
                + " repetitions, " + rounds + " rounds of all algorithms interleaved in one job per primitive and rank count");
    }

    /** The table of an exhaustive run's rows ({@code source} says which), written to {@code out/collectives.properties}. */
    private void writeTable(List<Row> all, String source) {
        Table t = tableOf(Rounds.tablePoints(all, c -> true));
        Path file = out.resolve("collectives.properties");
        TableFiles.write(t, file, "Written by the MPJ autotuner " + source + ".\nPer rank count, the fewest size ranges whose algorithm is within "
                + Math.round(TableBuilder.SMOOTHING * 100) + "% of the fastest (median over rounds of its time relative to the"
                + " round's fastest) at every size; use with -Dmpj.coll.table=" + file);
        System.err.printf(Locale.ROOT, "[autotune] %d rows; table %s (%d lines)%n", all.size(), file, t.rules().size());
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
        jobsTotal = plans.values().stream().mapToInt(pl -> pl.jobs().size()).sum() * rounds;
        List<Row> measured = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, ModelSeed.Plan> e : plans.entrySet()) {
                String key = e.getKey().substring(0, e.getKey().lastIndexOf('.'));
                int p = Integer.parseInt(e.getKey().substring(e.getKey().lastIndexOf('.') + 1));
                for (Map.Entry<List<String>, TreeSet<Long>> job : e.getValue().jobs().entrySet()) {
                    String list = job.getValue().stream().map(String::valueOf).collect(Collectors.joining(","));
                    measured.addAll(measure(key, p, list, job.getKey(), null));
                }
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        // The table: the fastest measured candidate where any was measured, the model's choice elsewhere.
        Map<String, Map<Long, String>> measuredBest = new TreeMap<>();
        Rounds.index(measured).forEach((key, byRanks) -> byRanks.forEach((p, bySize) -> bySize.forEach((b, pt) ->
                measuredBest.computeIfAbsent(key + "." + p, k -> new TreeMap<>()).put(b, pt.fastest(c -> true)))));
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
        Table t = tableOf(decided);
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
        Map<String, Map<Integer, TreeMap<Long, Rounds.Point>>> idx = Rounds.index(ex);
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
                Rounds.Point pt = idx.getOrDefault(key, Map.of()).getOrDefault(p, new TreeMap<>()).get(sizes[c]);
                String ch = choice.get(kp).get(sizes[c]);
                if (pt == null || !pt.has(ch)) {
                    pen[r][c] = Double.NaN;
                    continue;
                }
                String best = pt.fastest(a -> true);
                // Within each round of the exhaustive run, then the median over rounds (see Rounds).
                double x = pt.ratio(ch, best) - 1;
                pen[r][c] = 100 * x;
                worst = Math.max(worst, x);
                sum += x;
                n++;
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%s,%s,%.3f,%.3f,%.4f%n", key, p, sizes[c], ch, best,
                        pt.medianUs(ch), pt.medianUs(best), x));
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
        int extra = recheck < 0 ? rounds : recheck;
        jobsTotal = primitives.size() * ranks.size() * rounds;
        String tables = TUNED + "=" + table.toAbsolutePath() + "," + DEFAULT + "=" + Candidate.SHIPPED;
        List<Row> all = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (String key : primitives) {
                for (int p : ranks) {
                    all.addAll(measure(key, p, sizesSpec, Catalog.names(key, placement()), tables));
                }
            }
        }
        List<Check> first = checks(all, tuned, placement(), cores);
        // Where a point is over the bound, its primitive and rank count are measured again, all sizes and
        // candidates interleaved as before, and judged on every round: the same algorithm timed twice in
        // one job differs by more than 10% at some points of a 2-core VM, and a point should not fail on
        // one such draw. All sizes, not the point's alone: a job of one or two sizes is not the job that
        // chose the table (2-rank Reduce of 64 KiB, shared: 10.2 us in such a job, 3.5 among all sizes).
        Map<String, TreeSet<Integer>> over = new TreeMap<>();
        first.stream().filter(Check::over).forEach(c -> over.computeIfAbsent(c.key, k -> new TreeSet<>()).add(c.ranks));
        jobsTotal += extra * over.values().stream().mapToInt(TreeSet::size).sum();
        for (int round = 0; round < extra; round++) {
            over.forEach((key, rankCounts) -> rankCounts.forEach(p ->
                    all.addAll(measure(key, p, sizesSpec, Catalog.names(key, placement()), tables))));
        }
        writeRows(out.resolve("verify.csv"), all);
        List<Check> checks = extra > 0 && !over.isEmpty() ? checks(all, tuned, placement(), cores) : first;
        StringBuilder s = new StringBuilder(String.format("# verify %s: all candidates interleaved in one job per primitive and"
                + " rank count; rounds: %d, and %d more, all sizes, of each primitive and rank count with a point over %.0f%% after them (marked +); times: medians over rounds,"
                + " us per call; ratios: within each round, median over rounds; Barrier, Gatherv, Scatterv and Alltoallv, whose"
                + " calls pick one algorithm whatever the size, against the single algorithm best over all sizes%n"
                + "# %-14s %5s %9s %-30s %10s %10s %10s %9s %9s%n", table, rounds, extra, 100 * VERIFY_LIMIT, "primitive", "ranks",
                "bytes", "best single", "t_best", "t_tuned", "t_default", "tuned/best", "tuned/dflt"));
        double worst = 0, worstSame = 0;
        int beats = 0;
        for (Check c : checks) {
            boolean rechecked = over.getOrDefault(c.key, new TreeSet<>()).contains(c.ranks);
            if (c.sameAlgorithm()) {
                worstSame = Math.max(worstSame, c.ratio);
            } else {
                worst = Math.max(worst, c.ratio);
            }
            beats += c.vsDefault < -0.05 ? 1 : 0;
            s.append(String.format(Locale.ROOT, "  %-14s %5d %9d %-30s %10.2f %10.2f %10.2f %8.1f%% %8.1f%%%s%s%n", c.key, c.ranks,
                    c.bytes, c.best + (c.sameAlgorithm() ? "" : " (" + c.chosen + ")"), c.point.medianUs(c.best),
                    c.point.medianUs(TUNED), c.point.medianUs(DEFAULT), 100 * c.ratio, 100 * c.vsDefault,
                    rechecked ? " +" : "", c.over() ? "  > 10%" : c.ratio > VERIFY_LIMIT ? "  > 10%, same algorithm" : ""));
        }
        long overFirst = first.stream().filter(Check::over).count(), overLast = checks.stream().filter(Check::over).count();
        long sameOver = checks.stream().filter(c -> c.sameAlgorithm() && c.ratio > VERIFY_LIMIT).count();
        s.append(String.format(Locale.ROOT, "# %d points: where the tuned table chose another algorithm than the best single one, it was at most"
                + " %.1f%% slower (%d points over %.0f%%; %d after %d rounds, before the %d more rounds at those); where it chose the"
                + " best algorithm itself, the two communicators running it differed by at most %.1f%% (%d points over %.0f%%);"
                + " faster than the default table by > 5%% at %d points%n",
                checks.size(), 100 * worst, overLast, 100 * VERIFY_LIMIT, overFirst, rounds, extra, 100 * worstSame, sameOver,
                100 * VERIFY_LIMIT, beats));
        writeString(out.resolve("verify.txt"), s.toString());
        writeChecked(checks);
        System.out.print(s);
    }

    /**
     * The verified table with the best single algorithm wherever it stayed over the bound: what a second
     * verify run checks. It covers the primitives, rank counts and sizes verified.
     */
    private void writeChecked(List<Check> checks) {
        Map<String, Boolean> overAtAnySize = new TreeMap<>();
        checks.forEach(c -> overAtAnySize.merge(c.key + "." + c.ranks, c.over(), Boolean::logicalOr));
        List<TableBuilder.Point> decided = new ArrayList<>();
        int changed = 0;
        for (Check c : checks) {
            // A primitive that picks whatever the size takes its overall best where any size failed.
            boolean replace = Primitive.ofKey(c.key).bySize ? c.over() : overAtAnySize.get(c.key + "." + c.ranks);
            decided.add(new TableBuilder.Point(c.key, c.ranks, c.bytes, replace ? c.best : c.chosen, 1));
            changed += replace && !c.best.equals(c.chosen) ? 1 : 0;
        }
        Path file = out.resolve("collectives-checked.properties");
        TableFiles.write(tableOf(decided), file, "Written by the MPJ autotuner (verify of " + table + "), device " + dev
                + ", ranks " + ranks + ", sizes " + sizesSpec + ".\nThat table's choices, with the best single algorithm at the"
                + " points where it stayed more than " + Math.round(100 * VERIFY_LIMIT) + "% slower; verify it in turn with --table " + file);
        System.err.printf(Locale.ROOT, "[autotune] %s: another algorithm at %d of %d points%n", file, changed, checks.size());
    }

    /** One verified point: the best single algorithm there, the table's choice, and the table's time ratios. */
    private record Check(String key, int ranks, long bytes, String best, String chosen, double ratio, double vsDefault,
                         Rounds.Point point) {
        /**
         * The table chose another algorithm than the best, and lost by more than the bound. Where it chose
         * the best algorithm itself, its penalty T(choice)/T(best) - 1 is 0: what the two communicators
         * running that algorithm measured apart is reported, but is not the table's.
         */
        boolean over() {
            return ratio > VERIFY_LIMIT && !sameAlgorithm();
        }

        boolean sameAlgorithm() {
            return chosen.equals(best);
        }
    }

    /**
     * The verify report's points: the tuned table against the best single algorithm and the default table;
     * its choice as the selector makes it on this host (rank counts past its {@code cores} take oversubscribed lines).
     */
    private static List<Check> checks(List<Row> all, Table tuned, Placement placement, int cores) {
        Predicate<String> single = c -> !c.equals(TUNED) && !c.equals(DEFAULT);
        List<Check> checks = new ArrayList<>();
        for (var byKey : Rounds.index(all).entrySet()) {
            boolean picksBySize = Primitive.ofKey(byKey.getKey()).bySize;
            for (var byRanks : byKey.getValue().entrySet()) {
                String overall = picksBySize ? null : TableBuilder.bestOverall(ratiosToFastest(byRanks.getValue(), single));
                for (var bySize : byRanks.getValue().entrySet()) {
                    Rounds.Point pt = bySize.getValue();
                    String best = overall != null ? overall : pt.fastest(single);
                    checks.add(new Check(byKey.getKey(), byRanks.getKey(), bySize.getKey(), best,
                            TableFiles.choose(tuned, byKey.getKey(), byRanks.getKey(), bySize.getKey(), placement,
                                    byRanks.getKey() > cores),
                            pt.ratio(TUNED, best) - 1, pt.ratio(TUNED, DEFAULT) - 1, pt));
                }
            }
        }
        return checks;
    }

    /** Each single algorithm's ratio to the fastest, per size: what {@link TableBuilder#bestOverall} ranks. */
    private static TreeMap<Long, Map<String, Double>> ratiosToFastest(TreeMap<Long, Rounds.Point> bySize, Predicate<String> single) {
        TreeMap<Long, Map<String, Double>> r = new TreeMap<>();
        bySize.forEach((bytes, pt) -> {
            for (String c : pt.candidates()) {
                if (single.test(c)) {
                    r.computeIfAbsent(bytes, k -> new TreeMap<>()).put(c, pt.ratioToFastest(c, single));
                }
            }
        });
        return r;
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
