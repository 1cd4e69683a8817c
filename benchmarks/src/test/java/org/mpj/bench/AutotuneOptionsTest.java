package org.mpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The autotuner refuses bad arguments with a sentence naming them, before it measures anything. */
class AutotuneOptionsTest {
    static String error(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Autotune.parse(args)).getMessage();
    }

    @Test
    void badArgumentsAreNamed() {
        assertTrue(error("--ranks", "2,x").contains("--ranks: 'x'"));
        assertTrue(error("--ranks", "1").contains("--ranks: '1'"));
        assertTrue(error("--ranks", "4096").contains("add --oversubscribe"));
        assertTrue(error("--sizes", "1Q").contains("'1Q' is not a size"));
        assertTrue(error("--primitives", "bcats").contains("unknown test 'bcats'"));
        assertTrue(error("--mode", "fast").contains("--mode: 'fast'"));
        assertTrue(error("--mode", "model").contains("needs --plogp"));
        assertTrue(error("--mode", "verify").contains("needs --table"));
        assertTrue(error("--mode", "table").contains("needs --exhaustive"));
        assertTrue(error("--mode", "table", "--exhaustive", "pom.xml").contains("needs --dev shm|tcp"));
        assertTrue(error("--plogp", "/no/such.csv").contains("no such file"));
        assertTrue(error("--reps").contains("--reps needs a value"));
        assertTrue(error("--reps", "0").contains("--reps: '0' is not a whole number >= 1"));
        assertTrue(error("--recheck", "-1").contains("--recheck: '-1' is not a whole number >= 0"));
    }

    @Test
    void aTableThatDoesNotParseIsRefusedWithItsLine(@TempDir Path dir) throws Exception {
        Path t = Files.writeString(dir.resolve("t.properties"), "# x\nbcast.1-.0- = binomal\n");
        String m = error("--mode", "verify", "--table", t.toString());
        assertTrue(m.startsWith("--table: ") && m.contains("line 2: unknown bcast algorithm 'binomal'; valid: BT"), m);
    }

    @Test
    void rankListsAndRanges() {
        assertEquals(List.of(2, 3, 4, 8), Autotune.ranks("2-4,8"));
        assertEquals(List.of(2, 3, 4, 5, 6, 7, 8), Autotune.parse("--oversubscribe", "--ranks", "2-8").ranks);
    }
}
