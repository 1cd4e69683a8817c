package org.mpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * The examples run as a user runs them, with 1 to 8 ranks on each device; each checks its own result
 * against a sequential computation and prints one verified line, which the test reads.
 */
class ExamplesTest {
    static Stream<Arguments> devicesAndRanks() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    /** Runs {@code main} with np thread ranks and returns what the ranks printed; fails if the job did. */
    static String run(int np, String dev, Class<?> main, String... args) throws InterruptedException {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        JobResult r;
        try {
            r = ThreadJob.of(np, main, args).withSettings(Map.of("mpj.device", dev)).run();
        } finally {
            System.setOut(saved);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertTrue(r.succeeded(), main.getSimpleName() + " on " + dev + " with " + np + " ranks: " + r.message()
                + "\noutput:\n" + out);
        return out;
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(60)
    void haloExchangeMatchesTheSequentialJacobi(String dev, int np) throws InterruptedException {
        // 37 is prime: blocks are uneven on every grid of ranks.
        String out = run(np, dev, HaloExchange.class, "37", "60");
        String grid = gridOf(np);
        assertTrue(out.contains("Jacobi 37x37, 60 iterations on a " + grid + " grid of ranks: max |parallel - sequential| = 0.0 (verified)"),
                "printed: " + out);
    }

    /** The grid Dims_create makes for np ranks in 2 dimensions: as square as it can, larger first. */
    private static String gridOf(int np) {
        int rows = (int) Math.ceil(Math.sqrt(np));
        while (np % rows != 0) {
            rows++;
        }
        return rows + "x" + (np / rows);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(60)
    void masterWorkerCountsEveryPrimeOnce(String dev, int np) throws InterruptedException {
        String out = run(np, dev, MasterWorker.class, "60000", "1500");
        // 6057 primes below 60000; 40 ranges of 1500, each done once by someone.
        assertTrue(out.contains("primes below 60000: 6057 from 40 of 40 ranges"), "printed: " + out);
        assertTrue(out.contains("sieve: 6057 (verified)"), "printed: " + out);
        if (np > 1) {
            assertTrue(out.contains("ranges per rank: 0 "), "the master does no range itself when it has workers: " + out);
        }
        assertEquals(1, out.lines().filter(l -> l.contains("(verified)")).count(), "one verified line: " + out);
    }
}
