package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.Config;
import org.mpj.core.MpjException;

@Timeout(60)
class MessagePathJitTest {
    /** A JVM started with no JIT options: C1 then C2. */
    static final String[] PLAIN = {"-Xmx1g"};

    static Config config(int ranksOnHost, int cores, String setting) {
        Map<String, String> m = new java.util.HashMap<>(Map.of(Config.RANKS_ON_HOST, Integer.toString(ranksOnHost),
                Config.CORES_ON_HOST, Integer.toString(cores)));
        if (setting != null) {
            m.put(MessagePathJit.SETTING, setting);
        }
        return Config.withOverrides(m);
    }

    @Test
    void everyOneRankJvmUnlessToldAutoOnlyWhereTheRanksOutnumberTheCores() {
        assertTrue(MessagePathJit.wanted(config(4, 2, null), 1, PLAIN), "4 JVMs on 2 cores");
        assertTrue(MessagePathJit.wanted(config(2, 2, null), 1, PLAIN), "a core each");
        assertFalse(MessagePathJit.wanted(config(8, 2, null), 4, PLAIN), "thread ranks: C2 alone there, no C1 to fall back to");
        assertTrue(MessagePathJit.wanted(config(4, 2, "auto"), 1, PLAIN));
        assertFalse(MessagePathJit.wanted(config(2, 2, "auto"), 1, PLAIN), "auto: a core each keeps C2");
        assertFalse(MessagePathJit.wanted(config(4, 2, "false"), 1, PLAIN));
        assertTrue(MessagePathJit.wanted(config(2, 16, "true"), 1, PLAIN));
        assertFalse(MessagePathJit.wanted(config(2, 16, "true"), 2, PLAIN));
        MpjException e = assertThrows(MpjException.class, () -> MessagePathJit.wanted(config(4, 2, "yes"), 1, PLAIN));
        assertTrue(e.getMessage().contains(MessagePathJit.SETTING) && e.getMessage().contains("true, auto, false"),
                e.getMessage());
    }

    @Test
    void aJvmThatRecordsTheAheadOfTimeCacheKeepsC2() {
        String[] listing = {"-Xmx1g", "-XX:DumpLoadedClassList=/x/mpj.jsa.1.tmp.config"};
        String[] aot = {"-XX:AOTMode=record", "-XX:AOTConfiguration=/x/mpj.aot.1.tmp.config"};
        String[] mapping = {"-XX:SharedArchiveFile=/x/mpj.jsa", "-Xlog:cds=off"};
        assertTrue(MessagePathJit.wanted(config(4, 2, "true"), 1, listing), "a list of classes keeps nothing of the compilers");
        assertFalse(MessagePathJit.wanted(config(4, 2, null), 1, aot), "an ahead-of-time recording");
        assertTrue(MessagePathJit.wanted(config(4, 2, null), 1, mapping), "an archive mapped in is read only");
        assertTrue(MessagePathJit.wanted(config(4, 2, null), 1, new String[] {"-XX:AOTCache=/x/mpj.aot"}));
    }

    @Test
    void mpjrunScalesTheThresholdsOfJvmsItStartsWhereThePathIsC1s() {
        Map<String, String> twoCores = Map.of(Config.CORES_ON_HOST, "2");
        assertEquals(MessagePathJit.LAUNCH_OPTIONS, MessagePathJit.launchOptions(twoCores, 4, 1, List.of()));
        assertEquals(MessagePathJit.LAUNCH_OPTIONS, MessagePathJit.launchOptions(twoCores, 2, 1, List.of()), "a core each");
        assertEquals(List.of(), MessagePathJit.launchOptions(Map.of(Config.CORES_ON_HOST, "2", MessagePathJit.SETTING, "auto"),
                2, 1, List.of()), "auto: a core each");
        assertEquals(List.of(), MessagePathJit.launchOptions(twoCores, 4, 2, List.of()), "thread ranks");
        assertEquals(List.of(), MessagePathJit.launchOptions(twoCores, 4, 1, List.of("-XX:TieredStopAtLevel=1")));
        assertEquals(List.of(), MessagePathJit.launchOptions(twoCores, 4, 1,
                List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=/x/mpj.aot.1.tmp.config")), "the AOT cache's recording JVM");
        assertEquals(List.of(), MessagePathJit.launchOptions(Map.of(Config.CORES_ON_HOST, "2", MessagePathJit.SETTING, "false"),
                4, 1, List.of()));
        // a setting the JVM refuses is the JVM's to report, with the job's other errors
        assertEquals(List.of(), MessagePathJit.launchOptions(Map.of(Config.CORES_ON_HOST, "2", MessagePathJit.SETTING, "yes"),
                4, 1, List.of()));
        assertTrue(MessagePathJit.LAUNCH_OPTIONS.stream().allMatch(o -> o.startsWith("-XX:CompileCommand=CompileThresholdScaling,")));
    }

    @Test
    void onlyJvmsThatCompileWithC1ThenC2() {
        assertTrue(MessagePathJit.tieredWithC2(new String[] {"-Xmx1g", "-XX:+UseSerialGC"}));
        assertFalse(MessagePathJit.tieredWithC2(new String[] {"-XX:-TieredCompilation"}), "C2 alone");
        assertFalse(MessagePathJit.tieredWithC2(new String[] {"-XX:TieredStopAtLevel=1"}), "no C2");
        assertTrue(MessagePathJit.tieredWithC2(new String[] {"-XX:-TieredCompilation", "-XX:+TieredCompilation"}), "the last wins");
        assertTrue(MessagePathJit.tieredWithC2(new String[] {"-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4"}));
    }

    @Test
    void theDirectiveParsesAndTakesEffectOnThisJdk() throws Exception {
        assertEquals("2 compiler directives added", MessagePathJit.apply());
        try {
            String stack = MessagePathJit.diagnostic("compilerDirectivesPrint");
            assertTrue(stack.contains("org/mpj/core/*.*") && stack.contains("io/netty/*.*"), stack);
            assertFalse(stack.contains("org/mpj/examples"), "a program's classes keep C2");
            int kernels = stack.indexOf("org/mpj/core/op/*.*"), path = stack.indexOf("org/mpj/core/*.*");
            assertTrue(kernels >= 0 && kernels < path && stack.indexOf("org/mpj/core/datatype/*.*") < path,
                    "the reduction and packing loops match first, so C2 may compile them: " + stack);
        } finally {
            // this test JVM runs the other tests next: both directives off the stack
            MessagePathJit.diagnostic("compilerDirectivesRemove");
            MessagePathJit.diagnostic("compilerDirectivesRemove");
        }
    }
}
