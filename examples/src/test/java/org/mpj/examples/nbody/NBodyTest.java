package org.mpj.examples.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * NBody run as a user runs it, with thread ranks: its own checks (tree forces against direct
 * summation, energy and momentum drift) must pass on 1 to 8 ranks and on both devices, and the
 * numbers it prints must not depend on the number of ranks beyond the order of floating-point sums.
 * Faults put into the forces or the particles must make the checks fail.
 */
class NBodyTest {
    /** Small enough for seconds with 8 ranks on 2 cores; big enough that every rank has many cells. */
    private static final String[] RUN = {"1500", "8", "0.5", "11"};

    private static final Pattern ENERGY = Pattern.compile("E0 = (\\S+), E = (\\S+), drift");
    private static final Pattern INTERACTIONS = Pattern.compile("interactions +(\\d+),");
    private static final Pattern FORCE = Pattern.compile("median (\\S+), 99th percentile (\\S+), max (\\S+) ");

    private static String reference;

    static Stream<Arguments> devicesAndRanks() {
        Stream<Arguments> both = Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4).map(np -> Arguments.of(dev, np)));
        return Stream.concat(both, Stream.of(Arguments.of("shm", 8)));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(60)
    void checksPassAndResultsDoNotDependOnRankCount(String dev, int np) throws InterruptedException {
        String out = runOk(np, dev, NBody.class, RUN);
        assertTrue(out.contains("ranks          " + np + "\n") || out.contains("ranks          " + np + "\r\n"), out);
        assertTrue(out.contains("particles      1500 (seed 11), 1500 at the end"), out);
        assertTrue(out.contains("result         PASSED"), out);
        String ref = reference();
        // The same global tree on any number of ranks: the same walks, so the same interactions, and
        // sums that differ only in order.
        assertEquals(Long.parseLong(find(INTERACTIONS, ref, 1)), Long.parseLong(find(INTERACTIONS, out, 1)),
                1e-6 * Long.parseLong(find(INTERACTIONS, ref, 1)), "interactions; reference:\n" + ref + "this run:\n" + out);
        for (int g = 1; g <= 2; g++) {
            double expected = Double.parseDouble(find(ENERGY, ref, g));
            assertEquals(expected, Double.parseDouble(find(ENERGY, out, g)), 1e-10 * Math.abs(expected),
                    "energy; reference:\n" + ref + "this run:\n" + out);
        }
        for (int g = 1; g <= 3; g++) {
            double expected = Double.parseDouble(find(FORCE, ref, g));
            assertEquals(expected, Double.parseDouble(find(FORCE, out, g)), 1e-6 * expected,
                    "force errors; reference:\n" + ref + "this run:\n" + out);
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 3})
    @Timeout(60)
    void thetaZeroIsDirectSummation(int np) throws InterruptedException {
        String out = runOk(np, "shm", NBody.class, "600", "3", "0", "5");
        assertTrue(Double.parseDouble(find(FORCE, out, 3)) < 1e-13, "theta 0 opens every cell: " + out);
        assertTrue(out.contains("result         PASSED"), out);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({
        "flip-sign, 1, force check",
        "flip-sign, 4, force check",
        "stronger-gravity, 2, force check",
        "drop-particle, 1, particles lost",
        "drop-particle, 3, particles lost",
    })
    @Timeout(60)
    void aFaultFailsTheCheck(String fault, int np, String reason) throws InterruptedException {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        JobResult r = capture(captured, () -> new ThreadJob(np,
                new URL[] {where(PerturbedNBody.class), where(NBody.class)}, PerturbedNBody.class.getName(),
                new String[] {fault, "1000", "4", "0.5", "3"}, Map.of(), List.of("org.junit.", "org.opentest4j."), 50_000)
                .run());
        String out = captured.toString(StandardCharsets.UTF_8);
        assertFalse(r.succeeded(), fault + " passed the checks:\n" + out);
        assertTrue(r.message().contains("NBody: check FAILED") && r.message().contains(reason), r.message());
        assertTrue(out.contains("result         FAILED"), out);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "abc                 | particle count 'abc' is not an integer",
        "1                   | particle count 1 is out of range; expected 2..",
        "100 -1              | step count -1 is out of range",
        "100 2 1.5           | opening angle theta 1.5 is out of range; expected 0..1.0",
        "100 2 wide          | opening angle theta 'wide' is not a number",
        "100 2 0.5 0x1       | seed '0x1' is not an integer",
        "100 2 0.5 1 extra   | 5 arguments given, at most 4 expected",
    })
    @Timeout(30)
    void badArgumentsAreRefused(String args, String message) throws InterruptedException {
        JobResult r = ThreadJob.of(2, NBody.class, args.trim().split(" +")).withTimeoutMs(20_000).run();
        assertFalse(r.succeeded(), args);
        assertTrue(r.message().contains("MPIException: NBody: " + message), r.message());
    }

    @Test
    @Timeout(30)
    void defaultsAreDocumented() {
        RunOptions o = RunOptions.parse(new String[0]);
        assertEquals(new RunOptions(20_000, 10, 0.5, 42), o);
    }

    private static synchronized String reference() throws InterruptedException {
        if (reference == null) {
            reference = runOk(1, "shm", NBody.class, RUN);
        }
        return reference;
    }

    private static String find(Pattern p, String text, int group) {
        Matcher m = p.matcher(text);
        assertTrue(m.find(), "no match for " + p + " in:\n" + text);
        return m.group(group);
    }

    private static URL where(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation();
    }

    interface Job {
        JobResult run() throws InterruptedException;
    }

    /** Runs a job with System.out captured into {@code into}. */
    private static JobResult capture(ByteArrayOutputStream into, Job job) throws InterruptedException {
        PrintStream saved = System.out;
        System.setOut(new PrintStream(into, true, StandardCharsets.UTF_8));
        try {
            return job.run();
        } finally {
            System.setOut(saved);
        }
    }

    /** Runs {@code main} with np thread ranks and returns what they printed; fails if the job did. */
    private static String runOk(int np, String dev, Class<?> main, String... args) throws InterruptedException {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        JobResult r = capture(captured, () -> ThreadJob.of(np, main, args).withSettings(Map.of("mpj.device", dev))
                .withTimeoutMs(50_000).run());
        String out = captured.toString(StandardCharsets.UTF_8);
        assertTrue(r.succeeded(), main.getSimpleName() + " on " + dev + " with " + np + " ranks: " + r.message()
                + "\noutput:\n" + out);
        return out;
    }
}
