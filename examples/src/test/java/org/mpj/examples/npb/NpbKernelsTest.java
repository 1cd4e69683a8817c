package org.mpj.examples.npb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.core.Config;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * Runs the class S problem of each NPB kernel with thread ranks and requires NPB's verification to
 * pass; a kernel given another seed (LU: another relaxation factor) must report VERIFICATION
 * UNSUCCESSFUL and fail the job.
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

    @ParameterizedTest(name = "LU class S, {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void luVerifies(int ranks) {
        runOk(ranks, LU.class, "S");
    }

    /** mpjrun --shared-classes (the kernels keep nothing per rank in statics): one copy of each kernel. */
    @ParameterizedTest(name = "{0} class S, 4 ranks sharing its classes")
    @ValueSource(strings = {"EP", "IS", "CG", "MG", "FT", "LU", "SP", "BT"})
    void kernelsVerifyWithSharedClasses(String kernel) throws Exception {
        Class<?> main = Class.forName(NpbKernelsTest.class.getPackageName() + "." + kernel);
        JobResult r = ThreadJob.of(4, main, "S").withSettings(Map.of(Config.SHARED_CLASSES, "true"))
                .withTimeoutMs(100_000).run();
        assertTrue(r.succeeded(), kernel + " with shared classes: " + r.message());
    }

    @Test
    void luWithAnotherRelaxationFactorFailsVerification() {
        JobResult r = run(2, LU.class, "S", "1.1");
        assertFalse(r.succeeded(), "LU verified with omega 1.1 instead of NPB's 1.2");
        assertTrue(r.message().contains("VERIFICATION UNSUCCESSFUL"), r.message());
    }

    @ParameterizedTest(name = "LU class S refuses {0} ranks")
    @CsvSource(delimiter = '|', value = {
        "3  | LU needs a power-of-two number of ranks up to 16, got 3",
        "12 | LU needs a power-of-two number of ranks up to 16, got 12",
        "32 | 32 ranks form a 8 x 4 grid that leaves a rank 1 points along x; each rank needs at least 3"})
    void luRefusesRankCountsThatDoNotFitItsGrid(int ranks, String expected) {
        JobResult r = run(ranks, LU.class, "S");
        assertFalse(r.succeeded());
        assertTrue(r.message().contains(expected), r.message());
    }

    @ParameterizedTest(name = "LU refuses relaxation factor {0}")
    @ValueSource(strings = {"2.0", "0", "fast"})
    void luRefusesRelaxationFactorOutsideZeroTwo(String omega) {
        JobResult r = run(1, LU.class, "S", omega);
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("relaxation factor '" + omega + "' must be a number in (0, 2)"), r.message());
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
