package org.mpj.bench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.mpj.bench.suite.Row;
import org.mpj.coll.select.Table;
import org.mpj.coll.select.Placement;

/** Rounds compare candidates only within a round, then take medians over rounds. */
class RoundsTest {
    /** Rows of bcast on 4 ranks at 64 bytes: {@code times[round][candidate]}, written round after round. */
    static List<Row> rows(String[] names, double[][] times) {
        List<Row> rows = new ArrayList<>();
        for (double[] round : times) {
            for (int c = 0; c < names.length; c++) {
                rows.add(new Row("bcast", "BYTE", names[c], 4, 64, 10, round[c], round[c], round[c], 1));
            }
        }
        return rows;
    }

    static Rounds.Point point(List<Row> rows) {
        return Rounds.index(rows).get("bcast").get(4).get(64L);
    }

    @Test
    void theCandidateFasterInMostRoundsWinsWhateverOneRoundsLuck() {
        // Round 1 was quiet for MST (1.0, best of all rounds); BT was faster in rounds 2 and 3, which a
        // slower host stretched. Best-of-rounds would take MST; within-round ratios take BT.
        List<Row> rows = rows(new String[] {"MST", "BT"}, new double[][] {{1.0, 2.0}, {3.0, 2.5}, {3.6, 3.0}});
        Rounds.Point pt = point(rows);
        assertEquals("BT", pt.fastest(c -> true));
        assertEquals(1.0, pt.ratioToFastest("BT", c -> true), 1e-12);
        assertEquals(1.2, pt.ratioToFastest("MST", c -> true), 1e-12);
        assertEquals(3.0, pt.medianUs("MST"), 1e-12);
        Table t = TableBuilder.build(Rounds.tablePoints(rows, c -> true));
        assertEquals("BT", TableFiles.choose(t, "bcast", 4, 64, Placement.ONE_NODE));
    }

    @Test
    void ratiosPairTimesOfTheSameRound() {
        List<Row> rows = rows(new String[] {"BT", "tuned", "default"}, new double[][] {{1.0, 1.1, 2.0}, {3.0, 3.0, 3.3}});
        Rounds.Point pt = point(rows);
        // tuned / BT: 1.1 and 1.0, mean of the two middle values of two rounds.
        assertEquals(1.05, pt.ratio("tuned", "BT"), 1e-12);
        // Against the fastest competitor of each round (BT): tuned is not one, so it does not set the pace.
        assertEquals(1.05, pt.ratioToFastest("tuned", c -> c.equals("BT")), 1e-12);
        assertEquals("BT", pt.fastest(c -> !c.equals("tuned") && !c.equals("default")));
        assertEquals((1.1 / 2.0 + 3.0 / 3.3) / 2, pt.ratio("tuned", "default"), 1e-12);
        assertEquals(1.0, Rounds.median(List.of(1.0)), 0);
        assertEquals(2.0, Rounds.median(List.of(3.0, 1.0, 2.0)), 0);
    }

    @Test
    void aPlansSizesWithTheSameCandidatesAreOneJob() {
        Map<String, TreeSet<Long>> measure = new java.util.LinkedHashMap<>();
        measure.put("A", new TreeSet<>(List.of(8L, 64L)));
        measure.put("B", new TreeSet<>(List.of(64L)));
        measure.put("C", new TreeSet<>(List.of(8L, 64L, 1024L, 4096L)));
        Map<List<String>, TreeSet<Long>> jobs = new ModelSeed.Plan(measure, new TreeMap<>()).jobs();
        assertEquals(Map.of(List.of("A", "C"), new TreeSet<>(List.of(8L)), List.of("A", "B", "C"), new TreeSet<>(List.of(64L)),
                List.of("C"), new TreeSet<>(List.of(1024L, 4096L))), jobs);
    }
}
