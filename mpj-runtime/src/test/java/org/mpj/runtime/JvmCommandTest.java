package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The JIT options of the JVMs mpjrun starts: a JVM of several thread ranks gets bin/mpjrun's. */
@Timeout(30)
class JvmCommandTest {
    private static final String C2_ALONE = "-XX:-TieredCompilation";
    private static final String MAIN_SCALED = "-XX:CompileCommand=CompileThresholdScaling,*::main,";

    private static JvmCommand command(int np, int perJvm, List<String> userOptions) {
        return new JvmCommand("127.0.0.1:4000", np, perJvm, perJvm == 1 ? "tcp" : "hybrid", ".", "Main",
                List.of(), Map.of(), List.of(), false, userOptions);
    }

    @Test
    void aJvmOfOneRankKeepsTheJvmsDefaultJit() {
        List<String> jvm = command(4, 1, List.of()).forJvm(2, false, 4);
        assertFalse(jvm.contains(C2_ALONE), jvm.toString());
        assertTrue(jvm.stream().noneMatch(w -> w.startsWith(MAIN_SCALED)), jvm.toString());
    }

    @Test
    void aJvmOfSeveralRanksRunsC2AloneWithMainScaledByItsRanks() {
        assertEquals(List.of(C2_ALONE, MAIN_SCALED + "0.5"), JvmOptions.forThreadRanks(2).subList(0, 2));
        assertEquals(List.of(C2_ALONE, MAIN_SCALED + "0.25"), JvmOptions.forThreadRanks(4).subList(0, 2));
        assertEquals(List.of(C2_ALONE, MAIN_SCALED + "0.25"), JvmOptions.forThreadRanks(16).subList(0, 2),
                "not below 1/4");
        assertTrue(JvmOptions.forThreadRanks(2).containsAll(JvmOptions.POINT_TO_POINT_SCALED));
        assertTrue(JvmOptions.POINT_TO_POINT_SCALED.stream().noneMatch(o -> o.contains("org/mpj/coll")),
                "the collectives keep C2's threshold");
        // 5 ranks in JVMs of 3: the last JVM holds 2.
        List<String> first = command(5, 3, List.of()).forJvm(0, false, 5);
        List<String> last = command(5, 3, List.of()).forJvm(1, false, 5);
        assertTrue(first.contains(C2_ALONE) && first.contains(MAIN_SCALED + (1.0 / 3)), first.toString());
        assertTrue(last.contains(C2_ALONE) && last.contains(MAIN_SCALED + "0.5"), last.toString());
        // Under Slurm a JVM learns its index later: it gets the options of a full JVM.
        assertTrue(command(8, 4, List.of()).forJvm(-1, false, 0).contains(MAIN_SCALED + "0.25"));
    }

    /** bin/mpjrun spells out for its own JVM what JvmOptions gives the JVMs mpjrun starts: the two must agree. */
    @Test
    void binMpjrunSpellsOutTheSameOptions() throws IOException {
        String script = Files.readString(Path.of(System.getProperty("user.dir")).resolveSibling("bin").resolve("mpjrun"));
        for (String option : JvmOptions.ALL) {
            assertTrue(script.contains(option), "bin/mpjrun lacks " + option);
        }
        assertTrue(script.contains("jit=" + C2_ALONE), "bin/mpjrun lacks " + C2_ALONE);
        assertTrue(script.contains(MAIN_SCALED + "$(awk -v n=\"$np\" 'BEGIN { print (n < 4 ? 1 / n : 0.25) }')"),
                "bin/mpjrun does not scale main as JvmOptions.forThreadRanks does");
        // The point-to-point path's patterns, which the script loops over with the same scale.
        assertTrue(script.contains("-XX:CompileCommand=CompileThresholdScaling,$p,0.005\""),
                "bin/mpjrun does not scale the point-to-point path");
        for (String option : JvmOptions.POINT_TO_POINT_SCALED) {
            String pattern = option.split(",")[1];
            assertTrue(script.contains("'" + pattern + "'"), "bin/mpjrun does not scale " + pattern);
        }
        // Only from 2 ranks: -np 0 made it 1/0, and the JVM refused to start with a CompileCommand
        // parse error instead of mpjrun's "-np must be at least 1 (got 0)".
        assertTrue(script.contains("elif [[ $np =~ ^[0-9]+$ ]] && [ \"$np\" -ge 2 ]; then"),
                "bin/mpjrun scales main for fewer than 2 ranks");
    }

