package org.mpj.bench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.bench.model.CollectiveCosts;
import org.mpj.bench.model.Hockney;
import org.mpj.bench.model.PointToPoint;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Table;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Rule;
import org.mpj.coll.select.Primitive;

/** The autotuner's table: built from measurements, written, read back by the selector's parser, same choices. */
class TableBuilderTest {
    static final long[] SIZES = {0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536};
    static final int[] RANKS = {2, 3, 4, 6, 8};

    /** Synthetic times in which the winner depends on ranks and size: alg A below a threshold that moves with p. */
    static List<TableBuilder.Point> synthetic(String key, String a, String b) {
        List<TableBuilder.Point> pts = new ArrayList<>();
        for (int p : RANKS) {
            for (long s : SIZES) {
                long threshold = p <= 3 ? 1 << 30 : p <= 4 ? 4096 : 256;
                pts.add(new TableBuilder.Point(key, p, s, a, s < threshold ? 1.0 : 2.0));
                pts.add(new TableBuilder.Point(key, p, s, b, 1.5));
            }
        }
        return pts;
    }

    static String expected(int p, long s, String a, String b) {
        long threshold = p <= 3 ? 1 << 30 : p <= 4 ? 4096 : 256;
        return s < threshold ? a : b;
    }

    @Test
    void writerAndSelectorParserRoundTrip(@TempDir Path dir) {
        List<String> bcast = Catalog.names("bcast");
        assertTrue(bcast.size() >= 2, "the catalog has two bcast algorithms to tune between: " + bcast);
        String a = bcast.get(0), b = bcast.get(1);
        Table built = TableBuilder.build(synthetic("bcast", a, b));
        Path file = dir.resolve("collectives.properties");
        TableFiles.write(built, file, "test table\nsecond header line");
        Table read = TableFiles.read(file);
        assertEquals(built.rules(), read.rules().stream().map(r -> new org.mpj.coll.select.Rule(r.primitive(), r.ranksLo(), r.ranksHi(),
                r.bytesLo(), r.bytesHi(), r.algorithm())).toList());
        for (int p : RANKS) {
            for (long s : SIZES) {
                assertEquals(expected(p, s, a, b), TableFiles.choose(read, "bcast", p, s, Placement.ONE_NODE), "p=" + p + " bytes=" + s);
            }
        }
        // Between measured points a size takes the range of the measured size below it; rank counts likewise.
        assertEquals(a, TableFiles.choose(read, "bcast", 5, 300, Placement.ONE_NODE));
        assertEquals(b, TableFiles.choose(read, "bcast", 7, 300, Placement.ONE_NODE));
        assertEquals(b, TableFiles.choose(read, "bcast", 64, 1 << 20, Placement.ONE_NODE), "the largest rank count and size are open-ended");
        assertEquals(a, TableFiles.choose(read, "bcast", 1, 1 << 20, Placement.ONE_NODE), "1 rank takes the smallest measured count's rules");
        // Rank counts with the same ranges share lines: 2 and 3 rank counts make one line.
        assertTrue(read.rules().get(0).format().startsWith("bcast.1-3.0- = " + a), read.rules().get(0).format());
    }

