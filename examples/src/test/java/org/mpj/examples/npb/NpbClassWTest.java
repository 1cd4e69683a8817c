package org.mpj.examples.npb;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The class W problems with 4 ranks, too slow for every build on a small machine; run with
 * {@code mvn -B -pl examples -am test -Dtest=NpbClassWTest -Dsurefire.failIfNoSpecifiedTests=false -Dnpb.classW=true}.
 */
@EnabledIfSystemProperty(named = "npb.classW", matches = "true")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NpbClassWTest {

    @ParameterizedTest(name = "{0} class W, 4 ranks")
    @ValueSource(strings = {"EP", "IS", "CG", "MG", "FT", "LU"})
    void verifies(String kernel) throws ClassNotFoundException {
        Class<?> main = Class.forName(NpbClassWTest.class.getPackageName() + "." + kernel);
        NpbKernelsTest.runOk(4, main, "W");
    }
}
