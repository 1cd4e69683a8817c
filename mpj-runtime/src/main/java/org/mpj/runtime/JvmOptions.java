package org.mpj.runtime;

import java.util.ArrayList;
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
        List<String> options = new ArrayList<>(List.of("-XX:-TieredCompilation",
                "-XX:CompileCommand=CompileThresholdScaling,*::main," + scale));
        options.addAll(POINT_TO_POINT_SCALED);
        return options;
    }

    /**
     * With C2 alone, MPJ's point-to-point path (the facade's Comm, the communicator, matching, requests,
     * the shm device, and the checks and copies they call) is compiled after 50 calls instead of 10 000:
     * NPB CG's ~85 Sendrecvs a rank a step reached C2's threshold only after ~29 steps on 4 thread ranks
     * and never on 2, so its exchanges ran interpreted through all of NPB's 16 (7-20 us a row sum of one
     * double against ~0.5). Class A, alternating
     * pairs in three batches: CG 7% faster on 4 ranks (median of 23 pairs), level on 2 (17); IS level (15); MG,
     * FT, EP within 2%; MpiJavaBench's ping-pong on 2 ranks 1.3-3.9 us at 1 B against 6.4-7.2, and its later
     * rows steadier. The collectives' classes keep C2's threshold: with them at 1/200 too, IS ran 12-30% slower
     * (C2 compiling its Alltoallv and Allreduce inside the timed rankings). benchmarks/results/2026-11-29/
     * npb-p2p-jit-s50.txt.
     */
    static final List<String> POINT_TO_POINT_SCALED = List.of(
            "-XX:CompileCommand=CompileThresholdScaling,mpi/Comm.*,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/Communicator.*,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/match/*.*,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/request/*.*,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/device/shm/*.*,0.005",
            // What a Sendrecv calls outside those packages and compiles on its own: its buffer checks, the
            // copy's layout, the thread's own requests, which a 40-step CG compiled only in steps 2-40
            // (-XX:+LogCompilation). CG on 4 ranks 4.5% faster again (median of 22 pairs), 2 ranks and IS
            // level (tried-s50.txt §12).
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/datatype/BufferCheck.*,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/datatype/Copier.layout,0.005",
            "-XX:CompileCommand=CompileThresholdScaling,org/mpj/core/ThreadRequests.*,0.005");
}
