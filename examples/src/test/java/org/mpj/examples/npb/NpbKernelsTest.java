package org.mpj.examples.npb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * Runs the class S problem of each NPB kernel with thread ranks and requires NPB's verification to
 * pass; a kernel given another seed must report VERIFICATION UNSUCCESSFUL and fail the job.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NpbKernelsTest {

    @ParameterizedTest(name = "EP class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4})
    void epVerifies(int ranks) {
        runOk(ranks, EP.class, "S");
    }

    @ParameterizedTest(name = "IS class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void isVerifies(int ranks) {
        runOk(ranks, IS.class, "S");
    }

    @ParameterizedTest(name = "CG class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void cgVerifies(int ranks) {
        runOk(ranks, CG.class, "S");
    }

    @ParameterizedTest(name = "MG class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void mgVerifies(int ranks) {
        runOk(ranks, MG.class, "S");
    }

    @ParameterizedTest(name = "FT class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void ftVerifies(int ranks) {
        runOk(ranks, FT.class, "S");
    }

    @ParameterizedTest(name = "{0} with another seed fails verification")
    @ValueSource(strings = {"EP", "IS", "CG", "MG", "FT"})
    void anotherSeedFailsVerification(String kernel) throws ClassNotFoundException {
        Class<?> main = Class.forName(NpbKernelsTest.class.getPackageName() + "." + kernel);
        JobResult r = run(2, main, "S", "314159267");
        assertFalse(r.succeeded(), kernel + " verified with a seed that is not NPB's");
        assertTrue(r.message().contains("VERIFICATION UNSUCCESSFUL"), r.message());
    }

    @ParameterizedTest(name = "IS refuses {0} ranks")
    @ValueSource(ints = {3, 6})
    void rankCountThatIsNotAPowerOfTwoIsRefused(int ranks) {
        JobResult r = run(ranks, IS.class, "S");
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("power-of-two number of ranks"), r.message());
    }

    @ParameterizedTest(name = "class {0} is refused")
    @ValueSource(strings = {"Q", "SS"})
    void unknownClassIsRefused(String cls) {
        JobResult r = run(1, EP.class, cls);
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("unknown problem class"), r.message());
    }

    static JobResult run(int ranks, Class<?> main, String... args) {
        try {
            return ThreadJob.of(ranks, main, args).withTimeoutMs(100_000).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    static void runOk(int ranks, Class<?> main, String... args) {
        JobResult r = run(ranks, main, args);
        if (!r.succeeded()) {
            throw new AssertionError(main.getSimpleName() + " with " + ranks + " ranks: " + r.message(), r.cause());
        }
    }
}
