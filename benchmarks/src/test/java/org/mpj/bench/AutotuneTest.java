package org.mpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.bench.suite.Row;
import org.mpj.bench.tune.TableFiles;
import org.mpj.coll.select.Table;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Placement;

/** The autotuner at a tiny scale, its jobs of thread ranks in this JVM: the files and the shape of its report. */
class AutotuneTest {
    @Test
    @Timeout(120)
    void verifyMeasuresEveryCandidateOfAPointInOneJobPerRound(@TempDir Path dir) throws Exception {
        Path table = Files.writeString(dir.resolve("t.properties"), "bcast.1-.0-1023 = MST\nbcast.1-.1024- = pipeline\n"
                + "allreduce.1-.0- = ring\n");
        Path out = dir.resolve("verify");
        Autotune.parse("--mode", "verify", "--primitives", "bcast,allreduce", "--ranks", "2,3", "--oversubscribe", "--sizes",
                "8,4K", "--reps", "5", "--rounds", "2", "--recheck", "3", "--settle", "0", "--table", table.toString(), "--out", out.toString()).run();
        List<Row> rows = Files.readAllLines(out.resolve("verify.csv")).stream().skip(1).map(Row::parse)
                .collect(Collectors.toList());
        int bcast = Catalog.names("bcast", Placement.ONE_NODE).size() + 2;
        int allreduce = Catalog.names("allreduce", Placement.ONE_NODE).size() + 2;
        List<String> report = Files.readAllLines(out.resolve("verify.txt"));
        List<String> points = report.stream().filter(l -> !l.startsWith("#")).collect(Collectors.toList());
        // 2 rounds x 2 rank counts x 2 sizes of each candidate, then 3 more rounds of every candidate of
        // each point of every primitive and rank count where the first rounds put a point over the bound
        // (all marked +).
        long bcastAgain = points.stream().filter(l -> l.trim().startsWith("bcast") && l.contains(" +")).count();
        long allreduceAgain = points.stream().filter(l -> l.trim().startsWith("allreduce") && l.contains(" +")).count();
        assertEquals(2 * 2 * 2 * (bcast + allreduce) + 3 * (bcastAgain * bcast + allreduceAgain * allreduce), rows.size(),
                String.join("\n", report));
        // Measured again means at all sizes of that primitive and rank count: its points are marked together.
        Map<String, Set<Boolean>> marks = new HashMap<>();
        for (String l : points) {
            String[] f = l.trim().split("\\s+");
            marks.computeIfAbsent(f[0] + "." + f[1], k -> new HashSet<>()).add(l.contains(" +"));
        }
        marks.forEach((kp, m) -> assertEquals(1, m.size(), kp + ": " + String.join("\n", report)));
        assertTrue(rows.stream().anyMatch(r -> r.algorithm().equals("tuned")) && rows.stream().anyMatch(r -> r.algorithm().equals("default")));
        assertEquals(8, points.size(), String.join("\n", report));
        assertTrue(points.stream().anyMatch(l -> l.matches("\\s*bcast\\s+3\\s+4096\\s.*%.*%.*")), String.join("\n", report));
        assertTrue(report.get(report.size() - 1).startsWith("# 8 points: where the tuned table chose another algorithm than the"
                + " best single one, it was at most "), report.get(report.size() - 1));
        // A point where the table chose the best algorithm itself is never over the bound (its penalty is 0),
        // whatever its two communicators measured; the report still shows it.
        for (String l : points) {
            if (l.endsWith("same algorithm")) {
                assertFalse(l.contains("("), l);
            }
            if (l.endsWith("> 10%")) {
                assertTrue(l.contains("("), "over the bound only where the table chose another algorithm: " + l);
            }
        }
        // The checked table keeps the table's choice where it held and takes the best single algorithm elsewhere,
        // as the selector reads it on this host (rank counts past its cores: the oversubscribed lines).
        Table checked = TableFiles.read(out.resolve("collectives-checked.properties"));
        assertTrue(checked.rules().stream().allMatch(r -> r.placement() == Placement.ONE_NODE), "shm: lines");
        int cores = Runtime.getRuntime().availableProcessors();
        for (String l : points) {
            String[] f = l.trim().split("\\s+");
            String best = f[3], chosen = l.contains("(") ? l.substring(l.indexOf('(') + 1, l.indexOf(')')) : best;
            int p = Integer.parseInt(f[1]);
            assertEquals(l.endsWith("> 10%") ? best : chosen, TableFiles.choose(checked, f[0], p, Long.parseLong(f[2]),
                    Placement.ONE_NODE, p > cores), l);
        }
    }

    @Test
    @Timeout(120)
    void exhaustiveWritesATableOfTheMeasuredAlgorithms(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("tune");
        Autotune.parse("--primitives", "allreduce", "--ranks", "2", "--sizes", "8,64K", "--reps", "3", "--rounds", "1", "--settle", "0", "--out",
                out.toString()).run();
        List<Row> rows = Files.readAllLines(out.resolve("measurements.csv")).stream().skip(1).map(Row::parse)
                .collect(Collectors.toList());
        assertEquals(2 * Catalog.names("allreduce", Placement.ONE_NODE).size(), rows.size());
        Table tuned = TableFiles.read(out.resolve("collectives.properties"));
        String chosen = TableFiles.choose(tuned, "allreduce", 2, 8, Placement.ONE_NODE);
        assertTrue(Catalog.names("allreduce", Placement.ONE_NODE).contains(chosen), chosen);
        // Thread ranks measured it: its rules are for communicators on one node only (shm:), and leave
        // a JVM per rank to the lines after them.
        assertTrue(tuned.rules().stream().allMatch(r -> r.placement() == Placement.ONE_NODE && r.format().startsWith("shm:")),
                tuned.rules().toString());
        Table behind = TableFiles.read(Files.writeString(dir.resolve("both.properties"),
                Files.readString(out.resolve("collectives.properties")) + "\nallreduce.1-.0- = ring\n"));
        assertEquals(chosen, TableFiles.choose(behind, "allreduce", 2, 8, Placement.ONE_NODE));
        assertEquals("ring", TableFiles.choose(behind, "allreduce", 2, 8, Placement.NODE_PER_RANK));
        // --mode table measures nothing and writes the same table from those measurements.
        Path again = dir.resolve("again");
        Autotune.parse("--mode", "table", "--dev", "shm", "--exhaustive", out.resolve("measurements.csv").toString(), "--out",
                again.toString()).run();
        assertEquals(tuned.rules(), TableFiles.read(again.resolve("collectives.properties")).rules());
        assertFalse(Files.exists(again.resolve("measurements.csv")));
        // Told they came from tcp, the same measurements make tcp: lines.
        Path asTcp = dir.resolve("tcp");
        Autotune.parse("--mode", "table", "--dev", "tcp", "--exhaustive", out.resolve("measurements.csv").toString(), "--out",
                asTcp.toString()).run();
        assertTrue(TableFiles.read(asTcp.resolve("collectives.properties")).rules().stream()
                .allMatch(r -> r.placement() == Placement.NODE_PER_RANK), "tcp: lines");
    }
}
