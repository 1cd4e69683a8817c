package org.mpj.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Options of every JVM that runs ranks: those mpjrun starts (tcp, hybrid), the benchmarks' jobs,
 * and, through bin/mpjrun, which spells the same options out, mpjrun's own JVM (thread ranks, shm).
 */
public final class JvmOptions {
    public static final List<String> ALL = List.of(
            // Netty loads its native epoll transport; since Java 24 the JVM warns on stderr of every rank
            // unless native access is enabled (Java 17 and 21 accept the option and are silent either way).
            "--enable-native-access=ALL-UNNAMED",
            // Java 17 and 21 spin the classes behind lambdas and method handles with their copy of ASM,
            // and a JVM's start-up (Netty, picocli; MPJ's catalog of algorithms until it used enums)
            // makes ASM's Frame.execute hot just as the program starts: C2 then spends 135-290 ms on that one
            // method while the program's loops wait behind it in its queue (on 2 cores, one C2 thread).
            // Interpreted it costs a few milliseconds of start-up. NPB IS class A on one thread rank:
            // 0.17-0.18 s in 8 runs of 8, against 0.22-0.25 s in half of them; on 2 JVMs over tcp
            // 0.26-0.29 against 0.34-0.39. Java 22 and later spin classes with their class-file API,
            // and the command matches nothing; "quiet" keeps the JVM from announcing it on stdout.
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=exclude,jdk.internal.org.objectweb.asm.Frame::execute");

    /** Where Linux says when it backs memory with transparent huge pages: always, madvise (on request) or never. */
    static final Path HUGE_PAGE_MODE = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    private JvmOptions() {
    }

    /**
     * Options, beside {@link #ALL}, for JVMs that run on this host, where mpjrun sees the kernel's
     * settings: huge pages for the Java heap where the kernel gives them only to memory that asks (its mode
     * "[madvise]"; with "always" the heap gets them anyway, with "never" the JVM would warn). A TLB
     * entry then maps 2 MiB of a program's arrays instead of 4 KiB: NPB IS class A on one thread rank
     * (random increments over 2^19 buckets) 0.15-0.17 s in 4 runs of 4 against 0.18-0.20,
     * CG 0.50-0.56 against 0.50-0.60, MG, FT and EP level. {@code -XX:-UseTransparentHugePages} among
     * the user's options turns it off.
     */
    public static List<String> forThisHost() {
        return hugePagesOnRequest(HUGE_PAGE_MODE) ? List.of(HUGE_PAGES) : List.of();
    }

    /** True where {@code modeFile} reads as the kernel's "always [madvise] never". */
    static boolean hugePagesOnRequest(Path modeFile) {
        try {
            return Files.readString(modeFile).contains("[madvise]");
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
