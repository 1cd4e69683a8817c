package org.mpj.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A class-data-sharing archive for the JVMs mpjrun starts on this host: the classes of MPJ, Netty and
 * the JDK that a rank JVM loads, mapped in ready-made instead of read, verified and linked again. A job
 * whose archive is missing has its JVM 0 write one as it exits; later jobs start from it. A tcp job of 2
 * JVMs: Init 7 ms instead of 12-17, the first round trip 28-38 ms instead of 65-85, the whole job 0.90 s
 * of wall time instead of 1.16-1.22 (benchmarks/results/2026-11-26/jit-asm-frame-execute.txt).
 *
 * <p>The archive lives in a {@code cds} folder beside MPJ's jar, where only those who may change the
 * jars may write, and is named by the JDK and by the name, size and time of every jar of the class path:
 * a rebuilt jar or another JDK gets an archive of its own (the JVM would ignore a stale one, silently).
 * Off where the class path holds anything but jar files (the JVM archives classes from jars only, as in
 * the project's own tests), where that folder cannot be written, where the JDK has no archives of its
 * own to build on (a trimmed runtime: a JVM asked to write one would not start), and where the user's
 * JVM options speak of sharing or archives themselves ({@code -Xshare:off} with a dump request stops the
 * JVM too).
 *
 * @param archive the archive the JVMs map in
 * @param pending the file JVM 0 writes it to, moved to {@code archive} after the job
 * @param jdkKey  the JDK's part of the archives' names
 */
record ClassDataSharing(Path archive, Path pending, String jdkKey) {
    /** No archive: the JVMs start as they would without one. */
    static final ClassDataSharing OFF = new ClassDataSharing(null, null, null);

    /** For this JVM's class path (what the JVMs it starts get), in a folder beside MPJ's jar. */
    static ClassDataSharing here() {
        try {
            Path jar = Path.of(ClassDataSharing.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar) || jar.getParent() == null) {
                return OFF;
            }
            Path javaHome = Path.of(System.getProperty("java.home"));
            return of(System.getProperty("java.class.path"), jar.getParent().resolve("cds"), javaHome,
                    javaHome + "|" + System.getProperty("java.vm.version"));
        } catch (Exception e) {
            return OFF;
        }
    }

    /**
     * The archive for JVMs on class path {@code classPath} of the JDK in {@code javaHome} (whose build
     * {@code jdk} names), kept in {@code dir}.
     */
    static ClassDataSharing of(String classPath, Path dir, Path javaHome, String jdk) throws IOException {
        // The JDK's own archives, with compressed pointers and without (heaps of 32 GiB and more, ZGC).
        Path server = javaHome.resolve("lib").resolve("server");
        if (!Files.isRegularFile(server.resolve("classes.jsa")) || !Files.isRegularFile(server.resolve("classes_nocoops.jsa"))) {
            return OFF;
        }
        List<String> entries = new ArrayList<>();
        for (String e : classPath.split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (!e.endsWith(".jar") || !Files.isRegularFile(p)) {
                return OFF;
            }
            entries.add(p.toAbsolutePath() + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p).toMillis());
        }
        Files.createDirectories(dir);
        if (!Files.isWritable(dir)) {
            return OFF;
        }
        String jdkKey = hash(jdk);
        String name = "mpj-" + jdkKey + "-" + hash(String.join("\n", entries)) + ".jsa";
        return new ClassDataSharing(dir.resolve(name), dir.resolve(name + "." + ProcessHandle.current().pid() + ".tmp"),
                jdkKey);
    }

    /**
     * JVM options for JVM {@code jvm}: map the archive in where it exists, else have JVM 0 write it.
     * The JVM's own messages about the archive stay off the ranks' output.
     */
    List<String> options(int jvm, List<String> userOptions) {
        if (archive == null || userOptions.stream().anyMatch(ClassDataSharing::aboutSharing)) {
            return List.of();
        }
        if (Files.isRegularFile(archive)) {
            return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        }
        return jvm == 0 ? List.of("-XX:ArchiveClassesAtExit=" + pending, "-Xlog:cds=off", "-Xlog:cds+dynamic=off")
                : List.of();
    }

    /**
     * After the job: puts an archive JVM 0 wrote in its place, in one step so that no JVM maps a half
     * file, and drops this JDK's archives of older jars. Only after a job that ended well: a JVM that
     * was killed may have left half an archive, which is deleted.
     */
    void publish(boolean jobSucceeded) {
        if (pending == null || !Files.isRegularFile(pending)) {
            return;
        }
        try {
            if (!jobSucceeded) {
                return;
            }
            Files.move(pending, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            long anHourAgo = System.currentTimeMillis() - 3_600_000;
            try (DirectoryStream<Path> old = Files.newDirectoryStream(archive.getParent(), "mpj-" + jdkKey + "-*")) {
                for (Path p : old) {
                    // Archives of older jars, and what an mpjrun that was killed left over an hour ago.
                    boolean tmp = p.toString().endsWith(".tmp");
                    if (!p.equals(archive) && (!tmp || Files.getLastModifiedTime(p).toMillis() < anHourAgo)) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException e) {
            // The next job writes it again.
        } finally {
            try {
                Files.deleteIfExists(pending);
            } catch (IOException ignored) {
                // a stale temporary file costs disk space only
            }
        }
    }

    /** -Xshare:..., -XX:SharedArchiveFile=..., -XX:ArchiveClassesAtExit=... and the like. */
    private static boolean aboutSharing(String option) {
        String o = option.toLowerCase(java.util.Locale.ROOT);
        return o.contains("share") || o.contains("archive") || o.contains("cds");
    }

    private static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
