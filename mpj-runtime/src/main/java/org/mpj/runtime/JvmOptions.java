package org.mpj.runtime;

import java.util.List;

/**
 * Options of every JVM that runs ranks: those mpjrun starts (tcp, hybrid), the benchmarks' jobs,
 * and, through bin/mpjrun, which spells the same options out, mpjrun's own JVM (thread ranks, shm);
 * and the JIT options of a JVM that holds several thread ranks ({@link #forThreadRanks}).
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

    private JvmOptions() {
    }

    /**
     * The JIT options of a JVM holding {@code ranks} thread ranks, as bin/mpjrun gives its own JVM
     * (whose comments hold the shm figures); none for one rank. Each thread rank loads the program's
     * classes itself, so each copy of a method is compiled on its own: C2 alone compiles each once
     * (tiered compilation compiles every copy twice and runs it meanwhile in profiling code), and main's
     * thresholds are scaled by 1/ranks (not below 1/4), since each copy counts only its own rank's loop
     * iterations. Hybrid, 2 JVMs of 2 ranks, NPB class A, three alternating rounds: IS 0.27-0.29 s ->
     * 0.23-0.25, MG 0.84-0.96 -> 0.76-0.77, CG 0.51-0.59 -> 0.40-0.50, FT level; C2 alone made the
     * difference. Options the user gives the rank JVMs come after these and may say otherwise.
     */
    public static List<String> forThreadRanks(int ranks) {
        if (ranks <= 1) {
            return List.of();
        }
        double scale = ranks < 4 ? 1.0 / ranks : 0.25;
        return List.of("-XX:-TieredCompilation", "-XX:CompileCommand=CompileThresholdScaling,*::main," + scale);
    }
}
