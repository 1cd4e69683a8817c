package org.mpj.runtime;

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

    private JvmOptions() {
    }
}