    /**
     * bin/mpjrun reads the rank count from mpjrun's own options, not from the program's arguments: run
     * from a copy of the project's layout with a "java" that prints what it was given.
     */
    @Test
    void binMpjrunTakesTheRankCountFromItsOwnOptionsOnly(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.copy(Path.of(System.getProperty("user.dir")).resolveSibling("bin").resolve("mpjrun"), bin.resolve("mpjrun"));
        Files.createDirectories(dir.resolve("mpj-runtime/target"));
        Files.createFile(dir.resolve("mpj-runtime/target/mpj-runtime.jar"));
        Path fake = Files.createDirectories(dir.resolve("fake"));
        Files.writeString(fake.resolve("java"), "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        assertTrue(fake.resolve("java").toFile().setExecutable(true));
        Map<String, Boolean> c2Alone = new java.util.LinkedHashMap<>();
        c2Alone.put("-np 4 -cp x Main", true);
        c2Alone.put("--np=3 Main", true);
        c2Alone.put("--dev tcp --timeout 9 -n 2 -cp x Main -n 1", true);
        c2Alone.put("-cp x Main -np 4", false);
        c2Alone.put("--timeout 4 -Dmpj.x=1 -D mpj.y=2 Main -n 8", false);
        c2Alone.put("-jar app.jar -np 4", true);       // picocli reads options until the first positional
        c2Alone.put("-jar app.jar arg -np 4", false);
        c2Alone.put("-cp x -- -np 4", false);
        c2Alone.put("-np 1 -cp x Main", false);
        for (Map.Entry<String, Boolean> e : c2Alone.entrySet()) {
            List<String> cmd = new java.util.ArrayList<>(List.of("bash", bin.resolve("mpjrun").toString()));
            cmd.addAll(List.of(e.getKey().split(" ")));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().put("PATH", fake + ":" + System.getenv("PATH"));
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            List<String> words = List.of(out.split("\n"));
            assertEquals(e.getValue(), words.contains(C2_ALONE), "mpjrun " + e.getKey() + ": " + words);
            assertTrue(words.contains("org.mpj.runtime.MpjRun") && out.endsWith(e.getKey().replace(' ', '\n') + "\n"),
                    "mpjrun " + e.getKey() + " passes its arguments on as they are: " + words);
        }
    }

    /** Every mpjrun option that takes a value is one bin/mpjrun skips the value of when it looks for -np. */
    @Test
    void binMpjrunKnowsWhichOfMpjrunsOptionsTakeAValue() throws IOException {
        String script = Files.readString(Path.of(System.getProperty("user.dir")).resolveSibling("bin").resolve("mpjrun"));
        String line = script.lines().filter(l -> l.contains("value_of=other")).findFirst().orElseThrow();
        List<String> skipped = List.of(line.trim().split("\\)")[0].split("\\|"));
        for (picocli.CommandLine.Model.OptionSpec o : MpjRun.commandLine().getCommandSpec().options()) {
            if (o.arity().max() == 0 || o.usageHelp() || o.versionHelp()) {
                continue;
            }
            for (String name : o.names()) {
                boolean np = List.of("-np", "-n", "--np").contains(name);
                assertTrue(np || skipped.contains(name), "bin/mpjrun does not skip the value of " + name + ": " + line);
            }
        }
    }

    /** A rank's standard output is the program's: the options every rank JVM gets add nothing to it. */
    @Test
    void theOptionsWriteNothingOnStandardOutput() throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(JvmCommand.java()));
        cmd.addAll(JvmOptions.ALL);
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "java " + cmd);
        assertEquals("", out, "standard output of java " + cmd);
    }

    @Test
    void theUsersOptionsComeAfterAndMaySayOtherwise() {
        List<String> jvm = command(4, 2, List.of("-XX:+TieredCompilation")).forJvm(0, false, 4);
        int ours = jvm.indexOf(C2_ALONE);
        int theirs = jvm.indexOf("-XX:+TieredCompilation");
        assertTrue(ours >= 0 && theirs > ours, jvm.toString());
    }
}
