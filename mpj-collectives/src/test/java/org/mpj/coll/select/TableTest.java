package org.mpj.coll.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.core.Config;
import org.mpj.core.MpjException;

class TableTest {
    private static final String BCAST_DEFAULT = Catalog.names("bcast").get(0);
    private static final String BCAST_OTHER = Catalog.names("bcast").get(1);

    @Test
    void parsesRangesCommentsAndBlankLines() {
        Table t = Table.parse(new StringReader("""
                # comment

                bcast.2-4.0-8191 = %s
                  bcast.5-.65536- =%s
                barrier.3.0 = %s
                """.formatted(BCAST_DEFAULT, BCAST_OTHER, Catalog.names("barrier").get(0))), "t");
        assertEquals(List.of(
                new Rule(Primitive.BCAST, 2, 4, 0, 8191, BCAST_DEFAULT, 3),
                new Rule(Primitive.BCAST, 5, Rule.ANY_RANKS, 65536, Rule.ANY_BYTES, BCAST_OTHER, 4),
                new Rule(Primitive.BARRIER, 3, 3, 0, 0, Catalog.names("barrier").get(0), 5)), t.rules());
    }

    @Test
    void writeThenParseGivesTheSameRules() {
        Table t = new Table(List.of(
                new Rule(Primitive.BCAST, 1, 4, 0, 1023, BCAST_OTHER),
                new Rule(Primitive.BCAST, 5, Rule.ANY_RANKS, 1024, Rule.ANY_BYTES, BCAST_DEFAULT),
                new Rule(Primitive.REDUCE_SCATTER, 2, 2, 7, 7, Catalog.names("reduce_scatter").get(0)),
                new Rule(Primitive.BCAST, 2, 8, 0, 63, BCAST_OTHER).only(Placement.ONE_NODE)));
        StringWriter out = new StringWriter();
        t.write(out, "written by a test\nsecond line");
        Table back = Table.parse(new StringReader(out.toString()), "round trip");
        assertEquals(t.rules().size(), back.rules().size());
        for (int i = 0; i < t.rules().size(); i++) {
            Rule a = t.rules().get(i), b = back.rules().get(i);
            assertEquals(a.format(), b.format());
        }
    }

    @Test
    void errorsNameTheSourceTheLineAndWhatIsValid() {
        assertError("a.properties line 2: unknown bcast algorithm 'nope'; valid: " + BCAST_DEFAULT,
                "# ok\nbcast.1-.0- = nope\n");
        assertError("line 1: unknown primitive 'bcats'; valid: barrier, bcast", "bcats.1-.0- = x\n");
        assertError("line 1: expected 'primitive.ranks.bytes = algorithm', found 'bcast.1-.0-'", "bcast.1-.0-\n");
        assertError("line 1: expected 'primitive.ranks.bytes = algorithm'", "bcast.1- = " + BCAST_DEFAULT + "\n");
        assertError("line 1: bad bytes range 'x-'", "bcast.1-.x- = " + BCAST_DEFAULT + "\n");
        assertError("line 1: bad ranks range '4-2'", "bcast.4-2.0- = " + BCAST_DEFAULT + "\n");
        assertError("line 1: a rank range starts at 1 or more", "bcast.0-2.0- = " + BCAST_DEFAULT + "\n");
    }

