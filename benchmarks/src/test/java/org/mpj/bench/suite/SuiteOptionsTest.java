package org.mpj.bench.suite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SuiteOptionsTest {
    @Test
    void sizePresetsAndLists() {
        assertArrayEquals(new int[] {0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1 << 20, 4 << 20}, Sizes.parse("models"));
        assertEquals(22, Sizes.parse("pow2").length);
        assertArrayEquals(new int[] {0, 8, 1024, 4096, 8192, 16384, 1 << 20}, Sizes.parse("8,0, 1M,4K-16K,1K,8"));
        assertArrayEquals(new int[] {0, 1, 2, 4}, Sizes.parse("0-4"));
        assertArrayEquals(new int[] {16, 64, 256}, Sizes.parse("16-256:4"));
    }

    @ParameterizedTest(name = "--sizes {0}")
    @CsvSource(delimiter = '|', value = {
        "abc|'abc' is not a size",
        "1K,,2K|empty item between commas",
        "4K-1K|runs backwards",
        "1-8:3|must be :2 or :4",
        "2G|over the limit",
        "-5|'-5' is not a size",
        "12X|'12X' is not a size"})
    void aSizeListThatDoesNotParseIsNamed(String spec, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--sizes", spec));
        assertTrue(e.getMessage().contains(expected) && e.getMessage().contains("--sizes"), e.getMessage());
    }

    @Test
    void anUnknownPrimitiveIsNamedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--types", "byte,quad"));
        assertTrue(e.getMessage().contains("unknown primitive 'quad'") && e.getMessage().contains("double"), e.getMessage());
        assertEquals(List.of(Primitive.BYTE, Primitive.DOUBLE), SuiteOptions.parse("--types", "BYTE, double").types);
        assertEquals(8, SuiteOptions.parse("--types", "all").types.size());
    }

    @Test
    void testsGroupsAndUnknownNames() {
        assertEquals(17, SuiteOptions.parse("--tests", "all").tests.size());
        assertEquals(List.of("ring", "pairs", "bcast"), SuiteOptions.parse("--tests", "patterns,bcast,ring").tests);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--tests", "bcats"));
        assertTrue(e.getMessage().contains("unknown test 'bcats'"), e.getMessage());
    }

    @Test
    void burstTimesSeveralCallsBackToBackAndIsAtLeastOne() {
        assertEquals(1, SuiteOptions.parse().burst);
        assertEquals(20, SuiteOptions.parse("--burst", "20").burst);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--burst", "0")).getMessage()
                .contains("--burst: '0' is not a whole number >= 1"));
    }

    @Test
    void badCountsMissingValuesAndUnknownOptions() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--reps", "0")).getMessage()
                .contains("--reps: '0' is not a whole number >= 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--warmup", "x")).getMessage()
                .contains("--warmup: 'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--csv")).getMessage()
                .contains("--csv needs a value"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--fast")).getMessage()
                .contains("unknown option '--fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--stat", "mode")).getMessage()
                .contains("--stat: 'mode' is not mean or median"));
        assertTrue(SuiteOptions.parse("--stat", "median").median);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse("--seed", "1.5")).getMessage()
                .contains("--seed: '1.5' is not a whole number"));
        assertEquals(Interleaved.SEED, SuiteOptions.parse().seed);
        assertEquals(-7L, SuiteOptions.parse("--seed", "-7").seed);
        assertTrue(SuiteOptions.parse("--tests", "bcast", "--help").help);
        assertFalse(SuiteOptions.parse("--tests", "bcast").help);
    }

    static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse(args)).getMessage();
    }

    @Test
    void algorithmsAndTablesBecomeCandidatesInOrder(@TempDir Path dir) throws Exception {
        Path table = Files.writeString(dir.resolve("t.properties"), "bcast.1-.0- = MST\n");
        SuiteOptions o = SuiteOptions.parse("--tests", "bcast", "--algorithms", "BT, linear", "--tables",
                "tuned=" + table + ",default=shipped");
        assertEquals(List.of("BT", "linear", "tuned", "default"),
                o.candidates.stream().map(Candidate::label).collect(Collectors.toList()));
        assertEquals("linear", o.candidates.get(1).algorithm());
        assertEquals("MST", o.candidates.get(2).table().rules().get(0).algorithm());
        assertTrue(o.candidates.get(3).table() != null && o.candidates.get(3).algorithm() == null);
        assertEquals(2, SuiteOptions.parse("--tests", "bcast,allreduce", "--tables", "a=shipped,b=" + table).candidates.size());
        assertTrue(SuiteOptions.parse("--tests", "bcast").candidates.isEmpty());
    }

    @Test
    void badCandidatesAreRefusedWithTheValidNames(@TempDir Path dir) throws Exception {
        String m = refusal("--tests", "bcast", "--algorithms", "BT,binomal");
        assertTrue(m.contains("--algorithms: unknown bcast algorithm 'binomal'; valid: BT, scatterAllgather, MST"), m);
        m = refusal("--tests", "bcast,reduce", "--algorithms", "BT");
        assertTrue(m.contains("--algorithms names algorithms of one collective; --tests has 2: bcast, reduce"), m);
        m = refusal("--algorithms", "BT");
        assertTrue(m.contains("--tests has 'pingpong', which is not one"), m);
        m = refusal("--tests", "bcast", "--algorithms", "BT", "--label", "x");
        assertTrue(m.contains("--label names the rows of a run without --algorithms"), m);
        m = refusal("--tests", "bcast", "--algorithms", "BT,MST", "--tables", "BT=shipped");
        assertTrue(m.contains("--tables: 'BT' is named twice"), m);
        m = refusal("--tests", "bcast", "--tables", "tuned");
        assertTrue(m.contains("--tables: 'tuned' is not NAME=FILE"), m);
        m = refusal("--tests", "bcast", "--tables", "tuned=/no/such.properties");
        assertTrue(m.contains("--tables tuned: no such file /no/such.properties"), m);
        Path bad = Files.writeString(dir.resolve("bad.properties"), "bcast.1-.0- = binomal\n");
        m = refusal("--tests", "bcast", "--tables", "tuned=" + bad);
        assertTrue(m.contains("--tables tuned: ") && m.contains("line 1: unknown bcast algorithm 'binomal'; valid: BT"), m);
    }

    @Test
    void rowsRoundTripThroughCsvAndFlagTheirSpread() {
        Row r = new Row("bcast", "BYTE", "MST", 4, 1024, 100, 10, 10.2, 10.6, 401.6);
        Row back = Row.parse(r.csv());
        assertEquals(r.test(), back.test());
        assertEquals(r.avgUs(), back.avgUs(), 1e-9);
        assertTrue(r.flagged(), "6% spread is flagged");
        assertTrue(!new Row("bcast", "BYTE", "MST", 4, 1024, 100, 10, 10.1, 10.4, 1).flagged(), "4% is not");
    }
}
