package org.mpj.runtime;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import org.mpj.core.Config;
import org.mpj.core.MpjException;

/**
 * MPJ's own message path (the engine, the devices, the collectives, the mpi facade, Netty) compiled by
 * C1 alone in a rank JVM of one rank; the program's own code keeps C2. C2 recompiling the path after each
 * trap on a branch a new kind of message takes first (a Barrier's, a refusal, a rendezvous, a size the
 * program had not sent yet) takes a core from ranks that have work. 4 tcp JVMs on 2 cores,
 * MpiJavaBench's Allreduce of 1 MiB took 1.49-1.65 ms with the path in C1 against 2.06-2.13, of 512 KiB
 * 0.77-0.81 against 1.06-1.20, its Bcast of 1 MiB 0.69-0.84 against 0.97-1.12; after 20 000 warm-up
 * calls an 8-byte Allreduce averaged 39.8 us against 50.7, its calls over 1 ms 2% of the time against
 * 24%, the compilers' CPU 43 ms against 675; NPB class A CG 1.02-1.06 s against 1.14-1.24, EP, IS, MG, FT
 * and class B CG level (benchmarks/results/2026-11-27/tcp-c1-message-path.txt; C1 for everything made EP
 * twice as slow). Ranks with cores of their own gain too, in all but a long-settled ping-pong: 2 tcp JVMs
 * on 2 cores, three alternating rounds, MpiJavaBench's ping-pong of 8 B took 4.5 us a way against 11-22
 * with C2, 128 KiB 17 against 35-115, 1 MiB 48-52 against 103-113; NPB class A CG 0.38-0.43 s against
 * 0.42-0.49, IS 0.18-0.19 against 0.18-0.25, MG and FT level; after 200 000 round trips of 8 B, 5.4-5.6 us
 * against C2's 4.2-4.4 (benchmarks/results/2026-11-28/cds-c1-mark.txt). {@code auto} keeps C2 there.
 *
 * <p>Only JVMs that hold one rank and compile with C1 and then C2 (JVMs of several thread ranks run C2
 * alone, where a method C2 may not compile would stay interpreted). The directive goes in through the
 * JVM's diagnostic command (as {@code jcmd Compiler.directives_add} would), not
 * {@code -XX:CompilerDirectivesFile}, which prints a line of its own on the program's standard output.
 */
final class MessagePathJit {
    /** Setting: true (the default), auto (only where the job's ranks outnumber this host's cores), false. */
    static final String SETTING = "mpj.c1MessagePath";
    /**
     * C2 may not compile MPJ's and Netty's classes (not the examples, or any program's, in org.mpj.*),
     * except the loops that combine and pack data: the reduction operators and the datatype copies, whose
     * C1 code is 2-4x slower per element (a sum of 128 Ki doubles, 0.60-0.64 ns an element against 0.16-0.32)
     * and which take no traps on new kinds of message. The JVM applies the first directive that matches.
     */
    static final String DIRECTIVE = "[{ match: [\"org/mpj/core/op/*.*\", \"org/mpj/core/datatype/*.*\"], c2: { Exclude: false } }, "
            + "{ match: [\"org/mpj/core/*.*\", \"org/mpj/device/*.*\", \"org/mpj/coll/*.*\", "
            + "\"org/mpj/runtime/*.*\", \"io/netty/*.*\", \"mpi/*.*\"], c2: { Exclude: true } }]";

