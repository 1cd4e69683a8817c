package org.mpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.bench.model.PLogP;
import org.mpj.bench.report.PLogPCsv;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * PLogPMeasure, GetovStrided and CollTime as jobs on few sizes: they finish, and PLogP's CSV reads back
 * into the model.
 */
@Timeout(60)
class ProgramsTest {
    @Test
    void plogpOnThreeRanksWritesACsvTheModelReads(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("plogp.csv");
        JobResult r = ThreadJob.of(3, PLogPMeasure.class, "--sizes", "0,64,4K", "--reps", "20", "--csv", csv.toString()).run();
        assertTrue(r.succeeded(), r.message());
        assertEquals(4, Files.readAllLines(csv).size());
        assertTrue(Files.readAllLines(csv).get(0).endsWith(",g2_s"), "the gap to 2 destinations is a column");
        PLogP p = PLogPCsv.read(csv);
        assertTrue(p.gap().at(0) > 0 && p.sendOverhead().at(64) > 0 && p.latency() >= 0, p.describe());
    }

    @Test
    void plogpNeedsTheZeroByteSize() throws Exception {
        JobResult r = ThreadJob.of(2, PLogPMeasure.class, "--sizes", "8,64").run();
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("--sizes must include 0"), r.message());
    }

    @Test
    void collTimeRunsEveryCollectiveItNamesAndItsSweepOnThreeRanks() throws Exception {
        for (String primitive : new String[] {"barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall", "gather",
                "scatter", "reduce_scatter", "scan"}) {
            JobResult r = ThreadJob.of(3, CollTime.class, primitive, "64").run();
            assertTrue(r.succeeded(), primitive + ": " + r.message());
        }
        JobResult sweep = ThreadJob.of(3, CollTime.class, "reduce_scatter", "--sweep", "64").run();
        assertTrue(sweep.succeeded(), sweep.message());
        JobResult unknown = ThreadJob.of(2, CollTime.class, "gatherv", "64").run();
        assertFalse(unknown.succeeded());
        assertTrue(unknown.message().contains("valid: barrier"), unknown.message());
    }

    @Test
    void getovStridedOnTwoRanks() throws Exception {
        JobResult r = ThreadJob.of(2, GetovStrided.class, "8,1K", "50").run();
        assertTrue(r.succeeded(), r.message());
    }
}
