package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.tests.launch.LaunchPrograms;
import picocli.CommandLine;

/**
 * mpjrun with ranks in JVMs of their own (--dev tcp, hybrid): output forwarding, standard input,
 * and every way a rank can end the job, each named, with no JVM left behind. mpjrun runs in this JVM
 * (its stdout, stderr and stdin replaced for the call), except where the test must signal it.
 */
class MpjRunJvmsTest {
    private static final Pattern PID = Pattern.compile("(?m)^(?:\\[\\d+\\] )?PID (\\d+) (\\d+)$");
    /** The rank JVMs of these short programs start faster with C1 only and a serial collector. */
    static final String FAST_START = "-Dmpj.rankJavaOpts=" + String.join(" ", Jobs.FAST_START);
    /** The "within a few seconds": from the failure to mpjrun's exit. */
    static final long ENDS_WITHIN_MS = 8_000;

    record Run(int exitCode, String out, String err, long millis) {
        List<Long> pids() {
            List<Long> pids = new ArrayList<>();
            Matcher m = PID.matcher(out);
            while (m.find()) {
                pids.add(Long.parseLong(m.group(2)));
            }
            return pids;
        }
    }

    /** Output captured from several threads at once (the output pumps, the ranks). */
    static final class Capture extends ByteArrayOutputStream {
        synchronized String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    static synchronized Run mpjrun(String stdin, Capture out, Capture err, String... args) {
        PrintStream savedOut = System.out, savedErr = System.err;
        InputStream savedIn = System.in;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        long t0 = System.nanoTime();
        int code;
        try {
            CommandLine cmd = MpjRun.commandLine();
            StringWriter w = new StringWriter();
            cmd.setOut(new PrintWriter(w, true));
            cmd.setErr(new PrintWriter(w, true));
            code = cmd.execute(args);
            System.err.print(w);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            System.setIn(savedIn);
        }
        return new Run(code, out.text(), err.text(), (System.nanoTime() - t0) / 1_000_000);
    }

    static Run mpjrun(String... args) {
        return mpjrun("", new Capture(), new Capture(), args);
    }

    static String programs() {
        return new File(LaunchPrograms.class.getProtectionDomain().getCodeSource().getLocation().getPath()).getPath();
    }

    static String[] job(String dev, int np, Class<?> program, String... args) {
        List<String> a = new ArrayList<>(List.of("--dev", dev, "-np", Integer.toString(np), "--ranks-per-jvm",
                dev.equals("hybrid") ? "2" : "1", "--timeout", "60", FAST_START, "-cp", programs(), program.getName()));
        a.addAll(List.of(args));
        return a.toArray(new String[0]);
    }