    /**
     * Where mpjrun starts such JVMs itself (on this host), the devices', Netty's and the matching
     * engine's methods also reach C1 at a hundredth of the usual calls ({@code
     * -XX:CompileCommand=CompileThresholdScaling}, which no directive sets). With every JVM compiling
     * its start-up code on shared cores, C1's queue is long and the JVM raises its thresholds with it,
     * so a path first taken late (the first rendezvous, a new size of Netty's buffers) ran interpreted
     * for much of MpiJavaBench's row; and a method C2 may not compile runs C1's profiling code until
     * C2's thresholds are reached and it is refused, and only then C1's plain code, so the lower
     * thresholds shorten that too. At a tenth, the devices' and Netty's alone, against none, 4 tcp
     * JVMs on 2 cores, three alternating rounds: MpiJavaBench's Bcast of 128 KiB 312-360 us against
     * 516-640, of 1 MiB 689-820 against 797-995; NPB class A CG 0.78-0.89 s against 0.94-1.07, FT
     * 2.22-2.23 against 2.11-2.18, IS, MG, EP level (the engine's and the collectives' classes scaled as
     * well made IS 10% slower; benchmarks/results/2026-11-27/tcp-c1-thresholds.txt). At a hundredth,
     * with the engine's matching, against a tenth, three alternating rounds: MpiJavaBench's Bcast of
     * 256 KiB-1 MiB 318-1326 us against 519-1428, Allreduce 781-2174 against 1165-2631 and of 1 byte
     * 131-178 against 193-217; NPB class A CG 0.93-1.14 s against 1.13-1.36, IS, MG, FT level
     * (benchmarks/results/2026-11-27/tcp-c1-hundredth.txt).
     *
     * <p>The JDK's methods that the path calls for every message, ByteBuffer's bulk gets and puts and the
     * atomic field updaters, keep C2 but reach it at a hundredth of the calls too: at the usual thresholds
     * both JVMs of a 2-JVM ping-pong compiled them together in its 4000th-5000th round trip, which took
     * 12-18 us a way against 4.4-4.7 settled; MpiJavaBench's 2-byte row 6.1-6.6 us against 9.1-12.4 (Open
     * MPI 5.4); NPB IS, CG and MG class A on 2 and 4 JVMs level in four alternating rounds
     * (benchmarks/results/2026-11-28/tcp-first-calls.txt). All of java.nio so scaled made CG on 4 JVMs slower
     * (0.62-0.68 s against 0.55-0.62), as MPJ's engine and facade did IS (tried-s42.txt).
     *
     * <p>So do the rest of a point-to-point call's path, the mpi facade, the communicator's calls and
     * checks, the requests and the waiting, which C1 otherwise ran in its profiling code until C2 refused
     * them after ~15 000 calls, through MpiJavaBench's first rows: its ping-pong on 2 JVMs, four
     * alternating rounds, 1 B 7.5-8.9 us a way against 8.3-11.4, 2 B 5.9-6.7 against 7.1-8.5, later rows
     * level; NPB class A IS, CG, MG on 2 and 4 JVMs level, CG on 4 0.57-0.60 s against 0.62-0.66
     * (benchmarks/results/2026-11-28/tcp-first-calls-facade.txt). Not the reduction operators and the datatype
     * copies, which C2 compiles: at these thresholds it would compile them on the first calls' profiles.
     */
    static final List<String> LAUNCH_OPTIONS = List.of(
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.device.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,io.netty.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.match.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,mpi.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.Communicator::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.request.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.idle.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.ThreadRequests::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,org.mpj.core.JobControl::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,java.nio.ByteBuffer::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,java.util.concurrent.atomic.AtomicIntegerFieldUpdater*::*,0.01");

    private MessagePathJit() {
    }

    /**
     * The options mpjrun gives a JVM of {@code ranksInJvm} ranks that it starts on this host, where
     * the job has {@code ranksOnHost} ranks, under {@code settings} (as the JVM will see them) and with
     * {@code javaOptions} (the user's and mpjrun's own): {@link #LAUNCH_OPTIONS} where that JVM will compile the path with
     * C1 alone ({@link #wanted}), else none. A setting {@link #wanted} refuses is left for the JVM to
     * report as it starts.
     */
    static List<String> launchOptions(Map<String, String> settings, int ranksOnHost, int ranksInJvm,
                                      List<String> javaOptions) {
        Map<String, String> s = new HashMap<>(settings);
        s.put(Config.RANKS_ON_HOST, Integer.toString(ranksOnHost));
        try {
            return wanted(Config.withOverrides(s), ranksInJvm, javaOptions.toArray(new String[0])) ? LAUNCH_OPTIONS : List.of();
        } catch (MpjException e) {
            return List.of();
        }
    }

    /**
     * Whether a JVM of {@code ranksInJvm} rank threads, started with {@code jvmArguments}, under
     * {@code config} compiles the path with C1 alone.
     */
    static boolean wanted(Config config, int ranksInJvm, String[] jvmArguments) {
        String s = config.getChoice(SETTING, "true", "auto", "false");
        if (ranksInJvm != 1 || s.equals("false") || !tieredWithC2(jvmArguments) || recordsArchive(jvmArguments)) {
            return false;
        }
        return s.equals("true") || config.ranksOnHost(1) > config.coresOnHost();
    }

    /**
     * Whether a JVM started with {@code jvmArguments} records mpjrun's ahead-of-time cache (Java 25+,
     * {@link ClassDataSharing}): its profiles and what its compilers did go into the cache for every JVM
     * that uses it. Such a JVM runs as the JDK's defaults have it: no directive here, and no
     * {@link #LAUNCH_OPTIONS} from mpjrun ({@link JvmLauncher#local}). A dynamic archive written at exit
     * showed why: C2, refused a method by the directive, marks it not compilable, and the archive kept
     * that (with {@code auto}, 2 JVMs on 2 cores then compiled MPJ's and Netty's methods at C1 alone); after
     * a writing JVM with the scaled thresholds a 2-JVM job's 8-byte round trip took 18-20 us a way against
     * 4.6-4.8 (benchmarks/results/2026-11-28/cds-c1-mark.txt). On Java 17 JVM 0 only lists its classes,
     * and runs as the others do.
     */
    static boolean recordsArchive(String[] jvmArguments) {
        for (String a : jvmArguments) {
            if (a.equals("-XX:AOTMode=record")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a JVM started with {@code jvmArguments} compiles with C1 first and C2 later: not with
     * {@code -XX:-TieredCompilation} (C2 alone: a method it may not compile would stay interpreted) nor
     * with {@code -XX:TieredStopAtLevel} below 4 (no C2 to keep off, as the project's tests start rank JVMs).
     */
    static boolean tieredWithC2(String[] jvmArguments) {
        boolean tiered = true;
        int stopAt = 4;
        for (String a : jvmArguments) {
            if (a.equals("-XX:-TieredCompilation") || a.equals("-XX:+TieredCompilation")) {
                tiered = a.startsWith("-XX:+");
            } else if (a.startsWith("-XX:TieredStopAtLevel=")) {
                try {
                    stopAt = Integer.parseInt(a.substring("-XX:TieredStopAtLevel=".length()));
                } catch (NumberFormatException ignored) {
                    // the JVM would not have started
                }
            }
        }
        return tiered && stopAt >= 4;
    }

    /**
     * Adds the directive to this JVM's compiler; returns the JVM's answer ("1 compiler directives added"),
     * or why it could not (a runtime without java.management, no temporary folder): the JVM then runs as
     * it would without it. Starting the JVM's management server for the command takes ~0.1 s of CPU (a
     * job of 4 JVMs on 2 cores started in 1.54-1.60 s instead of 1.34; on a thread of its own, overlapping
     * the wire-up, no less).
     */
    static String apply() {
        Path file = null;
        try {
            file = Files.createTempFile("mpj-c1-", ".json"); // readable by this user alone
            Files.writeString(file, DIRECTIVE, StandardCharsets.UTF_8);
            return diagnostic("compilerDirectivesAdd", file.toString());
        } catch (Exception | LinkageError e) {
            return "not applied: " + e;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (java.io.IOException ignored) {
                    // a few bytes in the temporary folder
                }
            }
        }
    }

    /** This JVM's diagnostic command {@code operation} (as jcmd names it, in camel case) and its answer. */
    static String diagnostic(String operation, String... args) throws Exception {
        return String.valueOf(ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), operation, new Object[] {args},
                new String[] {String[].class.getName()})).trim();
    }
}
