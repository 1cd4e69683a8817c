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
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * A class-data-sharing archive for the JVMs mpjrun starts on this host: the classes of MPJ, Netty and
 * the JDK that a rank JVM loads, mapped in ready-made instead of read, verified and linked again. A job
 * whose archive is missing has its JVM 0 list the classes it loads; after the job mpjrun dumps them into
 * the archive with a JVM of its own that runs no program (-Xshare:dump), and later jobs start from it. A
 * tcp job of 2 JVMs takes 1.23-1.27 s of wall time against 1.53-1.54 without it.
 *
 * <p>Not a dynamic archive written by JVM 0 as it exits (-XX:ArchiveClassesAtExit), as before: that kept
 * what the writing JVM's compilers had left in the methods' metadata, and every JVM that mapped it in
 * inherited it. C2's refusals under the C1 directive kept MPJ's methods at C1 in later jobs whatever their
 * setting ({@link MessagePathJit#recordsArchive}); and after a 4-JVM Bcast job had written it, no JVM of
 * later jobs ever compiled TcpDevice.send, and MpiJavaBench's Bcast of 1-64 B on 4 JVMs took 46-50 us
 * against 4-10 without the archive (benchmarks/results/2026-11-28/cds-static-dump.txt).
 *
 * <p>On Java 25 and later the archive is an ahead-of-time cache (JEP 483, 514, 515): classes loaded and
 * linked, and the method profiles of the run that recorded it, so that the JIT compiles the message path
 * at once for what that run did instead of learning it, and deoptimizing it, inside the program's first
 * seconds. The profiles help a program that does what the recording run did, not another (MpiJavaBench's
 * tcp ping-pong on 2 JVMs after a recording job of its own: 128 KiB 172-178 us a way against 740-873 with
 * the dynamic archive, 1 MiB 180-193 against 303-474, the job 2.7 s against 3.7; recorded by Hello or NPB
 * IS instead: as without; benchmarks/results/2026-11-27/tcp-aot-cache.txt, tcp-class-loads.txt), so each
 * program (main class or jar, and class path) gets a cache of its own, the newest {@link #AOT_CACHES_KEPT}
 * kept. A recording job takes 1.5-2.5 s longer here (its JVM 0 records as it exits; mpjrun then assembles
 * the cache with a JVM of its own, whose output is not the job's: the one-step -XX:AOTCacheOutput would
 * print the JVM's lines about it into the program's output).
 *
 * <p>The archive lives in a {@code cds} folder beside MPJ's jar, where only those who may change the
 * jars may write, and is named by the JDK and by the name, size and time of every jar of the class path:
 * a rebuilt jar or another JDK gets an archive of its own (the JVM would ignore a stale one, silently).
 * Off where the class path holds anything but jar files (the JVM archives classes from jars only, as in
 * the project's own tests), where that folder cannot be written, where the JDK has no archives of its
 * own to build on (a trimmed runtime: a JVM asked to write one would not start), and where the user's
 * JVM options speak of sharing, archives or AOT caches themselves ({@code -Xshare:off} with a dump
 * request stops the JVM too).
 *
 * @param archive the archive the JVMs map in
 * @param pending the file it is written to after the job, then moved to {@code archive}
 * @param jdkKey  the JDK's part of the archives' names
 * @param aot     an ahead-of-time cache (Java 25+), not a dynamic archive
 * @param kept    the start of the names of this JDK's archives that stay when this one is published: the
 *                other programs' caches of the same jars
 */
record ClassDataSharing(Path archive, Path pending, String jdkKey, boolean aot, String kept) {
    /** No archive: the JVMs start as they would without one. */
    static final ClassDataSharing OFF = new ClassDataSharing(null, null, null, false, null);
    /** The first Java whose ahead-of-time caches hold method profiles (JEP 515). */
    static final int AOT_JAVA = 25;
    /** Ahead-of-time caches (~25 MB each) kept per JDK and jars: the programs run last. */
    static final int AOT_CACHES_KEPT = 4;
    /** Longest wait for a cache's assembly after the job. */
    static final int ASSEMBLY_TIMEOUT_S = 60;

    /**
     * For this JVM's class path (what the JVMs it starts get), in a folder beside MPJ's jar; {@code program}
     * names the program the JVMs run (its own cache on Java 25+).
     */
    static ClassDataSharing here(String program) {
        try {
            Path jar = Path.of(ClassDataSharing.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar) || jar.getParent() == null) {
                return OFF;
            }
            Path javaHome = Path.of(System.getProperty("java.home"));
            return of(System.getProperty("java.class.path"), jar.getParent().resolve("cds"), javaHome,
                    javaHome + "|" + System.getProperty("java.vm.version"), Runtime.version().feature(), program);
        } catch (Exception e) {
            return OFF;
        }
    }

    /**
     * The archive for JVMs on class path {@code classPath} of the JDK in {@code javaHome} (whose build
     * {@code jdk} names, of Java {@code feature}) running {@code program}, kept in {@code dir}.
     */
    static ClassDataSharing of(String classPath, Path dir, Path javaHome, String jdk, int feature, String program)
            throws IOException {
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
        String jars = "mpj-" + jdkKey + "-" + hash(String.join("\n", entries));
        boolean aot = feature >= AOT_JAVA;
        String name = aot ? jars + "-" + hash(program) + ".aot" : jars + ".jsa";
        return new ClassDataSharing(dir.resolve(name), dir.resolve(name + "." + ProcessHandle.current().pid() + ".tmp"),
                jdkKey, aot, aot ? jars + "-" : name);
    }

    /**
     * JVM options for JVM {@code jvm}: map the archive in where it exists, else have JVM 0 write it.
     * The JVM's own messages about the archive stay off the ranks' output.
     */
    List<String> options(int jvm, List<String> userOptions) {
        if (archive == null || userOptions.stream().anyMatch(ClassDataSharing::aboutSharing)) {
            return List.of();
        }
        if (aot) {
            if (Files.isRegularFile(archive)) {
                return List.of("-XX:AOTCache=" + archive, "-Xlog:aot=off", "-Xlog:cds=off");
            }
            // JVM 0 records what it loads and its profiles as it exits (publish assembles the cache after the
            // job), with that JVM's own console output off: it prints a line about the recording there, which
            // is not the program's (the program's output and -Xlog's are not affected).
            return jvm == 0 ? List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration(),
                    "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-Xlog:aot=off", "-Xlog:cds=off")
                    : List.of();
        }
        if (Files.isRegularFile(archive)) {
            return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off");
        }
        // JVM 0 lists the classes it loads; publish dumps them after the job (see the class comment).
        return jvm == 0 ? List.of("-XX:DumpLoadedClassList=" + configuration()) : List.of();
    }

    /**
     * After the job: assembles the ahead-of-time cache from JVM 0's recording (Java 25+), puts the archive
     * in its place, in one step so that no JVM maps a half file, and drops this JDK's archives of older jars
     * and the caches beyond the newest {@link #AOT_CACHES_KEPT}. Only after a job that ended well: a JVM
     * that was killed may have left half an archive or recording, which is deleted.
     */
    void publish(boolean jobSucceeded) {
        if (pending == null) {
            return;
        }
        if (Files.isRegularFile(configuration())) {
            try {
                if (jobSucceeded && !Files.exists(pending)) {
                    assemble();
                }
            } finally {
                try {
                    Files.deleteIfExists(configuration());
                } catch (IOException ignored) {
                    // disk space only; removed with the stale temporary files later
                }
            }
        }
        if (!Files.isRegularFile(pending)) {
            return;
        }
        try {
            if (!jobSucceeded) {
                return;
            }
            Files.move(pending, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            long anHourAgo = System.currentTimeMillis() - 3_600_000;
            List<Path> caches = new ArrayList<>();
            try (DirectoryStream<Path> old = Files.newDirectoryStream(archive.getParent(), "mpj-" + jdkKey + "-*")) {
                for (Path p : old) {
                    // Archives of older jars, and what an mpjrun that was killed left over an hour ago.
                    String name = p.getFileName().toString();
                    boolean tmp = name.endsWith(".tmp") || name.endsWith(".config");
                    if (tmp ? Files.getLastModifiedTime(p).toMillis() < anHourAgo : !name.startsWith(kept)) {
                        Files.deleteIfExists(p);
                    } else if (!tmp) {
                        caches.add(p);
                    }
                }
            }
            // Other programs' caches of the same jars: the newest stay.
            caches.sort(Comparator.comparing(ClassDataSharing::modified).reversed());
            for (Path p : caches.subList(Math.min(caches.size(), AOT_CACHES_KEPT), caches.size())) {
                Files.deleteIfExists(p);
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

    /**
     * Where JVM 0 records: for an ahead-of-time cache its classes, linking and profiles (~25 MB), else the
     * list of the classes it loaded.
     */
    Path configuration() {
        return Path.of(pending + ".config");
    }

    /**
     * Assembles the cache from JVM 0's recording, or dumps the archive of the classes it listed: a JVM of
     * the same JDK, class path and module options that runs no program (about half a second here for a
     * cache, ~1 s for an archive); its console output is not the job's. A failure leaves no archive, and
     * the next job records again.
     */
    private void assemble() {
        List<String> command = new ArrayList<>();
        command.add(JvmCommand.java());
        command.addAll(JvmOptions.ALL);
        command.addAll(aot
                ? List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + configuration(), "-XX:AOTCache=" + pending,
                        "-Xlog:aot=off")
                : List.of("-Xshare:dump", "-XX:SharedClassListFile=" + configuration(), "-XX:SharedArchiveFile=" + pending));
        command.addAll(List.of("-Xlog:cds=off", "-cp", System.getProperty("java.class.path")));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(ASSEMBLY_TIMEOUT_S, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                Files.deleteIfExists(pending);
            }
        } catch (IOException e) {
            // no cache this time
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * -Xshare:..., -XX:SharedArchiveFile=..., -XX:ArchiveClassesAtExit=..., -XX:AOTCache=... and the like;
     * JVM options only (a system property that names a shared folder is not one).
     */
    private static boolean aboutSharing(String option) {
        String o = option.toLowerCase(java.util.Locale.ROOT);
        return o.startsWith("-x") && (o.contains("share") || o.contains("archive") || o.contains("cds") || o.contains("aot")
                || o.contains("classlist"));
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
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
