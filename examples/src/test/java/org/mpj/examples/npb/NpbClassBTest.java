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
import org.mpj.runtime.ThreadJob;

/**
 * Class B, NPB's next size up, with 4 ranks: IS and MG (a few seconds) in every build, and IS with
 * another seed failing against class B's reference ranks; EP, CG, FT, SP and BT (7-105 s each, FT with
 * 3 GB of arrays, on a 2-core machine) only with
 * {@code mvn -B -pl examples -am test -Dtest=NpbClassBTest -Dsurefire.failIfNoSpecifiedTests=false -Dnpb.classB=true}.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NpbClassBTest {

    @ParameterizedTest(name = "{0} class B, 4 ranks")
    @ValueSource(strings = {"IS", "MG"})
    void verifies(String kernel) throws ClassNotFoundException {
        NpbKernelsTest.runOk(4, Class.forName(NpbClassBTest.class.getPackageName() + "." + kernel), "B");
    }

    @Test
    void anotherSeedFailsClassBVerification() {
        JobResult r = NpbKernelsTest.run(4, IS.class, "B", "314159267");
        assertFalse(r.succeeded(), "IS class B verified with a seed that is not NPB's");
        assertTrue(r.message().contains("VERIFICATION UNSUCCESSFUL"), r.message());
    }

    @ParameterizedTest(name = "{0} class B, 4 ranks")
    @ValueSource(strings = {"EP", "CG", "FT", "SP", "BT"})
    @EnabledIfSystemProperty(named = "npb.classB", matches = "true")
    void slowerKernelsVerify(String kernel) throws Exception {
        Class<?> main = Class.forName(NpbClassBTest.class.getPackageName() + "." + kernel);
        JobResult r = ThreadJob.of(4, main, "B").withTimeoutMs(280_000).run();
        assertTrue(r.succeeded(), kernel + " class B with 4 ranks: " + r.message());
    }
}
