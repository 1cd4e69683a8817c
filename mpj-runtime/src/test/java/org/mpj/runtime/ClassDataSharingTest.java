package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class ClassDataSharingTest {
    static final String JDK = "/usr/lib/jvm/some-jdk|17.0.15+6";
    static final String JDK_25 = "/usr/lib/jvm/temurin-25|25.0.1+8";
    static final List<String> NONE = List.of();

    /** A JDK folder with the archives of its own that a dynamic archive builds on. */
    static Path javaHome(Path dir, boolean archives) throws IOException {
        Path server = Files.createDirectories(dir.resolve("jdk").resolve("lib").resolve("server"));
        if (archives) {
            Files.write(server.resolve("classes.jsa"), new byte[] {1});
            Files.write(server.resolve("classes_nocoops.jsa"), new byte[] {1});
        }
        return dir.resolve("jdk");
    }

    static ClassDataSharing of(String classPath, Path dir, String jdk) throws IOException {
        return ClassDataSharing.of(classPath, dir.resolve("cds"), javaHome(dir, true), jdk, 17, "Main|app.jar");
    }

    /** On Java 25: an ahead-of-time cache for {@code program}. */
    static ClassDataSharing aot(String classPath, Path dir, String program) throws IOException {
        return ClassDataSharing.of(classPath, dir.resolve("cds"), javaHome(dir, true), JDK_25, 25, program);
    }

    static String classPath(Path... entries) {
        StringBuilder b = new StringBuilder();
        for (Path e : entries) {
            b.append(b.length() == 0 ? "" : File.pathSeparator).append(e);
        }
        return b.toString();
    }

    static Path jar(Path dir, String name) throws IOException {
        return Files.write(dir.resolve(name), new byte[] {'P', 'K', 3, 4});
    }

    /** The path after {@code prefix} in the one option that starts with it. */
    static Path option(List<String> options, String prefix) {
        return Path.of(options.stream().filter(o -> o.startsWith(prefix)).findFirst().orElseThrow().substring(prefix.length()));
    }

    /** What JVM 0 of a first job on Java 17 leaves, and what dumping its list after the job gives. */
    static void listedAndDumped(ClassDataSharing c, byte content) throws IOException {
        Path list = option(c.options(0, NONE), "-XX:DumpLoadedClassList=");
        assertEquals(c.configuration(), list);
        Files.write(list, new byte[] {content});
        Files.write(c.pending(), new byte[] {content});   // as mpjrun's dump would write it
    }

    @Test
    void aMissingArchiveIsListedByJvmZeroAndUsedOnceTheJobEndedWell(@TempDir Path dir) throws IOException {
        String cp = classPath(jar(dir, "mpj-runtime.jar"), jar(dir, "netty.jar"));
        ClassDataSharing cds = of(cp, dir, JDK);
        assertEquals(List.of("-XX:DumpLoadedClassList=" + cds.configuration()), cds.options(0, NONE),
                "JVM 0 runs the program as the others do, listing the classes it loads");
        assertEquals(List.of(), cds.options(1, NONE), "only JVM 0 lists");
        listedAndDumped(cds, (byte) 1);
        cds.publish(true);
        assertFalse(Files.exists(cds.pending()));
        assertFalse(Files.exists(cds.configuration()), "the list goes once dumped");
        assertTrue(Files.isRegularFile(cds.archive()));
        for (int jvm = 0; jvm < 3; jvm++) {
            assertEquals(cds.archive(), option(cds.options(jvm, NONE), "-XX:SharedArchiveFile="), "JVM " + jvm);
        }
    }

    @Test
    void whatAFailedJobLeftIsDeletedNotUsed(@TempDir Path dir) throws IOException {
        ClassDataSharing cds = of(classPath(jar(dir, "a.jar")), dir, JDK);
        listedAndDumped(cds, (byte) 1);
        cds.publish(false);
        assertFalse(Files.exists(cds.pending()) || Files.exists(cds.configuration()));
        assertFalse(Files.exists(cds.archive()));

    }

    @Test
    void aRebuiltJarGetsAnArchiveOfItsOwnAndTheOldOneOfThatJdkGoes(@TempDir Path dir) throws IOException {
        Path a = jar(dir, "a.jar");
        ClassDataSharing before = of(classPath(a), dir, JDK);
        listedAndDumped(before, (byte) 1);
        before.publish(true);
        ClassDataSharing otherJdk = of(classPath(a), dir, "/opt/jdk-25|25.0.3+9");
        listedAndDumped(otherJdk, (byte) 2);
        otherJdk.publish(true);

        Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() + 60_000));
        ClassDataSharing after = of(classPath(a), dir, JDK);
        assertNotEquals(before.archive(), after.archive());
        listedAndDumped(after, (byte) 3);
        after.publish(true);
        assertTrue(Files.exists(after.archive()));
        assertFalse(Files.exists(before.archive()), "the same JDK's archive of the old jar");
        assertTrue(Files.exists(otherJdk.archive()), "another JDK's archive stays");

        // What killed mpjruns left: an old one goes with the next archive, a recent one (a job running now) stays.
        Path stale = Files.write(Path.of(after.archive() + ".1.tmp"), new byte[] {4});
        Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3_600_000));
        Path recent = Files.write(Path.of(after.archive() + ".2.tmp"), new byte[] {5});
        Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() + 60_000));
        ClassDataSharing next = of(classPath(a), dir, JDK);
        listedAndDumped(next, (byte) 6);
        next.publish(true);
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(recent));
    }

    @Test
    void offWhereTheClassPathHoldsAnythingButJars(@TempDir Path dir) throws IOException {
        Path classes = Files.createDirectory(dir.resolve("classes"));
        assertEquals(List.of(), of(classPath(jar(dir, "a.jar"), classes), dir, JDK).options(0, NONE));
        assertEquals(List.of(), of(classPath(dir.resolve("missing.jar")), dir, JDK).options(0, NONE));
        ClassDataSharing.OFF.publish(true);   // nothing to do, no failure
    }

    @Test
    void offForAJdkWithoutArchivesOfItsOwnAndWhereTheUserSpeaksOfSharing(@TempDir Path dir) throws IOException {
        String cp = classPath(jar(dir, "a.jar"));
        assertEquals(NONE, ClassDataSharing.of(cp, dir.resolve("cds"), javaHome(dir, false), JDK, 17, "M|").options(0, NONE),
                "a trimmed runtime without lib/server/classes.jsa");
        ClassDataSharing cds = of(cp, dir, JDK);
        for (String user : List.of("-Xshare:off", "-XX:SharedArchiveFile=/x.jsa", "-XX:ArchiveClassesAtExit=/y.jsa",
                "-XX:DumpLoadedClassList=/y.lst", "-XX:AOTCache=/z.aot")) {
            assertEquals(NONE, cds.options(0, List.of("-Xmx1g", user)), user);
        }
        assertFalse(cds.options(0, List.of("-Xmx1g", "-Dgame.mode=chaotic", "-Dshared.dir=/x")).isEmpty(),
                "other options leave it on, system properties too");
    }

    /** What JVM 0 of a first job on Java 25 leaves, and what assembling it after the job gives. */
    static void recordedAndAssembled(ClassDataSharing c, byte content) throws IOException {
        List<String> first = c.options(0, NONE);
        assertTrue(first.containsAll(List.of("-XX:AOTMode=record", "-XX:-DisplayVMOutput", "-Xlog:aot=off")), first.toString());
        Path configuration = option(first, "-XX:AOTConfiguration=");
        assertEquals(c.configuration(), configuration);
        Files.write(configuration, new byte[] {content});
        Files.write(c.pending(), new byte[] {content});   // as mpjrun's assembly would write it
    }

    @Test
    void onJava25EachProgramHasAnAheadOfTimeCacheRecordedByJvmZero(@TempDir Path dir) throws IOException {
        String cp = classPath(jar(dir, "mpj-runtime.jar"), jar(dir, "netty.jar"));
        ClassDataSharing bench = aot(cp, dir, "MpiJavaBench|/work/bench");
        assertEquals(List.of(), bench.options(1, NONE), "only JVM 0 records");
        recordedAndAssembled(bench, (byte) 1);
        bench.publish(true);
        assertTrue(bench.archive().toString().endsWith(".aot"), bench.archive().toString());
        assertFalse(Files.exists(bench.configuration()), "the recording goes once assembled");
        for (int jvm = 0; jvm < 3; jvm++) {
            assertEquals(bench.archive(), option(bench.options(jvm, NONE), "-XX:AOTCache="), "JVM " + jvm);
        }

        // Another program: a cache of its own, recorded by its first job; the first program's stays.
        ClassDataSharing hello = aot(cp, dir, "Hello|/work/examples");
        assertNotEquals(bench.archive(), hello.archive());
        recordedAndAssembled(hello, (byte) 2);
        hello.publish(true);
        assertTrue(Files.exists(bench.archive()) && Files.exists(hello.archive()));
        assertEquals(bench.archive(), option(aot(cp, dir, "MpiJavaBench|/work/bench").options(1, NONE), "-XX:AOTCache="));
        assertEquals(NONE, bench.options(0, List.of("-XX:AOTCacheOutput=/mine.aot")), "the user's own cache");
    }

    @Test
    void aRecordingThatDoesNotAssembleOrAFailedJobLeavesNoCache(@TempDir Path dir) throws IOException {
        String cp = classPath(jar(dir, "a.jar"));
        ClassDataSharing c = aot(cp, dir, "Main|");
        // Not a recording: the assembling JVM fails (this test's JVM need not even be Java 25).
        Files.write(option(c.options(0, NONE), "-XX:AOTConfiguration="), new byte[] {'x'});
        c.publish(true);
        assertFalse(Files.exists(c.archive()));
        assertFalse(Files.exists(c.configuration()));
        assertFalse(Files.exists(c.pending()));

        recordedAndAssembled(c, (byte) 3);
        c.publish(false);
        assertFalse(Files.exists(c.archive()), "a failed job's recording is not used");
        assertFalse(Files.exists(c.configuration()) || Files.exists(c.pending()));
    }

    @Test
    void theNewestAheadOfTimeCachesStayAndARebuiltJarDropsTheOldOnes(@TempDir Path dir) throws IOException {
        Path a = jar(dir, "a.jar");
        List<Path> caches = new java.util.ArrayList<>();
        for (int program = 0; program <= ClassDataSharing.AOT_CACHES_KEPT; program++) {
            ClassDataSharing c = aot(classPath(a), dir, "P" + program + "|");
            recordedAndAssembled(c, (byte) program);
            c.publish(true);
            // Each a minute after the one before, as the jobs that wrote them ended.
            Files.setLastModifiedTime(c.archive(), FileTime.fromMillis(System.currentTimeMillis() - 3_600_000 + program * 60_000L));
            caches.add(c.archive());
        }
        assertFalse(Files.exists(caches.get(0)), "the oldest program's cache goes");
        for (Path c : caches.subList(1, caches.size())) {
            assertTrue(Files.exists(c), c.toString());
        }

        Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() + 60_000));
        ClassDataSharing rebuilt = aot(classPath(a), dir, "P1|");
        recordedAndAssembled(rebuilt, (byte) 7);
        rebuilt.publish(true);
        assertTrue(Files.exists(rebuilt.archive()));
        for (Path c : caches) {
            assertFalse(Files.exists(c), "a cache of the old jar: " + c);
        }
    }
}
