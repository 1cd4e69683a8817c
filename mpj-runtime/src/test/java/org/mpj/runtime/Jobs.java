package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import org.mpj.core.Config;

/** Runs an MPI program inside a test and fails the test with the job's message. */
public final class Jobs {
    /** Rank JVMs of tests start fast: they run short programs, so C1 and a small serial heap do. */
    static final List<String> FAST_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1m",
            "-Xshare:auto");
    static final long JVM_JOB_TIMEOUT_MS = 90_000;

    private Jobs() {
    }

    /**
     * Where the ranks of a test job live: threads of the test's JVM (shm), one JVM per rank (tcp), or
     * JVMs of {@code perJvm} thread ranks each (hybrid: shm inside, tcp between).
     */
    public record Launch(String device, int perJvm) {
        public static final Launch SHM = new Launch("shm", 0);
        public static final Launch TCP = new Launch("tcp", 1);

        public static Launch hybrid(int perJvm) {
            return new Launch("hybrid", perJvm);
        }

        @Override
        public String toString() {
            return perJvm == 0 ? device : device + " x" + perJvm + "/JVM";
        }
    }

    /** Runs {@code main} with {@code np} ranks and asserts that every rank finished. */
    public static void runOk(int np, Class<?> main, String... args) {
        runOk(np, Map.of(), main, args);
    }

    public static void runOk(int np, Map<String, String> settings, Class<?> main, String... args) {
        check(run(np, settings, main, args), main, np);
    }

    public static void runOk(Launch launch, int np, Class<?> main, String... args) {
        check(run(launch, np, Map.of(), main, args), main, np);
    }

    private static void check(JobResult r, Class<?> main, int np) {
        if (!r.succeeded()) {
            throw new AssertionError(main.getSimpleName() + " with " + np + " ranks: " + r.message(), r.cause());
        }
    }

    public static JobResult run(int np, Class<?> main, String... args) {
        return run(np, Map.of(), main, args);
    }

    public static JobResult run(int np, Map<String, String> settings, Class<?> main, String... args) {
        try {
            return ThreadJob.of(np, main, args).withSettings(settings).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
            return null;
        }
    }

    /**
     * Init's warm-up exchange trains C2, which these JVMs do not run ({@link #FAST_START}), and costs
     * each job ~0.4 s: off unless the test names it (WarmUpTest; mpjrun's own tests keep the default).
     */
    private static Map<String, String> withoutWarmUp(Map<String, String> settings) {
        Map<String, String> s = new java.util.HashMap<>(settings);
        s.putIfAbsent(Config.WARM_UP_ROUND_TRIPS, "0");
        return s;
    }

    /** Runs {@code main} as {@code launch} says; separate JVMs get this test's class path. */
    public static JobResult run(Launch launch, int np, Map<String, String> settings, Class<?> main, String... args) {
        if (launch.perJvm() == 0) {
            Map<String, String> s = new java.util.HashMap<>(settings);
            s.put("mpj.device", launch.device());
            return run(np, s, main, args);
        }
        String where = new File(main.getProtectionDomain().getCodeSource().getLocation().getPath()).getPath();
        JvmCommand command = new JvmCommand(null, np, launch.perJvm(), launch.device(), where, main.getName(),
                List.of(args), withoutWarmUp(settings), ThreadJob.TEST_SHARED, false, FAST_START);
        try {
            return new ProcessJob(command, JvmLauncher.local(), InetAddress.getLoopbackAddress(), JVM_JOB_TIMEOUT_MS, false)
                    .run();
        } catch (IOException e) {
            throw new AssertionError("cannot start the JVMs of " + main.getSimpleName() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted");
        }
    }
}
