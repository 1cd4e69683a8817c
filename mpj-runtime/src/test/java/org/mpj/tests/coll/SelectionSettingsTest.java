package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.runtime.Jobs;

/** A bad table or setting stops the job at Init with a sentence naming what was wrong. */
class SelectionSettingsTest {
    public static class Bcasts {
        public static void main(String[] args) {
            MPI.Init(args);
            int[] x = {MPI.COMM_WORLD.Rank() == 0 ? 7 : 0};
            MPI.COMM_WORLD.Bcast(x, 0, 1, MPI.INT, 0);
            if (x[0] != 7) {
                throw new AssertionError("Bcast gave " + x[0]);
            }
            MPI.Finalize();
        }
    }

    /** The job does not start: Init of the job (made once for all its ranks) throws. */
    private static void assertFailsWith(Map<String, String> settings, String fragment) {
        MpjException e = assertThrows(MpjException.class, () -> Jobs.run(3, settings, Bcasts.class));
        assertEquals(ErrorClass.ERR_ARG, e.errorClass());
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    @Test
    @Timeout(30)
    void unknownForcedAlgorithmNamesTheValidOnes() {
        assertFailsWith(Map.of("mpj.coll.bcast", "noSuchTree"),
                "setting mpj.coll.bcast: unknown bcast algorithm 'noSuchTree'; valid: ");
    }

    @Test
    @Timeout(30)
    void malformedTableLineNamesTheFileAndTheLine(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("mine.properties");
        Files.writeString(table, "# tuned\nallreduce.2-.0- = noSuchAllreduce\n");
        assertFailsWith(Map.of("mpj.coll.table", table.toString()),
                "collectives table " + table + " line 2: unknown allreduce algorithm 'noSuchAllreduce'; valid: ");
    }

    @Test
    @Timeout(30)
    void aValidTableRuns(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("ok.properties");
        Files.writeString(table, "bcast.1-.0- = " + org.mpj.coll.select.Catalog.names("bcast").get(1) + "\n");
        Jobs.runOk(3, Map.of("mpj.coll.table", table.toString()), Bcasts.class);
    }
}
