package org.mpj.examples.npb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.JobResult;

/**
 * NPB SP with thread ranks: class S must verify on 1, 4, 9 and 16 ranks (1 to 4 cells per axis, so the
 * pipelined solves and face exchanges run with one to four stages; 16 ranks give cells of 3 points, the
 * fewest allowed); another time step must fail verification on its norms; a rank count that is not a
 * square is refused. Class W on 4 ranks runs with {@code -Dnpb.classW=true} (about 20 s on 2 cores).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NpbSpTest {

    @ParameterizedTest(name = "SP class S, {0} ranks")
    @ValueSource(ints = {1, 4, 9, 16})
    void classSVerifies(int ranks) {
        NpbKernelsTest.runOk(ranks, SP.class, "S");
    }

    @Test
    void anotherTimeStepFailsVerification() {
        JobResult r = NpbKernelsTest.run(4, SP.class, "S", "0.0151");
        assertFalse(r.succeeded(), "SP verified with a time step that is not NPB's");
        assertTrue(r.message().contains("VERIFICATION UNSUCCESSFUL: 10 of 10 norms off"), r.message());
    }

    @ParameterizedTest(name = "SP refuses {0} ranks")
    @ValueSource(ints = {2, 3})
    void rankCountThatIsNotASquareIsRefused(int ranks) {
        JobResult r = NpbKernelsTest.run(ranks, SP.class, "S");
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("SP needs a square number of ranks (1, 4, 9, 16, ...), got " + ranks), r.message());
    }

    @Test
    void gridTooSmallForTheRankCountIsRefused() {
        JobResult r = NpbKernelsTest.run(25, SP.class, "S");
        assertFalse(r.succeeded());
        assertTrue(r.message().contains("cells need at least 3 points per axis"), r.message());
    }

    @Test
    @EnabledIfSystemProperty(named = "npb.classW", matches = "true")
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void classWVerifiesOnFourRanks() {
        NpbKernelsTest.runOk(4, SP.class, "W");
    }
}
