package org.mpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.bench.suite.Row;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/** The suite as a job: every test of it on an odd rank count, its CSV, and a bad argument ending the job. */
@Timeout(60)
class SuiteTest {
    @Test
    void everyTestOnThreeRanksWritesItsRows(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("suite.csv");
        JobResult r = ThreadJob.of(3, Suite.class, "--tests", "all", "--types", "int,double", "--sizes", "0,8,4K",
                "--reps", "5", "--quiet", "--csv", csv.toString()).run();
        assertTrue(r.succeeded(), r.message());
        List<Row> rows = Files.readAllLines(csv).stream().skip(1).map(Row::parse).collect(Collectors.toList());
        // pingpong: 2 types x 3 sizes; ring, pairs and 13 collectives x 3 sizes; barrier: 1.
        assertEquals(2 * 3 + 15 * 3 + 1, rows.size());
        for (Row row : rows) {
            assertTrue(row.minUs() <= row.avgUs() && row.avgUs() <= row.maxUs() && row.minUs() > 0, row.csv());
            assertEquals(5, row.reps(), row.csv());
        }
    }

    @Test
    void candidatesInterleavedInOneJobGetRowsOfTheirOwn(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("suite.csv");
        JobResult r = ThreadJob.of(3, Suite.class, "--tests", "allreduce", "--sizes", "8,4K", "--reps", "5", "--stat",
                "median", "--algorithms", "ring,rabenseifner", "--tables", "default=shipped", "--quiet", "--csv",
                csv.toString()).run();
        assertTrue(r.succeeded(), r.message());
        List<Row> rows = Files.readAllLines(csv).stream().skip(1).map(Row::parse).collect(Collectors.toList());
        assertEquals(List.of("ring", "ring", "rabenseifner", "rabenseifner", "default", "default"),
                rows.stream().map(Row::algorithm).collect(Collectors.toList()));
        for (Row row : rows) {
            assertTrue(row.test().equals("allreduce") && row.ranks() == 3 && row.reps() == 5 && row.minUs() > 0, row.csv());
        }
    }

    @Test
    void aBurstOfCallsPerRepetitionGivesTheSameRows(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("suite.csv");
        JobResult r = ThreadJob.of(5, Suite.class, "--tests", "bcast", "--sizes", "8,64K", "--reps", "4", "--algorithms",
                "bFT,MST", "--burst", "6", "--quiet", "--csv", csv.toString()).run();
        assertTrue(r.succeeded(), r.message());
        List<Row> rows = Files.readAllLines(csv).stream().skip(1).map(Row::parse).collect(Collectors.toList());
        assertEquals(List.of("bFT", "bFT", "MST", "MST"), rows.stream().map(Row::algorithm).collect(Collectors.toList()));
        for (Row row : rows) {
            assertTrue(row.ranks() == 5 && row.reps() == 4 && row.minUs() > 0, row.csv());
        }
    }

    @Test
    void helpMeasuresNothingAndEndsTheJobWell(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("suite.csv");
        JobResult r = ThreadJob.of(2, Suite.class, "--help", "--csv", csv.toString()).run();
        assertTrue(r.succeeded(), r.message());
        assertFalse(Files.exists(csv), "--help measures nothing");
    }

    @Test
    void anUnknownPrimitiveEndsTheJobWithItsName() throws Exception {
        JobResult r = ThreadJob.of(2, Suite.class, "--types", "quad").run();
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("unknown primitive 'quad'"), r.message());
    }
}