    @Test
    void rankCountsPastTheCoresMakeOversubscribedRulesAndTheOthersStopAtTheirLargest(@TempDir Path dir) {
        List<String> bcast = Catalog.names("bcast");
        String def = bcast.get(0), a = bcast.get(1), b = bcast.get(2);
        List<TableBuilder.Point> pts = synthetic("bcast", a, b);
        Table t = TableBuilder.build(pts, Placement.ONE_NODE, 3);
        Path file = dir.resolve("collectives.properties");
        TableFiles.write(t, file, "test table");
        Table read = TableFiles.read(file);
        for (Rule r : read.rules()) {
            assertEquals(r.ranksHi() > 3, r.oversubscribed(), r.format());
            assertTrue(r.format().startsWith(r.oversubscribed() ? "oversubscribed:shm:bcast." : "shm:bcast."), r.format());
        }
        for (int p : RANKS) {
            for (long s : SIZES) {
                assertEquals(expected(p, s, a, b), TableFiles.choose(read, "bcast", p, s, Placement.ONE_NODE, p > 3),
                        "p=" + p + " bytes=" + s);
            }
        }
        assertEquals(b, TableFiles.choose(read, "bcast", 64, 1024, Placement.ONE_NODE, true), "oversubscribed: open-ended");
        assertEquals(def, TableFiles.choose(read, "bcast", 8, 1024, Placement.ONE_NODE, false),
                "8 ranks with a core each were not measured: the default");
        assertEquals(a, TableFiles.choose(read, "bcast", 3, 1024, Placement.ONE_NODE, false));
        // A JVM per rank, all on this host: the same split, the lines limited to tcp.
        for (Rule r : TableBuilder.build(pts, Placement.NODE_PER_RANK, 3).rules()) {
            assertTrue(r.format().startsWith(r.ranksHi() > 3 ? "oversubscribed:tcp:bcast." : "tcp:bcast."), r.format());
        }
        assertEquals(TableBuilder.build(pts, Placement.ONE_NODE).rules(), TableBuilder.build(pts, Placement.ONE_NODE, 8).rules(),
                "no rank count past the cores");
    }

    @Test
    void aLoneNoisyWinnerYieldsToItsNeighbours() {
        List<String> bcast = Catalog.names("bcast");
        String a = bcast.get(0), b = bcast.get(1);
        List<TableBuilder.Point> pts = new ArrayList<>();
        for (long s : SIZES) {
            pts.add(new TableBuilder.Point("bcast", 4, s, a, 1.0));
            pts.add(new TableBuilder.Point("bcast", 4, s, b, s == 64 ? 0.98 : 1.5));
        }
        Table t = TableBuilder.build(pts);
        assertEquals(1, t.rules().size(), t.rules().toString());
        assertEquals(a, TableFiles.choose(t, "bcast", 4, 64, Placement.ONE_NODE));
        // ... but not when it is clearly faster.
        pts.replaceAll(pt -> pt.bytes() == 64 && pt.algorithm().equals(b) ? new TableBuilder.Point("bcast", 4, 64, b, 0.5) : pt);
        assertEquals(b, TableFiles.choose(TableBuilder.build(pts), "bcast", 4, 64, Placement.ONE_NODE));
    }

    @Test
    void algorithmsWithinNoiseOfEachOtherMakeOneRangeAndAClearWinnerItsOwn() {
        List<String> bcast = Catalog.names("bcast");
        String a = bcast.get(0), b = bcast.get(1), c = bcast.get(2);
        List<TableBuilder.Point> pts = new ArrayList<>();
        for (int i = 0; i < SIZES.length; i++) {
            long s = SIZES[i];
            // Below 4 KiB a and b take turns to win by 2%, c is 10% behind the winner; from 4 KiB
            // b wins by 30%.
            boolean large = s >= 4096;
            pts.add(new TableBuilder.Point("bcast", 4, s, a, large ? 1.3 : i % 2 == 0 ? 1.0 : 1.02));
            pts.add(new TableBuilder.Point("bcast", 4, s, b, large ? 1.0 : i % 2 == 0 ? 1.02 : 1.0));
            pts.add(new TableBuilder.Point("bcast", 4, s, c, large ? 1.3 : 1.1));
        }
        Table t = TableBuilder.build(pts);
        // b is within 5% everywhere below 4 KiB and the winner above: one line. Without b's large sizes,
        // the small ones still make one range, of a or b (the closer of the two over it), never c.
        assertEquals(List.of("bcast.1-.0- = " + b), t.rules().stream().map(r -> r.format()).toList());
        pts.replaceAll(pt -> pt.bytes() >= 4096 && pt.algorithm().equals(c) ? new TableBuilder.Point("bcast", 4, pt.bytes(), c, 0.5) : pt);
        t = TableBuilder.build(pts);
        assertEquals(2, t.rules().size(), t.rules().toString());
        assertTrue(List.of(a, b).contains(TableFiles.choose(t, "bcast", 4, 64, Placement.ONE_NODE)), t.rules().toString());
        assertEquals(c, TableFiles.choose(t, "bcast", 4, 4096, Placement.ONE_NODE));
    }