    static void assertNoneAlive(List<Long> pids, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ENDS_WITHIN_MS);
        for (long pid : pids) {
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                    what + ": the JVM with pid " + pid + " is still running");
        }
    }

    @ParameterizedTest(name = "--dev {0}")
    @ValueSource(strings = {"shm", "tcp", "hybrid"})
    @Timeout(120)
    void linesOfEveryRankArriveWholeAndTagged(String dev) {
        int np = 3, lines = 200;
        Run r = mpjrun("", new Capture(), new Capture(), prepend("--tag-output", job(dev, np, LaunchPrograms.Chatter.class,
                Integer.toString(lines))));
        assertEquals(0, r.exitCode(), r.err());
        int[] outCount = new int[np], errCount = new int[np];
        for (String line : r.out().split("\n")) {
            if (line.contains(" PID ")) {
                continue;
            }
            Matcher m = Pattern.compile("^\\[(\\d)\\] line (\\d) \\d+ ([a-z]{200})$").matcher(line);
            assertTrue(m.matches(), "a stdout line split or mixed: '" + line + "'");
            int rank = Integer.parseInt(m.group(1));
            assertEquals(m.group(1), m.group(2), "tag and writer differ: " + line);
            assertEquals(String.valueOf((char) ('a' + rank)).repeat(200), m.group(3), "line of rank " + rank + ": " + line);
            outCount[rank]++;
        }
        for (String line : r.err().split("\n")) {
            Matcher m = Pattern.compile("^\\[(\\d)\\] err (\\d) \\d+ ([a-z]{100})$").matcher(line);
            assertTrue(m.matches(), "a stderr line split or mixed: '" + line + "'");
            errCount[Integer.parseInt(m.group(1))]++;
        }
        for (int rank = 0; rank < np; rank++) {
            assertEquals(lines, outCount[rank], "stdout lines of rank " + rank);
            assertEquals(lines, errCount[rank], "stderr lines of rank " + rank);
        }
    }

    @ParameterizedTest(name = "--dev {0}")
    @ValueSource(strings = {"shm", "tcp", "hybrid"})
    @Timeout(120)
    void standardInputGoesToRankZeroOnly(String dev) {
        Run r = mpjrun("first line\nsecond line\n", new Capture(), new Capture(), job(dev, 3, LaunchPrograms.EchoStdin.class));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("echo: first line\necho: second line\n"), "rank 0's echo: " + r.out());
    }

    @ParameterizedTest(name = "--dev {0}")
    @ValueSource(strings = {"shm", "tcp", "hybrid"})
    @Timeout(120)
    void eachDashDIsASystemPropertyOfEveryRankAndOfTheJobOnly(String dev) {
        String[] names = {"colour", "greeting", "mpj.test.unset", "mpj.eagerLimitBytes"};
        String[] a = job(dev, 3, LaunchPrograms.Properties.class, names);
        a = prepend("-Dcolour=blue", prepend("-Dgreeting=two words", prepend("-Dmpj.eagerLimitBytes=4096", a)));
        Run r = mpjrun(a);
        assertEquals(0, r.exitCode(), r.err());
        for (int rank = 0; rank < 3; rank++) {
            for (String expected : new String[] {"colour=blue", "greeting=two words", "mpj.test.unset=null",
                    "mpj.eagerLimitBytes=4096"}) {
                assertTrue(r.out().contains("property " + rank + " " + expected + "\n"),
                        "rank " + rank + " should see " + expected + ": " + r.out());
            }
        }
        // Thread ranks share mpjrun's JVM, whose properties are put back once the job is over.
        assertEquals(null, System.getProperty("colour"));
        assertEquals(null, System.getProperty("mpj.eagerLimitBytes"));
    }

    @ParameterizedTest(name = "--dev {0}: rank {2} does {1}")
    @CsvSource({
        "tcp, throw, 1, 1, planned failure of rank 1",
        "hybrid, throw, 2, 1, planned failure of rank 2",
        "tcp, abort, 2, 7, rank 2 called MPI.Abort(7)",
        "hybrid, abort, 3, 7, rank 3 called MPI.Abort(7)",
        "tcp, exit, 1, 3, rank 1 called System.exit(3) before MPI.Finalize",
        "hybrid, exit, 0, 3, the JVM of ranks 0..1 called System.exit(3) before MPI.Finalize",
        "tcp, return, 2, 1, rank 2 returned from main without calling MPI.Finalize",
        "hybrid, return, 1, 1, rank 1 returned from main without calling MPI.Finalize",
    })
    @Timeout(120)
    void aFailingRankEndsTheJobNamingItself(String dev, String how, int failing, int code, String expected)
            throws InterruptedException {
        Run r = mpjrun(job(dev, 4, LaunchPrograms.Failing.class, how, Integer.toString(failing)));
        assertEquals(code, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("mpjrun: ") && r.err().contains(expected), "mpjrun names the cause: " + r.err());
        assertEquals(4, r.pids().size(), "every rank started: " + r.out());
        assertNoneAlive(r.pids(), how);
    }

    @Test
    @Timeout(60)
    void finalizeThenSystemExitIsASuccess() {
        Run r = mpjrun(job("tcp", 3, LaunchPrograms.Failing.class, "finalize-exit", "0"));
        assertEquals(0, r.exitCode(), r.err());
    }

    @ParameterizedTest(name = "--dev {0}")
    @ValueSource(strings = {"tcp", "hybrid"})
    @Timeout(120)
    void aRankKilledWithSignalNineEndsTheJob(String dev) throws Exception {
        Capture out = new Capture(), err = new Capture();
        CompletableFuture<Run> job = CompletableFuture.supplyAsync(() ->
                mpjrun("", out, err, job(dev, 4, LaunchPrograms.Failing.class, "sleep", "0")));
        long victim = waitForPids(out, 4).get(3);
        new ProcessBuilder("kill", "-9", Long.toString(victim)).start().waitFor();
        long killedAt = System.nanoTime();
        Run r = job.get(60, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - killedAt) / 1_000_000;
        assertNotEquals(0, r.exitCode(), r.err());
        String named = dev.equals("tcp") ? "rank 3 was killed by signal 9" : "the JVM of ranks 2..3 was killed by signal 9";
        assertTrue(r.err().contains(named), "mpjrun names the killed rank: " + r.err());
        assertTrue(ms < ENDS_WITHIN_MS, "the job ended " + ms + " ms after the kill");
        assertNoneAlive(r.pids(), "kill -9");
    }

    static List<Long> waitForPids(Capture out, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Run snapshot = new Run(0, out.text(), "", 0);
            if (snapshot.pids().size() >= n) {
                List<Long> pids = new ArrayList<>(n);
                for (int rank = 0; rank < n; rank++) {
                    Matcher m = Pattern.compile("(?m)^(?:\\[\\d+\\] )?PID " + rank + " (\\d+)$").matcher(snapshot.out());
                    assertTrue(m.find(), "no PID line of rank " + rank + ": " + snapshot.out());
                    pids.add(Long.parseLong(m.group(1)));
                }
                return pids;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the ranks did not all start within 60 s: " + out.text());
    }

    /**
     * mpjrun as a process of its own, stopped with SIGINT or SIGTERM as Ctrl-C or a batch system
     * would (its shutdown hook kills the JVMs), or killed with SIGKILL (the JVMs see their control
     * connection drop and end themselves).
     */
    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM", "KILL"})
    @Timeout(120)
    void stoppingMpjrunEndsEveryRank(String signal) throws Exception {
        // A shell starts background jobs with SIGINT ignored, mpjrun inherits that, and its JVM keeps it
        // ignored, as Ctrl-C at the terminal should leave a background job alone: nothing to test then.
        assumeTrue(!signal.equals("INT") || !ignored(2), "SIGINT is ignored in this process (started in the background?)");
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(), "-cp", System.getProperty("java.class.path"),
                MpjRun.class.getName()));
        cmd.addAll(List.of(job("tcp", 3, LaunchPrograms.Failing.class, "sleep", "0")));
        long socketsBefore = localSockets();
        Process mpjrun = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Capture out = new Capture();
        Thread reader = new Thread(() -> {
            try {
                mpjrun.getInputStream().transferTo(out);
            } catch (java.io.IOException ignored) {
                // mpjrun ended
            }
        });
        reader.start();
        List<Long> pids = waitForPids(out, 3);
        new ProcessBuilder("kill", "-" + signal, Long.toString(mpjrun.pid())).start().waitFor();
        assertTrue(mpjrun.waitFor(10, TimeUnit.SECONDS), "mpjrun did not end on SIG" + signal);
        assertNoneAlive(pids, "SIG" + signal + " to mpjrun");
        reader.join(5000);
        // The JVMs its shutdown hook killed are not reported as a rank's failure (it may print nothing).
        assertFalse(out.text().contains("was killed by signal"), "mpjrun blamed a rank for its own stop: " + out.text());
        if (!signal.equals("KILL")) { // mpjrun removes the killed ranks' Unix sockets; after SIGKILL nothing can
            assertEquals(socketsBefore, localSockets(), "Unix sockets left in " + TcpDevice.localSocketOf(ANY).getParent());
        }
    }

    /**
     * Thread ranks run in mpjrun's own JVM (a process of its own here, as System.exit ends it): a rank's
     * System.exit before Finalize fails the job naming the rank; after Finalize it ends that rank only,
     * and the JVM exits with its status once the others have finished.
     */
    @ParameterizedTest(name = "shm: {0}")
    @CsvSource({"exit, 1", "exit-after-finalize, 4"})
    @Timeout(60)
    void aThreadRanksSystemExit(String how, int code) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(), "-cp", System.getProperty("java.class.path"),
                MpjRun.class.getName()));
        cmd.addAll(List.of(how.equals("exit") ? job("shm", 3, LaunchPrograms.Failing.class, "exit", "1")
                : job("shm", 3, LaunchPrograms.ExitAfterFinalize.class, "4")));
        Process mpjrun = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(mpjrun.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(mpjrun.waitFor(30, TimeUnit.SECONDS), "mpjrun did not end: " + out);
        assertEquals(code, mpjrun.exitValue(), out);
        if (how.equals("exit")) {
            assertTrue(out.contains("mpjrun: ") && out.contains("rank 1 called System.exit before MPI.Finalize"), out);
        } else {
            assertTrue(out.contains("after Finalize: rank 1") && out.contains("after Finalize: rank 2"),
                    "the other ranks finished after rank 0's exit: " + out);
            assertFalse(out.contains("mpjrun: "), out);
        }
    }

    /** A bad setting stops a JVM rank as it starts: mpjrun's one line names that rank ("rank 1", not "ranks 1..1"). */
    @Test
    @Timeout(60)
    void aBadSettingStopsJvmRanksInOneLineNamingTheRank() throws InterruptedException {
        Run r = mpjrun("--dev", "tcp", "-np", "2", "--timeout", "60", FAST_START, "-Dmpj.coll.allreduce=fastest",
                "-cp", programs(), LaunchPrograms.Failing.class.getName(), "throw", "9");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().matches("(?s).*mpjrun: rank [01] could not start: MPI_ERR_ARG: setting mpj.coll.allreduce: "
                + "unknown allreduce algorithm 'fastest'; valid: .*"), r.err());
    }

    /**
     * At the time limit mpjrun's one line says where every JVM rank waits, as thread ranks' timeout
     * message does: each JVM answers before any is ordered to abort (an abort reaching a peer over tcp
     * first once ended its wait before it could say where it was).
     */
    @ParameterizedTest(name = "--dev {0}")
    @ValueSource(strings = {"tcp", "hybrid"})
    @Timeout(60)
    void aTimedOutJobSaysWhereEachJvmRankWaits(String dev) throws InterruptedException {
        Run r = mpjrun("--dev", dev, "-np", dev.equals("tcp") ? "2" : "4", "--ranks-per-jvm", dev.equals("tcp") ? "1" : "2",
                "--timeout", "6", FAST_START, "-cp", programs(), LaunchPrograms.Failing.class.getName(), "sleep", "0");
        assertEquals(124, r.exitCode(), r.out() + r.err());
        // Comm.Recv as a rule; a loaded machine may still hold a rank in Init or the Barrier before it.
        String at = " in (Comm\\.Recv|MPI\\.Init|Intracomm\\.Barrier)";
        String all = dev.equals("tcp") ? "rank 0" + at + ", rank 1" + at
                : "rank 0" + at + ", rank 1" + at + ", rank 2" + at + ", rank 3" + at;
        assertTrue(r.err().matches("(?s).*mpjrun: timed out after 6000 ms; still running: " + all + "\n.*"), r.err());
    }

    /**
     * A JVM that cannot answer at the time limit (stopped by SIGSTOP) is named by its rank alone, and the
     * job still ends: mpjrun waits a second for the answers, then orders the abort and kills what is left.
     */
    @Test
    @Timeout(90)
    void aJvmThatCannotSayWhereItWaitsIsNamedAndTheJobStillEnds() throws Exception {
        Capture out = new Capture(), err = new Capture();
        CompletableFuture<Run> job = CompletableFuture.supplyAsync(() -> mpjrun("", out, err, "--dev", "tcp", "-np", "3",
                "--timeout", "10", FAST_START, "-cp", programs(), LaunchPrograms.Failing.class.getName(), "sleep", "0"));
        long frozen = waitForPids(out, 3).get(1);
        new ProcessBuilder("kill", "-STOP", Long.toString(frozen)).start().waitFor();
        Run r = job.get(60, TimeUnit.SECONDS);
        assertEquals(124, r.exitCode(), r.err());
        String at = " in \\w+\\.\\w+";
        assertTrue(r.err().matches("(?s).*mpjrun: timed out after 10000 ms; still running: rank 0" + at + ", rank 1, rank 2"
                + at + "\n.*"), r.err());
        assertNoneAlive(r.pids(), "a stopped JVM at the time limit");
    }

    private static final java.net.InetSocketAddress ANY = new java.net.InetSocketAddress("127.0.0.1", 1);

    /** The Unix domain sockets in the directory where this user's ranks keep theirs (0 where there is none). */
    static long localSockets() throws IOException {
        Path any = TcpDevice.localSocketOf(ANY);
        if (any == null || !Files.isDirectory(any.getParent())) {
            return 0;
        }
        try (java.util.stream.Stream<Path> s = Files.list(any.getParent())) {
            return s.filter(p -> p.toString().endsWith(".sock")).count();
        }
    }

    /** Whether this process ignores signal {@code number} (the SigIgn mask of /proc/self/status); false where unknown. */
    static boolean ignored(int number) throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) >>> (number - 1) & 1) != 0;
            }
        }
        return false;
    }

    /** "CPUS rank list processors" lines of {@link LaunchPrograms.Cores}, by rank. */
    static Map<Integer, String[]> coresByRank(String out) {
        Map<Integer, String[]> m = new HashMap<>();
        Matcher x = Pattern.compile("(?m)^CPUS (\\d+) (\\S+) (\\d+)$").matcher(out);
        while (x.find()) {
            m.put(Integer.parseInt(x.group(1)), new String[] {x.group(2), x.group(3)});
        }
        return m;
    }

    @Test
    @Timeout(120)
    void rankJvmsTurnNettysTrackingOffUnlessTheUserSetsItAndKeepAsmOutOfC2() {
        Run quiet = mpjrun(job("tcp", 2, LaunchPrograms.JvmSettings.class));
        assertEquals(0, quiet.exitCode(), quiet.err());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(quiet.out().contains("SETTINGS " + rank + " jfr=false leak=DISABLED asm-excluded=true"), quiet.out());
        }
        String userOptions = "-Dmpj.rankJavaOpts=" + String.join(" ", Jobs.FAST_START)
                + " -Dio.netty.jfr.enabled=true -Dio.netty.leakDetection.level=paranoid";
        Run asked = mpjrun("--dev", "tcp", "-np", "2", "--timeout", "60", userOptions, "-cp", programs(),
                LaunchPrograms.JvmSettings.class.getName());
        assertEquals(0, asked.exitCode(), asked.err());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(asked.out().contains("SETTINGS " + rank + " jfr=true leak=PARANOID"), asked.out());
        }
    }

    @Test
    @Timeout(120)
    void rankJvmsOfOneRankCompileMpjsOwnClassesWithC1AloneUnlessTold() {
        String[] kinds = {"-Dmpj.coresOnHost=1", "-Dmpj.coresOnHost=8", "-Dmpj.coresOnHost=8 -Dmpj.c1MessagePath=auto",
            "-Dmpj.coresOnHost=1 -Dmpj.c1MessagePath=auto", "-Dmpj.coresOnHost=1 -Dmpj.c1MessagePath=false"};
        String[] expected = {"yes thresholds scaled", "yes thresholds scaled", "no thresholds as usual",
            "yes thresholds scaled", "no thresholds as usual"};
        for (int k = 0; k < kinds.length; k++) {
            List<String> a = new ArrayList<>(List.of("--dev", "tcp", "-np", "2", "--timeout", "60"));
            a.addAll(List.of(kinds[k].split(" ")));
            a.addAll(List.of("-cp", programs(), LaunchPrograms.C1Path.class.getName()));
            Run r = mpjrun(a.toArray(new String[0]));
            assertEquals(0, r.exitCode(), r.err());
            for (int rank = 0; rank < 2; rank++) {
                assertTrue(r.out().contains("C1PATH " + rank + " " + expected[k]), kinds[k] + ": " + r.out());
            }
        }
        Run bad = mpjrun("--dev", "tcp", "-np", "2", "--timeout", "60", "-Dmpj.coresOnHost=1", "-Dmpj.c1MessagePath=yes",
                "-cp", programs(), LaunchPrograms.C1Path.class.getName());
        assertTrue(bad.exitCode() != 0 && bad.err().contains("mpj.c1MessagePath='yes' (valid: true, auto, false)"), bad.err());
    }

    /** This host's usable cores, where 2 ranks can be bound to them; else the test is skipped. */
    private static List<Integer> bindableCpus() {
        List<Integer> cpus = CpuBinding.allowedCpus();
        assumeTrue(cpus.size() >= 2, "needs 2 usable cores and Linux's /proc/self/status; has " + cpus);
        assumeTrue(CpuBinding.choose(null, 2) != null, "taskset is not on PATH");
        return cpus;
    }

    @Test
    @Timeout(120)
    void threadRanksThatFitTheCoresRunEachOnCoresOfItsOwn() {
        List<Integer> cpus = bindableCpus();
        int half = cpus.size() / 2;
        // shm: each rank's thread binds itself; hybrid: one JVM of two thread ranks, bound to the cores of
        // both, binds each thread to its half of them.
        for (String dev : List.of("shm", "hybrid")) {
            Run bound = mpjrun(prepend("--report-bindings", job(dev, 2, LaunchPrograms.Cores.class)));
            assertEquals(0, bound.exitCode(), bound.err());
            Map<Integer, String[]> seen = coresByRank(bound.out());
            for (int rank = 0; rank < 2; rank++) {
                List<Integer> mine = rank == 0 ? cpus.subList(0, half) : cpus.subList(half, 2 * half);
                assertEquals(mine, CpuBinding.parseCpuList(seen.get(rank)[0]), dev + " rank " + rank + ": " + bound.out());
            }
            if (dev.equals("shm")) {
                assertTrue(bound.err().contains("rank 1 (a thread) bound to core(s) " + CpuBinding.cpuList(cpus.subList(half, 2 * half))),
                        bound.err());
            }
            Run free = mpjrun(prepend("--bind-to", prepend("none", job(dev, 2, LaunchPrograms.Cores.class))));
            assertEquals(0, free.exitCode(), free.err());
            seen = coresByRank(free.out());
            for (int rank = 0; rank < 2; rank++) {
                assertEquals(cpus, CpuBinding.parseCpuList(seen.get(rank)[0]), dev + " rank " + rank + " unbound: " + free.out());
            }
        }
        // More thread ranks than cores: not bound.
        Run over = mpjrun(job("shm", cpus.size() + 1, LaunchPrograms.Cores.class));
        assertEquals(0, over.exitCode(), over.err());
        assertEquals(cpus, CpuBinding.parseCpuList(coresByRank(over.out()).get(0)[0]), over.out());
    }

    @Test
    @Timeout(120)
    void ranksThatFitTheCoresRunEachOnCoresOfItsOwn() {
        List<Integer> cpus = bindableCpus();
        Run bound = mpjrun(prepend("--report-bindings", job("tcp", 2, LaunchPrograms.Cores.class)));
        assertEquals(0, bound.exitCode(), bound.err());
        Map<Integer, String[]> seen = coresByRank(bound.out());
        // Each rank gets half of the cores, the first half to rank 0.
        int half = cpus.size() / 2;
        for (int rank = 0; rank < 2; rank++) {
            List<Integer> mine = rank == 0 ? cpus.subList(0, half) : cpus.subList(half, 2 * half);
            assertEquals(mine, CpuBinding.parseCpuList(seen.get(rank)[0]), "rank " + rank + ": " + bound.out());
            assertEquals(Integer.toString(mine.size()), seen.get(rank)[1], "processors of rank " + rank + ": " + bound.out());
            assertTrue(bound.err().contains("JVM " + rank + " (rank " + rank + ") bound to core(s) " + CpuBinding.cpuList(mine)),
                    bound.err());
        }
        Run free = mpjrun(prepend("--bind-to", prepend("none", job("tcp", 2, LaunchPrograms.Cores.class))));
        assertEquals(0, free.exitCode(), free.err());
        seen = coresByRank(free.out());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(cpus, CpuBinding.parseCpuList(seen.get(rank)[0]), "rank " + rank + " unbound: " + free.out());
            assertEquals(Integer.toString(cpus.size()), seen.get(rank)[1], free.out());
        }
        // More ranks than cores: not bound by default, as mpirun does not bind them.
        Run over = mpjrun(job("tcp", cpus.size() + 1, LaunchPrograms.Cores.class));
        assertEquals(0, over.exitCode(), over.err());
        assertEquals(cpus, CpuBinding.parseCpuList(coresByRank(over.out()).get(cpus.size())[0]), over.out());
    }

    @Test
    @Timeout(60)
    void badLauncherOptionsExitTwo() {
        Run r = mpjrun("--dev", "tcp", "--ranks-per-jvm", "0", "-cp", programs(), LaunchPrograms.Chatter.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--ranks-per-jvm must be at least 1 (got 0)"), r.err());
        r = mpjrun("--hostfile", "/nonexistent", "-cp", programs(), LaunchPrograms.Chatter.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--hostfile needs --dev tcp or --dev hybrid"), r.err());
        r = mpjrun("--dev", "tcp", "--hostfile", "/nonexistent", "-cp", programs(), LaunchPrograms.Chatter.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--hostfile /nonexistent: no such file"), r.err());
        r = mpjrun("--dev", "tcp", "--bind-to", "socket", "-cp", programs(), LaunchPrograms.Chatter.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--bind-to socket: valid are core and none"), r.err());
        int tooMany = Runtime.getRuntime().availableProcessors() + 1;
        r = mpjrun("--dev", "tcp", "-np", Integer.toString(tooMany), "--bind-to", "core", "-cp", programs(),
                LaunchPrograms.Chatter.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--bind-to core"), r.err());
    }

    static String[] prepend(String first, String[] rest) {
        String[] a = new String[rest.length + 1];
        a[0] = first;
        System.arraycopy(rest, 0, a, 1, rest.length);
        return a;
    }
}
