package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;

/** Runs an MPI program with thread ranks inside a test and fails the test with the job's message. */
public final class Jobs {
    private Jobs() {
    }

    /** Runs {@code main} with {@code np} ranks and asserts that every rank finished. */
    public static void runOk(int np, Class<?> main, String... args) {
        runOk(np, Map.of(), main, args);
    }

    public static void runOk(int np, Map<String, String> settings, Class<?> main, String... args) {
        JobResult r = run(np, settings, main, args);
        if (!r.succeeded()) {
            AssertionError e = new AssertionError(main.getSimpleName() + " with " + np + " ranks: " + r.message(), r.cause());
            throw e;
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
}
