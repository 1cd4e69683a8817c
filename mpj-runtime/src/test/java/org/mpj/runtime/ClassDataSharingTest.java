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
        return ClassDataSharing.of(classPath, dir.resolve("cds"), javaHome(dir, true), jdk);
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

    @Test
    void aMissingArchiveIsWrittenByJvmZeroAndUsedOnceTheJobEndedWell(@TempDir Path dir) throws IOException {
        String cp = classPath(jar(dir, "mpj-runtime.jar"), jar(dir, "netty.jar"));
        ClassDataSharing cds = of(cp, dir, JDK);
        List<String> first = cds.options(0, NONE);
        assertTrue(first.contains("-Xlog:cds=off"), first.toString());
        assertEquals(List.of(), cds.options(1, NONE), "only JVM 0 writes the archive");
        Path pending = option(first, "-XX:ArchiveClassesAtExit=");
        Files.write(pending, new byte[] {1, 2, 3});   // what JVM 0 leaves as it exits
        cds.publish(true);
        assertFalse(Files.exists(pending));
        assertTrue(Files.isRegularFile(cds.archive()));
        for (int jvm = 0; jvm < 3; jvm++) {
            assertEquals(cds.archive(), option(cds.options(jvm, NONE), "-XX:SharedArchiveFile="), "JVM " + jvm);
        }
    }

    @Test
    void whatAFailedJobLeftIsDeletedNotUsed(@TempDir Path dir) throws IOException {
        ClassDataSharing cds = of(classPath(jar(dir, "a.jar")), dir, JDK);
        Path pending = option(cds.options(0, NONE), "-XX:ArchiveClassesAtExit=");
        Files.write(pending, new byte[] {1});
        cds.publish(false);
        assertFalse(Files.exists(pending));
        assertFalse(Files.exists(cds.archive()));
        assertTrue(option(cds.options(0, NONE), "-XX:ArchiveClassesAtExit=").toString().endsWith(".tmp"));
    }

    @Test
    void aRebuiltJarGetsAnArchiveOfItsOwnAndTheOldOneOfThatJdkGoes(@TempDir Path dir) throws IOException {
        Path a = jar(dir, "a.jar");
        ClassDataSharing before = of(classPath(a), dir, JDK);
        Files.write(option(before.options(0, NONE), "-XX:ArchiveClassesAtExit="), new byte[] {1});
        before.publish(true);
        ClassDataSharing otherJdk = of(classPath(a), dir, "/opt/jdk-25|25.0.3+9");
        Files.write(option(otherJdk.options(0, NONE), "-XX:ArchiveClassesAtExit="), new byte[] {2});
        otherJdk.publish(true);

        Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() + 60_000));
        ClassDataSharing after = of(classPath(a), dir, JDK);
        assertNotEquals(before.archive(), after.archive());
        Files.write(option(after.options(0, NONE), "-XX:ArchiveClassesAtExit="), new byte[] {3});
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
        Files.write(option(next.options(0, NONE), "-XX:ArchiveClassesAtExit="), new byte[] {6});
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
        assertEquals(NONE, ClassDataSharing.of(cp, dir.resolve("cds"), javaHome(dir, false), JDK).options(0, NONE),
                "a trimmed runtime without lib/server/classes.jsa");
        ClassDataSharing cds = of(cp, dir, JDK);
        for (String user : List.of("-Xshare:off", "-XX:SharedArchiveFile=/x.jsa", "-XX:ArchiveClassesAtExit=/y.jsa")) {
            assertEquals(NONE, cds.options(0, List.of("-Xmx1g", user)), user);
        }
        assertFalse(cds.options(0, List.of("-Xmx1g")).isEmpty(), "other options leave it on");
    }
}
