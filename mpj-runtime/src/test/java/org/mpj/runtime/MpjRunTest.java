package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.tests.p2p.MpjRunPrograms;
import org.mpj.tests.p2p.SharedClassesTest;
import picocli.CommandLine;

/** {@code mpjrun} in this JVM: options, exit codes and messages; the programs it runs are in org.mpj.tests. */
class MpjRunTest {
    /** What one mpjrun call printed and returned. */
    record Run(int exitCode, String out, String err) {
        String all() {
            return out + err;
        }
    }

    /**
     * Runs mpjrun with {@code args}. picocli's own output goes to the command's writers; a failed
     * job's report goes to System.err, which is captured for the call. System.err is replaced before
     * the command is made: picocli's default execution strategy remembers System.err when it is
     * made, and puts it back as the command's error writer if System.err has changed since.
     */
    private static Run mpjrun(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        int code;
        try {
            CommandLine cmd = MpjRun.commandLine();
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            code = cmd.execute(args);
        } finally {
            System.setErr(saved);
        }
        return new Run(code, out.toString(), err + stderr.toString(StandardCharsets.UTF_8));
    }

    /** Where the test programs' classes are: mpjrun's -cp for them. */
    private static String programsClassPath() {
        return new File(MpjRunPrograms.class.getProtectionDomain().getCodeSource().getLocation().getPath()).getPath();
    }

