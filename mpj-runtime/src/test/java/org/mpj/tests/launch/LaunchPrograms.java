package org.mpj.tests.launch;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import mpi.MPI;

/** Programs that the launcher tests start with mpjrun; every rank first prints "PID rank pid". */
public final class LaunchPrograms {
    private LaunchPrograms() {
    }

    static int start(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        System.out.println("PID " + rank + " " + ProcessHandle.current().pid());
        MPI.COMM_WORLD.Barrier();
        return rank;
    }

    /** Every rank prints "property R NAME=VALUE" for each system property named in args. */
    public static class Properties {
        public static void main(String[] args) {
            int rank = start(args);
            for (String name : args) {
                System.out.println("property " + rank + " " + name + "=" + System.getProperty(name));
            }
            MPI.Finalize();
        }
    }

    /** Waits for a message that never comes. */
    static void block() {
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 99);
    }

    /**
     * args[0] says how rank args[1] ends (the others wait in a receive): {@code throw}, {@code abort}
     * (Abort(7)), {@code exit} (System.exit(3) before Finalize), {@code return} (main returns without
     * Finalize), {@code sleep} (nobody ends: the test kills a JVM or mpjrun), {@code finalize-exit}
     * (every rank calls Finalize, then System.exit(0): a success).
     */
    public static class Failing {
        public static void main(String[] args) throws InterruptedException {
            int rank = start(args);
            int failing = Integer.parseInt(args[1]);
            if (args[0].equals("finalize-exit")) {
                MPI.Finalize();
                System.exit(0);
            }
            if (rank == failing) {
                Thread.sleep(300);
                switch (args[0]) {
                    case "throw" -> throw new IllegalStateException("planned failure of rank " + rank);
                    case "abort" -> MPI.COMM_WORLD.Abort(7);
                    case "exit" -> System.exit(3);
                    case "return" -> {
                        return;
                    }
                    default -> block();
                }
            }
            block();
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 calls System.exit(args[0]) right after Finalize; the others go on after theirs and print
     * "after Finalize: rank R" 300 ms later, which an exit that ended every thread rank would cut off.
     */
    public static class ExitAfterFinalize {
        public static void main(String[] args) throws InterruptedException {
            int rank = start(args);
            MPI.Finalize();
            if (rank == 0) {
                System.exit(Integer.parseInt(args[0]));
            }
            Thread.sleep(300);
            System.out.println("after Finalize: rank " + rank);
        }
    }

    /**
     * Every rank writes {@code args[0]} lines to stdout and stderr, each in three pieces (print,
     * print, println), so that only line buffering keeps them whole: "line RANK I" then 200 copies of
     * the rank's letter.
     */
    public static class Chatter {
        public static void main(String[] args) {
            int rank = start(args);
            int lines = Integer.parseInt(args[0]);
            String fill = String.valueOf((char) ('a' + rank)).repeat(100);
            for (int i = 0; i < lines; i++) {
                System.out.print("line " + rank + " " + i + " ");
                System.out.print(fill);
                System.out.println(fill);
                System.err.print("err " + rank + " " + i + " ");
                System.err.println(fill);
            }
            MPI.Finalize();
        }
    }

    /** Rank 0 echoes standard input as "echo: LINE"; every other rank must read end of file at once. */
    public static class EchoStdin {
        public static void main(String[] args) throws Exception {
            int rank = start(args);
            if (rank == 0) {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    System.out.println("echo: " + line);
                }
            } else if (System.in.read() != -1) {
                throw new IllegalStateException("rank " + rank + " read standard input, which is rank 0's");
            }
            MPI.Finalize();
        }
    }

    /**
     * Prints "ADDR rank a,b,..." (the IPv4 addresses of the rank's network namespace or host), then
     * passes eager and rendezvous messages around the ring and checks an Allreduce of the ranks.
     */
    public static class Where {
        public static void main(String[] args) throws Exception {
            int rank = start(args);
            int size = MPI.COMM_WORLD.Size();
            StringBuilder addrs = new StringBuilder();
            for (java.net.NetworkInterface nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                for (java.net.InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                    if (a instanceof java.net.Inet4Address) {
                        addrs.append(addrs.length() == 0 ? "" : ",").append(a.getHostAddress());
                    }
                }
            }
            System.out.println("ADDR " + rank + " " + addrs);
            System.out.println("SLURM_PROCID " + rank + " " + System.getenv("SLURM_PROCID"));
            for (int n : new int[] {1, 100_000}) {
                long[] out = new long[n], in = new long[n];
                java.util.Arrays.fill(out, rank * 1000L + n);
                MPI.COMM_WORLD.Sendrecv(out, 0, n, MPI.LONG, (rank + 1) % size, 5,
                        in, 0, n, MPI.LONG, (rank + size - 1) % size, 5);
                long expected = ((rank + size - 1) % size) * 1000L + n;
                if (in[0] != expected || in[n - 1] != expected) {
                    throw new IllegalStateException("rank " + rank + ": ring of " + n + " longs got " + in[0]);
                }
            }
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            if (sum[0] != size * (size - 1) / 2) {
                throw new IllegalStateException("rank " + rank + ": Allreduce gave " + sum[0]);
            }
            MPI.Finalize();
        }
    }

    /**
     * Every rank prints "CPUS rank list processors": the cores its thread may run on (Linux's
     * Cpus_allowed_list) and what its JVM counts; then all exchange a message and finish.
     */
    public static class Cores {
        public static void main(String[] args) throws Exception {
            int rank = start(args);
            String list = "?";
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    list = line.substring(line.indexOf(':') + 1).trim();
                }
            }
            System.out.println("CPUS " + rank + " " + list + " " + Runtime.getRuntime().availableProcessors());
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            MPI.Finalize();
        }
    }

    /** Prints the Netty settings and JIT options its JVM runs with, once the tcp device is up. */
    public static class JvmSettings {
        public static void main(String[] args) {
            int rank = start(args);
            MPI.COMM_WORLD.Barrier();
            boolean asm = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                    .contains("-XX:CompileCommand=exclude,jdk.internal.org.objectweb.asm.Frame::execute");
            System.out.println("SETTINGS " + rank + " jfr=" + System.getProperty("io.netty.jfr.enabled") + " leak="
                    + io.netty.util.ResourceLeakDetector.getLevel() + " asm-excluded=" + asm);
            MPI.Finalize();
        }
    }

    /**
     * Prints "ARCHIVE rank what" after a ping-pong across the size classes: what its JVM was told of
     * mpjrun's archive ({@code record} / {@code use} an ahead-of-time cache, {@code list} its classes for /
     * {@code map} an archive of classes, or {@code none}), and nothing else.
     */
    public static class Archive {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            byte[] b = new byte[1 << 20];
            for (int n = 1; n <= b.length; n *= 4) {
                if (rank == 0) {
                    MPI.COMM_WORLD.Send(b, 0, n, MPI.BYTE, 1, 0);
                    MPI.COMM_WORLD.Recv(b, 0, n, MPI.BYTE, 1, 0);
                } else if (rank == 1) {
                    MPI.COMM_WORLD.Recv(b, 0, n, MPI.BYTE, 0, 0);
                    MPI.COMM_WORLD.Send(b, 0, n, MPI.BYTE, 0, 0);
                }
            }
            String what = "none";
            for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                what = a.equals("-XX:AOTMode=record") ? "record" : a.startsWith("-XX:AOTCache=") ? "use"
                        : a.startsWith("-XX:DumpLoadedClassList=") ? "list" : a.startsWith("-XX:SharedArchiveFile=") ? "map" : what;
            }
            System.out.println("ARCHIVE " + rank + " " + what);
            MPI.Finalize();
        }
    }

    /** Prints "C1PATH rank yes" where its JVM's compiler directives keep C2 off MPJ's own classes, else "no". */
    public static class C1Path {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            Object stack = java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesPrint",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            boolean scaled = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .anyMatch(a -> a.startsWith("-XX:CompileCommand=CompileThresholdScaling,org.mpj.device."));
            System.out.println("C1PATH " + MPI.COMM_WORLD.Rank() + " " + (String.valueOf(stack).contains("org/mpj/core/*.*") ? "yes" : "no")
                    + " thresholds " + (scaled ? "scaled" : "as usual"));
            MPI.Finalize();
        }
    }
}