    @Test
    void aPrimitiveThatPicksWhateverTheSizeGetsOneRuleTheBestOverAllSizes() {
        List<String> gatherv = Catalog.names("gatherv");
        String a = gatherv.get(0), b = gatherv.get(1);
        List<TableBuilder.Point> pts = new ArrayList<>();
        for (long s : SIZES) {
            // a wins the small sizes by a little, b the large ones by a lot: b is the better single choice.
            pts.add(new TableBuilder.Point("gatherv", 4, s, a, s < 1024 ? 1.0 : 3.0));
            pts.add(new TableBuilder.Point("gatherv", 4, s, b, s < 1024 ? 1.1 : 1.0));
        }
        Table t = TableBuilder.build(pts);
        assertEquals(1, t.rules().size(), t.rules().toString());
        assertEquals("gatherv.1-.0- = " + b, t.rules().get(0).format());
        // A primitive that picks by size keeps its per-size rules from the same measurements.
        pts.replaceAll(pt -> new TableBuilder.Point("bcast", pt.ranks(), pt.bytes(),
                pt.algorithm().equals(a) ? Catalog.names("bcast").get(0) : Catalog.names("bcast").get(1), pt.time()));
        assertEquals(2, TableBuilder.build(pts).rules().size());
    }

    @Test
    void tablesWrittenAreReadByTheSelectorsOwnParser() {
        StringWriter w = new StringWriter();
        TableBuilder.build(synthetic("bcast", Catalog.names("bcast").get(0), Catalog.names("bcast").get(1))).write(w, "x");
        Table t = Table.parse(new StringReader(w.toString()), "test");
        assertTrue(t.rules().size() >= 3, w.toString());
    }

    @Test
    void modelSeedMeasuresOnlyAroundSwitchPoints() {
        // Hockney with a large start-up: binomial (log p messages of m) wins small, scatter-allgather large.
        CollectiveCosts costs = new CollectiveCosts(PointToPoint.hockney(new Hockney(20e-6, 1e-9)), 0, 0);
        long[] sizes = {0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1 << 20, 4 << 20};
        ModelSeed.Plan plan = ModelSeed.plan(costs, "bcast", 8, sizes, List.of("binomial", "scatterAllgather"));
        assertEquals("binomial", plan.modelChoice().get(0L));
        assertEquals("scatterAllgather", plan.modelChoice().get(4L << 20));
        int exhaustive = 2 * sizes.length;
        assertTrue(plan.points() < exhaustive / 2, plan.points() + " points planned against " + exhaustive + ": " + plan.measure());
        // the switch lies between two sizes that are both measured with both candidates
        long firstLarge = 0;
        for (long s : sizes) {
            if (plan.modelChoice().get(s).equals("scatterAllgather")) {
                firstLarge = s;
                break;
            }
        }
        assertTrue(plan.measure().get("binomial").contains(firstLarge) && plan.measure().get("scatterAllgather").contains(firstLarge));
        // a primitive with one algorithm needs no measurement at all
        assertEquals(0, ModelSeed.plan(costs, "barrier", 8, sizes, List.of("dissemination")).points());
    }
    @Test
    void theChoiceIsTheSelectorsForThePlacement() {
        Table t = new Table(List.of(new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 0, Rule.ANY_BYTES, "shared"),
                new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 0, 1023, "MST").only(Placement.NODE_PER_RANK),
                new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 0, Rule.ANY_BYTES, "BT")));
        assertEquals("shared", TableFiles.choose(t, "bcast", 4, 64, Placement.ONE_NODE));
        assertEquals("MST", TableFiles.choose(t, "bcast", 4, 64, Placement.NODE_PER_RANK), "the shared line applies to thread ranks only");
        assertEquals("BT", TableFiles.choose(t, "bcast", 4, 4096, Placement.NODE_PER_RANK));
        assertEquals("BT", TableFiles.choose(t, "bcast", 4, 64, Placement.SEVERAL_NODES));
    }
}
