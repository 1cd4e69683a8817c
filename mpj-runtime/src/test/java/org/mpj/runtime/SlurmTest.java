package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.tests.launch.LaunchPrograms;

/**
 * mpjrun inside a Slurm allocation ({@code salloc -n 4}): its JVMs are the tasks of one srun step.
 * Needs a running cluster (scripts/slurm-local.sh starts a one-node one, as .ci/run does); skipped
 * where none answers.
 */
class SlurmTest {
    static boolean slurmAnswers() {
        try {
            Process p = new ProcessBuilder("sinfo", "-h").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    record Result(int exitCode, String output) {
    }

    /** {@code salloc -n 4 java ... MpjRun ARGS}: mpjrun as the allocation's command. */
    static Result inAllocation(String... mpjrunArgs) throws Exception {
        return inAllocation(4, mpjrunArgs);
    }

    static Result inAllocation(int tasks, String... mpjrunArgs) throws Exception {
        assumeTrue(slurmAnswers(), "skipped: no Slurm cluster answers 'sinfo' here; scripts/slurm-local.sh (as root)"
                + " installs slurm-wlm and munge and starts a one-node cluster");
        List<String> cmd = new ArrayList<>(List.of("salloc", "-n", Integer.toString(tasks), "--time=5", JvmCommand.java(), "-cp",
                System.getProperty("java.class.path"), MpjRun.class.getName()));
        cmd.addAll(List.of(mpjrunArgs));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("SLURM_"));
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "salloc did not end: " + out);
        return new Result(p.exitValue(), out);
    }

    @Test
    @Timeout(180)
    void fourRanksStartedBySrunRunTheJob() throws Exception {
        Result r = inAllocation("--dev", "tcp", "-np", "4", "--timeout", "90", "-cp", MpjRunJvmsTest.programs(),
                LaunchPrograms.Where.class.getName());
        assertEquals(0, r.exitCode(), r.output());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(r.output().contains("SLURM_PROCID " + rank + " " + rank + "\n"),
                    "rank " + rank + " is srun's task " + rank + ": " + r.output());
        }
    }

    @Test
    @Timeout(180)
    void withoutNpHybridRunsRanksPerJvmTimesTheAllocationsTasks() throws Exception {
        Result r = inAllocation(2, "--dev", "hybrid", "--ranks-per-jvm", "2", "--timeout", "90", "-cp",
                MpjRunJvmsTest.programs(), LaunchPrograms.Where.class.getName());
        assertEquals(0, r.exitCode(), r.output());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(r.output().contains("SLURM_PROCID " + rank + " " + rank / 2 + "\n"),
                    "rank " + rank + " runs in srun's task " + rank / 2 + ": " + r.output());
        }
    }

    @Test
    @Timeout(180)
    void aFailingRankEndsTheStep() throws Exception {
        Result r = inAllocation("--dev", "tcp", "-np", "4", "--timeout", "90", "-cp", MpjRunJvmsTest.programs(),
                LaunchPrograms.Failing.class.getName(), "throw", "2");
        assertEquals(1, r.exitCode(), r.output());
        assertTrue(r.output().contains("mpjrun: ") && r.output().contains("planned failure of rank 2"), r.output());
        MpjRunJvmsTest.Run run = new MpjRunJvmsTest.Run(1, r.output(), "", 0);
        assertEquals(4, run.pids().size(), r.output());
        MpjRunJvmsTest.assertNoneAlive(run.pids(), "the failed Slurm step");
    }
}