    private static void assertError(String expected, String text) {
        MpjException e = assertThrows(MpjException.class, () -> Table.parse(new StringReader(text), "a.properties"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void firstMatchingRuleWinsAndTheDefaultCoversTheRest(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.properties");
        Files.writeString(file, "bcast.3-4.100-199 = " + BCAST_OTHER + "\nbcast.1-.150- = " + BCAST_DEFAULT + "\n"
                + "bcast.1-.200- = " + BCAST_OTHER + "\n");
        Selector s = Selector.configure(Config.withOverrides(Map.of(Selector.TABLE, file.toString())));
        Object other = Catalog.lookup(Primitive.BCAST, BCAST_OTHER), def = Catalog.defaultAlgorithm(Primitive.BCAST);
        Choice four = s.forSize(4, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()];
        assertSame(def, four.pick(99));
        assertSame(other, four.pick(100));
        assertSame(other, four.pick(199));
        assertSame(def, four.pick(200));
        Choice two = s.forSize(2, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()];
        assertSame(def, two.pick(100));
        assertSame(def, two.pick(150));
    }

    @Test
    void sharedAndHierarchicalRulesApplyOnlyToThePlacementsTheyAreMadeFor(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.properties");
        Files.writeString(file, "bcast.1-.0- = shared\nbcast.1-.0- = hierarchical\nbcast.1-.0- = " + BCAST_OTHER + "\n");
        Selector s = Selector.configure(Config.withOverrides(Map.of(Selector.TABLE, file.toString())));
        assertSame(Catalog.lookup(Primitive.BCAST, "shared"),
                s.forSize(4, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(8));
        assertSame(Catalog.lookup(Primitive.BCAST, "hierarchical"),
                s.forSize(4, Placement.SEVERAL_NODES, false)[Primitive.BCAST.ordinal()].pick(8));
        assertSame(Catalog.lookup(Primitive.BCAST, BCAST_OTHER),
                s.forSize(4, Placement.NODE_PER_RANK, false)[Primitive.BCAST.ordinal()].pick(8));
    }

    @Test
    void aRuleLimitedToAPlacementAppliesThereOnly(@TempDir Path dir) throws Exception {
        String third = Catalog.names("bcast").get(2);
        Path file = dir.resolve("t.properties");
        Files.writeString(file, "shm:bcast.1-.0- = " + BCAST_OTHER + "\n tcp : bcast.1-.1024- = " + third + "\n");
        Table t = Table.parse(Files.newBufferedReader(file), "t");
        assertEquals(List.of(new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 0, Rule.ANY_BYTES, BCAST_OTHER, 1, Placement.ONE_NODE, false),
                new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 1024, Rule.ANY_BYTES, third, 2, Placement.NODE_PER_RANK, false)),
                t.rules());
        assertEquals("shm:bcast.1-.0- = " + BCAST_OTHER, t.rules().get(0).format());
        Selector s = Selector.configure(Config.withOverrides(Map.of(Selector.TABLE, file.toString())));
        Object def = Catalog.lookup(Primitive.BCAST, BCAST_DEFAULT);
        assertSame(Catalog.lookup(Primitive.BCAST, BCAST_OTHER), s.forSize(4, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(4096));
        assertSame(Catalog.lookup(Primitive.BCAST, third), s.forSize(4, Placement.NODE_PER_RANK, false)[Primitive.BCAST.ordinal()].pick(4096));
        assertSame(def, s.forSize(4, Placement.NODE_PER_RANK, false)[Primitive.BCAST.ordinal()].pick(8));
        assertSame(def, s.forSize(4, Placement.SEVERAL_NODES, false)[Primitive.BCAST.ordinal()].pick(4096));
        assertError("line 1: unknown or repeated word 'smh' before the primitive; valid: shm, hybrid, tcp (one of them),"
                + " oversubscribed", "smh:bcast.1-.0- = " + BCAST_DEFAULT + "\n");
        assertError("line 1: unknown or repeated word 'tcp'", "shm:tcp:bcast.1-.0- = " + BCAST_DEFAULT + "\n");
        assertEquals("oversubscribed:tcp:bcast.1-.0- = " + BCAST_DEFAULT, Table.parse(new java.io.StringReader(
                "tcp:oversubscribed:bcast.1-.0- = " + BCAST_DEFAULT), "t").rules().get(0).format(), "tcp JVMs may be oversubscribed");
    }

    @Test
    void anOversubscribedRuleAppliesOnlyWhereTheRanksOutnumberTheirCores(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.properties");
        Files.writeString(file, "oversubscribed:shm:bcast.3-8.0- = " + BCAST_OTHER + "\n oversubscribed : bcast.1-.0-7 = "
                + BCAST_OTHER + "\nshm:oversubscribed:bcast.1-2.0- = " + BCAST_OTHER + "\n");
        Table t = Table.parse(Files.newBufferedReader(file), "t");
        assertEquals(new Rule(Primitive.BCAST, 3, 8, 0, Rule.ANY_BYTES, BCAST_OTHER, 1, Placement.ONE_NODE, true), t.rules().get(0));
        assertEquals(new Rule(Primitive.BCAST, 1, Rule.ANY_RANKS, 0, 7, BCAST_OTHER, 2, null, true), t.rules().get(1));
        assertEquals("oversubscribed:shm:bcast.1-2.0- = " + BCAST_OTHER, t.rules().get(2).format(), "either order of the words");
        assertEquals("oversubscribed:shm:bcast.3-8.0- = " + BCAST_OTHER, t.rules().get(0).format());
        for (Rule r : t.rules()) {
            Rule again = Table.parse(new java.io.StringReader(r.format()), "again").rules().get(0);
            assertEquals(new Rule(r.primitive(), r.ranksLo(), r.ranksHi(), r.bytesLo(), r.bytesHi(), r.algorithm(), 1,
                    r.placement(), r.oversubscribed()), again, r.format());
        }
        Selector s = Selector.configure(Config.withOverrides(Map.of(Selector.TABLE, file.toString())));
        Object other = Catalog.lookup(Primitive.BCAST, BCAST_OTHER), def = Catalog.defaultAlgorithm(Primitive.BCAST);
        assertSame(other, s.forSize(4, Placement.ONE_NODE, true)[Primitive.BCAST.ordinal()].pick(4096));
        assertSame(def, s.forSize(4, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(4096));
        assertSame(def, s.forSize(9, Placement.ONE_NODE, true)[Primitive.BCAST.ordinal()].pick(4096), "9 ranks: no rule");
        // JVMs of a job all on one host that outnumber its cores (Selector.oversubscribed decides when):
        // the unplaced oversubscribed rule applies, the shm one does not.
        assertSame(other, s.forSize(4, Placement.NODE_PER_RANK, true)[Primitive.BCAST.ordinal()].pick(4));
        assertSame(other, s.forSize(4, Placement.SEVERAL_NODES, true)[Primitive.BCAST.ordinal()].pick(4));
        assertSame(def, s.forSize(4, Placement.NODE_PER_RANK, true)[Primitive.BCAST.ordinal()].pick(4096));
        assertSame(def, s.forSize(4, Placement.NODE_PER_RANK, false)[Primitive.BCAST.ordinal()].pick(4));
        assertSame(other, s.forSize(12, Placement.ONE_NODE, true)[Primitive.BCAST.ordinal()].pick(4));
        assertSame(def, s.forSize(12, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(4));
    }

    @Test
    void aSettingForcesOneAlgorithmAtEverySize() {
        Selector s = Selector.configure(Config.withOverrides(Map.of("mpj.coll.bcast", BCAST_OTHER)));
        Object other = Catalog.lookup(Primitive.BCAST, BCAST_OTHER);
        for (int ranks : new int[] {1, 3, 64}) {
            assertSame(other, s.forSize(ranks, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(0));
            assertSame(other, s.forSize(ranks, Placement.ONE_NODE, false)[Primitive.BCAST.ordinal()].pick(1L << 40));
        }
    }

    @Test
    void badSettingsNameTheSettingAndTheValidValues() {
        MpjException e = assertThrows(MpjException.class,
                () -> Selector.configure(Config.withOverrides(Map.of("mpj.coll.bcast", "nope"))));
        assertTrue(e.getMessage().contains("setting mpj.coll.bcast: unknown bcast algorithm 'nope'; valid: "
                + BCAST_DEFAULT), e.getMessage());
        e = assertThrows(MpjException.class,
                () -> Selector.configure(Config.withOverrides(Map.of("mpj.coll.bcat", BCAST_DEFAULT))));
        assertTrue(e.getMessage().contains("unknown setting mpj.coll.bcat"), e.getMessage());
        e = assertThrows(MpjException.class,
                () -> Selector.configure(Config.withOverrides(Map.of(Selector.TABLE, "/no/such/table"))));
        assertTrue(e.getMessage().contains("no such file /no/such/table"), e.getMessage());
    }

    @Test
    void theDefaultTableParses() {
        Selector.configure(Config.withOverrides(Map.of()));
    }

    @Test
    @Timeout(10)
    void eachPlacementListsTheAlgorithmsItsRulesMaySelect() {
        List<String> oneNode = Catalog.names("bcast", Placement.ONE_NODE);
        List<String> nodes = Catalog.names("bcast", Placement.SEVERAL_NODES);
        List<String> perRank = Catalog.names("bcast", Placement.NODE_PER_RANK);
        assertEquals(Catalog.names("bcast").get(0), oneNode.get(0), "the default comes first");
        assertTrue(oneNode.contains("shared") && !oneNode.contains("hierarchical"), "one node: " + oneNode);
        assertTrue(nodes.contains("hierarchical") && !nodes.contains("shared"), "several nodes: " + nodes);
        assertTrue(!perRank.contains("hierarchical") && !perRank.contains("shared") && perRank.contains("MST"),
                "a node per rank: " + perRank);
        assertTrue(Catalog.names("nonsense", Placement.ONE_NODE).isEmpty());
    }
}