    @Test
    @Timeout(30)
    void helpExitsZeroAndDescribesTheOptions() {
        Run r = mpjrun("--help");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().contains("mpjrun") && r.out().contains("-np") && r.out().contains("Exit status"),
                "usage names the command, -np and the exit statuses: " + r.out());
    }

    @Test
    @Timeout(30)
    void versionExitsZero() {
        Run r = mpjrun("--version");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().startsWith("mpjrun (MPJ) "), "version line: " + r.out());
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(strings = {"0", "-3"})
    @Timeout(30)
    void aRankCountBelowOneExitsTwo(String np) {
        Run r = mpjrun("-np", np, "-cp", programsClassPath(), MpjRunPrograms.Ring.class.getName(), "1", "--app-option");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("-np must be at least 1 (got " + np + ")"), "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void aJarThatIsMissingOrNotAJarExitsTwoInOneLine(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.jar");
        Run r = mpjrun("-np", "2", "-jar", missing.toString());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("-jar " + missing + ": no such file"), r.err());
        Path text = Files.writeString(dir.resolve("text.jar"), "not a jar\n");
        r = mpjrun("-np", "2", "-jar", text.toString());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("-jar " + text + ": not a readable jar ("), r.err());
        assertTrue(!r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    @Timeout(30)
    void aNegativeTimeoutExitsTwo() {
        Run r = mpjrun("-np", "2", "--timeout", "-5", "-cp", programsClassPath(), MpjRunPrograms.Ring.class.getName(), "1");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("--timeout must be 0 (no limit) or more seconds (got -5)"), "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void sharedClassesLoadTheProgramOnceForEveryRank() {
        SharedClassesTest.OneCopy.reset();
        Run r = mpjrun("-np", "3", "--shared-classes", "-cp", programsClassPath(), SharedClassesTest.OneCopy.class.getName());
        assertEquals(0, r.exitCode(), r.all());
        Run own = mpjrun("-np", "3", "-cp", programsClassPath(), SharedClassesTest.OneCopy.class.getName());
        assertEquals(1, own.exitCode(), "without --shared-classes each rank counts only itself: " + own.all());
        assertTrue(own.err().contains("every rank ran this class's main, one copy of it"), own.err());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--tag-output", "--shared-classes"})
    @Timeout(30)
    void aDeadlockedJobOfThreadRanksExitsOneNamingEachCall(String option) {
        Run r = mpjrun("-np", "3", option, "-Dmpj.deadlockSeconds=1", "-cp", programsClassPath(),
                "org.mpj.tests.p2p.DeadlockTest$WaitForEachOther");
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.err().contains("mpjrun: MPI_ERR_OTHER: job aborted: deadlock: for 1 s every rank still running")
                && r.err().contains("rank 0 in Comm.Recv, rank 1 in Comm.Ssend, rank 2 in Comm.Probe"), r.err());
    }

    @Test
    @Timeout(30)
    void aMissingMainClassExitsTwo() {
        Run r = mpjrun("-np", "2");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("missing the main class"), "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void anUnknownDeviceExitsTwo() {
        Run r = mpjrun("-np", "2", "--dev", "carrier-pigeon", MpjRunPrograms.Ring.class.getName());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("carrier-pigeon") && r.err().contains("shm"), "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void aMainClassThatIsNotOnTheClassPathExitsTwo() {
        Run r = mpjrun("-np", "2", "--timeout", "20", "-cp", programsClassPath(), "org.mpj.tests.p2p.NoSuchProgram");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("cannot find the main class org.mpj.tests.p2p.NoSuchProgram"), "message: " + r.err());
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 3, 8})
    @Timeout(30)
    void aJobThatFinishesExitsZero(int np) {
        Run r = mpjrun("-np", Integer.toString(np), "--timeout", "20", "-cp", programsClassPath(),
                MpjRunPrograms.Ring.class.getName(), Integer.toString(np), "--app-option");
        assertEquals(0, r.exitCode(), r.all());
    }

    @Test
    @Timeout(60)
    void aProgramStartsJobsThroughTheApiAndGetsTheirExitStatus() {
        assertEquals(0, MpjRun.run("-np", "5", "--timeout", "20", "-cp", programsClassPath(),
                MpjRunPrograms.Ring.class.getName(), "5", "--app-option"));
        assertEquals(0, MpjRun.run("-np", "3", "--dev", "tcp", "--stdin", "none", "--timeout", "40", "-cp", programsClassPath(),
                MpjRunPrograms.Ring.class.getName(), "3", "--app-option"));
        PrintStream saved = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            assertEquals(1, MpjRun.run("-np", "3", "--timeout", "20", "-cp", programsClassPath(),
                    MpjRunPrograms.Thrower.class.getName()));
            assertEquals(2, MpjRun.run("-np", "0", "-cp", programsClassPath(), MpjRunPrograms.Ring.class.getName()));
        } finally {
            System.setErr(saved);
        }
    }

    /** Thread ranks take over the JVM's standard streams and properties: a second job waits its turn, refused. */
    @Test
    @Timeout(60)
    void aSecondJobOfThreadRanksInOneJvmIsRefusedSayingWhy() throws Exception {
        PrintStream savedOut = System.out, savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            String launchPrograms = new File(org.mpj.tests.launch.LaunchPrograms.class.getProtectionDomain()
                    .getCodeSource().getLocation().getPath()).getPath();
            java.util.concurrent.CompletableFuture<Integer> first = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> MpjRun.run("-np", "2", "--timeout", "5", "-cp", launchPrograms,
                            org.mpj.tests.launch.LaunchPrograms.Failing.class.getName(), "sleep", "0"));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!out.toString(StandardCharsets.UTF_8).contains("PID 1 ") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("PID 1 "), "the first job's ranks did not start");
            assertEquals(1, MpjRun.run("-np", "2", "-cp", programsClassPath(), MpjRunPrograms.Ring.class.getName(),
                    "2", "--app-option"));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("mpjrun: the job could not start: another job's"
                    + " thread ranks are running in this JVM"), err.toString(StandardCharsets.UTF_8));
            assertEquals(124, first.get(), "the first job, ended by its timeout");
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        assertEquals(0, MpjRun.run("-np", "2", "--timeout", "20", "-cp", programsClassPath(),
                MpjRunPrograms.Ring.class.getName(), "2", "--app-option"), "a job after it runs");
    }

    @Test
    @Timeout(30)
    void anUnknownCollectiveAlgorithmStopsTheJobInOneLineNamingTheValidOnes() {
        Run r = mpjrun("-np", "2", "--timeout", "20", "-Dmpj.coll.allreduce=fastest", "-cp", programsClassPath(),
                MpjRunPrograms.Ring.class.getName(), "1");
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.err().contains("mpjrun: the job could not start: MPI_ERR_ARG: setting mpj.coll.allreduce: "
                + "unknown allreduce algorithm 'fastest'; valid: "), r.err());
        assertTrue(!r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    @Timeout(30)
    void aJobWhoseRankThrowsExitsOneNamingTheRankAndCause() {
        Run r = mpjrun("-np", "3", "--timeout", "20", "-cp", programsClassPath(), MpjRunPrograms.Thrower.class.getName());
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.err().contains("rank 1") && r.err().contains("planned failure of rank 1"),
                "message names the rank and the cause: " + r.err());
    }

    @Test
    @Timeout(30)
    void abortExitsWithItsCode() {
        Run r = mpjrun("-np", "4", "--timeout", "20", "-cp", programsClassPath(), MpjRunPrograms.Aborter.class.getName());
        assertEquals(5, r.exitCode(), r.all());
        assertTrue(r.err().contains("rank 3") && r.err().contains("Abort(5)"), "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void aJobPastItsTimeoutExits124NamingTheWaitingRanks() {
        Run r = mpjrun("-np", "2", "--timeout", "1", "-cp", programsClassPath(), MpjRunPrograms.Deadlock.class.getName());
        assertEquals(124, r.exitCode(), r.all());
        assertTrue(r.err().contains("timed out") && r.err().contains("rank 0") && r.err().contains("rank 1"),
                "message: " + r.err());
    }

    @Test
    @Timeout(30)
    void settingsReachTheRanks() {
        Run r = mpjrun("-np", "2", "--timeout", "20", "-Dmpj.eagerLimitBytes=8", "-cp", programsClassPath(),
                MpjRunPrograms.EagerLimitEight.class.getName());
        assertEquals(0, r.exitCode(), r.all());
    }
}
