package org.mpj.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.mpj.bench.model.CollectiveCosts;
import org.mpj.bench.model.PLogP;
import org.mpj.bench.model.PointToPoint;
import org.mpj.bench.model.PointToPointFit;
import org.mpj.bench.report.Charts;
import org.mpj.bench.report.PLogPCsv;
import org.mpj.bench.suite.Row;
import org.mpj.bench.tune.TableFiles;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Table;

/**
 * Turns suite CSV files into charts and a Markdown report: per collective and rank count, time against
 * size with a line per algorithm and the table's choice marked (the fastest where no table is given),
 * with PLogP's prediction beside each modelled algorithm when a PLogPMeasure CSV is given; per ping-pong
 * curve (its best batch per size), the measured times against the fitted Hockney and linear models,
 * with their parameters, metrics and held-out errors.
 *
 * <pre>benchmarks/scripts/bench Report --out DIR [--table FILE] [--plogp CSV] SUITE.csv...</pre>
 */
public final class Report {
    private Report() {
    }

    public static void main(String[] args) {
        Path out = null, table = null, plogp = null;
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out": out = Path.of(value(args, ++i, "--out")); break;
                case "--table": table = Path.of(value(args, ++i, "--table")); break;
                case "--plogp": plogp = Path.of(value(args, ++i, "--plogp")); break;
                default:
                    if (args[i].startsWith("--")) {
                        fail("unknown option '" + args[i] + "'");
                    }
                    inputs.add(Path.of(args[i]));
            }
        }
        if (out == null || inputs.isEmpty()) {
            fail("give --out DIR and at least one suite CSV");
        }
        System.exit(run(out, table == null ? null : TableFiles.read(table), plogp == null ? null : PLogPCsv.read(plogp), inputs));
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            fail(option + " needs a value");
        }
        return args[i];
    }

    private static void fail(String why) {
        System.err.println("Report: " + why + "; usage: Report --out DIR [--table FILE] [--plogp CSV] SUITE.csv...");
        System.exit(2);
    }

    /** One row per (test, type, algorithm, ranks, bytes): the fastest, where a run measured a point in several rounds. */
    static List<Row> bestRounds(List<Row> rows) {
        Map<String, Row> best = new java.util.LinkedHashMap<>();
        for (Row r : rows) {
            best.merge(r.test() + "," + r.type() + "," + r.algorithm() + "," + r.ranks() + "," + r.bytes(), r,
                    (a, b) -> b.avgUs() < a.avgUs() ? b : a);
        }
        return new ArrayList<>(best.values());
    }

    static List<Row> readRows(List<Path> inputs) {
        List<Row> rows = new ArrayList<>();
        for (Path p : inputs) {
            try {
                List<String> lines = Files.readAllLines(p);
                if (lines.isEmpty() || !lines.get(0).equals(Row.CSV_HEADER)) {
                    throw new IllegalArgumentException(p + ": not a suite CSV (first line should be " + Row.CSV_HEADER + ")");
                }
                lines.stream().skip(1).filter(l -> !l.isBlank()).map(Row::parse).forEach(rows::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
            }
        }
        return rows;
    }

    public static int run(Path out, Table table, PLogP plogp, List<Path> inputs) {
        List<Row> rows = bestRounds(readRows(inputs));
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out + ": " + e.getMessage(), e);
        }
        StringBuilder md = new StringBuilder("# MPJ benchmark report\n\nFrom: "
                + inputs.stream().map(Path::toString).collect(Collectors.joining(", ")) + "\n");
        // Ping-pong: one model fit per (type, label).
        Map<String, List<Row>> pingPong = group(rows.stream().filter(r -> r.test().equals("pingpong")).collect(Collectors.toList()),
                r -> r.type() + "-" + r.algorithm());
        if (!pingPong.isEmpty()) {
            md.append("\n## Ping-pong models\n\n| curve | Hockney t0 [us] | tb [ns/B] | linear t0 [us] | ti [us] | tb [ns/B]"
                    + " | latency [us] | bandwidth [MB/s] | n1/2 [B] | Hockney error | linear error |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        }
        for (Map.Entry<String, List<Row>> e : pingPong.entrySet()) {
            List<Row> c = e.getValue();
            // The best batch, not the average: on a machine shared with other work the average carries
            // whatever else ran; the best of the suite's batches is the steady figure the models describe.
            double[] b = c.stream().mapToDouble(Row::bytes).toArray(), t = c.stream().mapToDouble(r -> r.minUs() * 1e-6).toArray();
            if (b.length < 4 || b[0] != 0) {
                md.append("| ").append(e.getKey()).append(" | (needs 0 B and 3 more sizes to fit) |\n");
                continue;
            }
            PointToPointFit f = PointToPointFit.of(b, t);
            md.append(String.format(Locale.ROOT, "| [%s](model-pingpong-%s.png) | %.3f | %.4f | %.3f | %.3f | %.4f | %.3f | %.1f | %.0f | %.1f%% | %.1f%% |%n",
                    e.getKey(), e.getKey(), f.hockney().t0() * 1e6, f.hockney().tb() * 1e9, f.linear().t0() * 1e6, f.linear().ti() * 1e6,
                    f.linear().tb() * 1e9, f.startupSeconds() * 1e6, f.asymptoticBytesPerSecond() / 1e6, f.halfBandwidthBytes(),
                    100 * f.hockneyError(), 100 * f.linearError()));
            double[] h = new double[b.length], l = new double[b.length], us = new double[b.length];
            for (int i = 0; i < b.length; i++) {
                h[i] = f.hockney().time(b[i]) * 1e6;
                l[i] = f.linear().time(b[i]) * 1e6;
                us[i] = t[i] * 1e6;
            }
            Charts.write(out.resolve("model-pingpong-" + e.getKey() + ".png"), "ping-pong " + e.getKey() + ": measured and fitted",
                    "half round trip [us]", List.of(new Charts.Line("measured (best batch)", b, us, false), new Charts.Line("Hockney", b, h, false),
                            new Charts.Line("linear model", b, l, false)));
        }
        if (plogp != null) {
            md.append("\n## PLogP\n\n").append(plogp.describe()).append("\n\n").append(plogp.toLogGP().describe()).append("\n");
        }
        // Collectives: one chart per (test, ranks), a line per algorithm.
        Map<String, List<Row>> coll = group(rows.stream().filter(r -> !r.test().equals("pingpong")).collect(Collectors.toList()),
                r -> r.test() + "-" + r.ranks());
        if (!coll.isEmpty()) {
            md.append("\n## Collectives\n\nEach chart: average time per call against message size, one line per algorithm; "
                    + (table != null ? "diamonds: the table's choice." : "diamonds: the fastest algorithm at each size.") + "\n\n");
        }
        CollectiveCosts costs = plogp == null ? null : new CollectiveCosts(PointToPoint.pLogP(plogp), 0, 0);
        for (Map.Entry<String, List<Row>> e : coll.entrySet()) {
            Map<String, List<Row>> byAlg = group(e.getValue(), Row::algorithm);
            List<Charts.Line> lines = new ArrayList<>();
            Row any = e.getValue().get(0);
            for (Map.Entry<String, List<Row>> a : byAlg.entrySet()) {
                List<Row> c = a.getValue();
                double[] b = c.stream().mapToDouble(Row::bytes).toArray();
                lines.add(new Charts.Line(a.getKey(), b, c.stream().mapToDouble(Row::avgUs).toArray(), false));
                if (costs != null && CollectiveCosts.knows(any.test(), a.getKey())) {
                    lines.add(new Charts.Line(a.getKey() + " (PLogP)", b,
                            c.stream().mapToDouble(r -> costs.time(r.test(), a.getKey(), r.ranks(), r.bytes()) * 1e6).toArray(), false));
                }
            }
            TreeMap<Long, Row> chosen = new TreeMap<>();
            for (Row r : e.getValue()) {
                boolean pick = table != null ? TableFiles.choose(table, r.test(), r.ranks(), r.bytes(), Placement.ONE_NODE).equals(r.algorithm())
                        : !chosen.containsKey(r.bytes()) || r.avgUs() < chosen.get(r.bytes()).avgUs();
                if (pick) {
                    chosen.put(r.bytes(), r);
                }
            }
            lines.add(new Charts.Line(table != null ? "table's choice" : "fastest", chosen.keySet().stream().mapToDouble(x -> x).toArray(),
                    chosen.values().stream().mapToDouble(Row::avgUs).toArray(), true));
            String png = "collective-" + e.getKey() + ".png";
            Charts.write(out.resolve(png), any.test() + ", " + any.ranks() + " ranks", "time per call [us]", lines);
            md.append("- [").append(any.test()).append(", ").append(any.ranks()).append(" ranks](").append(png).append("): ")
                    .append(String.join(", ", byAlg.keySet())).append("\n");
        }
        try {
            Files.writeString(out.resolve("report.md"), md.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write report: " + e.getMessage(), e);
        }
        System.err.println("[report] " + out.resolve("report.md") + ": " + pingPong.size() + " ping-pong fits, " + coll.size() + " collective charts");
        return 0;
    }

    private static <K> Map<K, List<Row>> group(List<Row> rows, java.util.function.Function<Row, K> key) {
        Map<K, List<Row>> m = new TreeMap<>();
        for (Row r : rows) {
            m.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        for (List<Row> l : m.values()) {
            l.sort((x, y) -> Long.compare(x.bytes(), y.bytes()));
        }
        return m;
    }
}
