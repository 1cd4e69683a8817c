package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.tests.launch.LaunchPrograms;

/**
 * mpjrun's archive end to end, as a user's mpjrun (MPJ in jars) runs it: the first job's JVM 0 writes it
 * (Java 25+: records an ahead-of-time cache that mpjrun assembles after the job), later jobs map it in,
 * and neither job's output holds a line that is not the program's. The JDK running this test decides
 * which kind; CI runs it on Java 17 and again on its JDK 22+.
 */
@Timeout(240)
class ClassDataSharingJobsTest {

    /** MPJ's class folders as jars in {@code lib}, with the jars it depends on: what mpjrun's class path is. */
    static String mpjJars(Path lib) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            String name = p.toString();
            if (name.contains("junit") || name.contains("opentest4j") || name.contains("apiguardian")
                    || name.contains("test-classes") || !Files.exists(p)) {
                continue;
            }
            if (Files.isDirectory(p)) {
                Path module = p.getParent().getParent(); // mpj-core/target/classes
                entries.add(jar(p, Files.createDirectories(lib).resolve(module.getFileName() + ".jar")).toString());
            } else {
                entries.add(name);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    static Path jar(Path classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** mpjrun as a process of its own on {@code jars}: its exit status and standard output. */
    static String[] mpjrun(String jars) throws IOException, InterruptedException {
        String programs = Path.of(LaunchPrograms.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(), "-cp", jars));
        cmd.addAll(JvmOptions.ALL);
        cmd.addAll(List.of(MpjRun.class.getName(), "--dev", "tcp", "-np", "2", "--stdin", "none", "--timeout", "90",
                "-cp", programs, LaunchPrograms.Archive.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mpjrun did not end");
        return new String[] {Integer.toString(p.exitValue()), out};
    }

    static List<String> archives(Path cds) throws IOException {
        try (Stream<Path> s = Files.list(cds)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theFirstJobWritesTheArchiveAndTheNextMapsItInWithTheProgramsOutputOnly(@TempDir Path dir) throws Exception {
        Path server = Path.of(System.getProperty("java.home"), "lib", "server");
        assumeTrue(Files.isRegularFile(server.resolve("classes.jsa")) && Files.isRegularFile(server.resolve("classes_nocoops.jsa")),
                "this JDK has no archives of its own to build on (a trimmed runtime)");
        Path lib = dir.resolve("lib");
        String jars = mpjJars(lib);
        boolean aot = Runtime.version().feature() >= ClassDataSharing.AOT_JAVA;

        String[] first = mpjrun(jars);
        assertEquals("0", first[0], first[1]);
        List<String> lines = first[1].lines().sorted().toList();
        assertEquals(List.of("ARCHIVE 0 " + (aot ? "record" : "list"), "ARCHIVE 1 none"), lines,
                "the first job: JVM 0 lists its classes (a JVM that runs no program writes the archive), and the output is the program's alone");
        List<String> written = archives(lib.resolve("cds"));
        assertEquals(1, written.size(), "one archive, no temporary files: " + written);
        assertTrue(written.get(0).endsWith(aot ? ".aot" : ".jsa"), written.toString());

        String[] second = mpjrun(jars);
        assertEquals("0", second[0], second[1]);
        String use = aot ? "use" : "map";
        assertEquals(List.of("ARCHIVE 0 " + use, "ARCHIVE 1 " + use), second[1].lines().sorted().toList());
        assertEquals(written, archives(lib.resolve("cds")));

    }
}
