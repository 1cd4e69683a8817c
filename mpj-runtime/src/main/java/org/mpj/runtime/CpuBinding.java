package org.mpj.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Binding of the job's JVMs on this host, or of a shm job's thread ranks, to cores of their own, as
 * mpirun's {@code --bind-to core} keeps ranks off each other's cores: the cores mpjrun may run on are
 * shared out in order among the ranks, each rank getting C / np of them or one more, and JVM j runs on
 * its ranks' cores. A JVM is more than its rank's thread: its JIT compiler and collector threads run
 * on the same cores, so where there are more cores than ranks each JVM gets several rather than one
 * and the rest idle. The JVM is started through {@code taskset}, so it sees only its cores from its
 * first instruction. A thread rank binds itself ({@link #bindThisThread}); the JVM's other threads
 * run on any core.
 *
 * <p>Why: two rank JVMs on two unbound cores were often put on one core by the scheduler, the other
 * running a JIT thread: a 2-rank tcp Allreduce of 8 B took 62-80 us in such stretches, 6 us when each
 * rank held a core (8 blocks of 2000 calls, 4 jobs each way; Open MPI binds 2 ranks to cores too).
 * Ranks that outnumber the cores are not bound, as Open MPI does not bind them: they must share cores
 * whichever way, and pinning 4 rank JVMs two to a core did not change 4-rank Bcast or Allreduce.
 */
record CpuBinding(String taskset, List<Integer> cpus) {
    static final String CORE = "core";
    static final String NONE = "none";
    /**
     * Set by mpjrun on the JVMs it bound: each binds its thread ranks to their share of its cores
     * ({@link #ofThisJvm}), as a shm job's are.
     */
    static final String BIND_THREADS = "mpj.bindThreads";

    /**
     * The binding for {@code np} ranks under {@code --bind-to value} ({@code null}: bind when the ranks
     * fit this host's cores and taskset is here), or null for none. Throws IllegalArgumentException
     * with the reason when {@code core} was asked for and cannot be done.
     */
    static CpuBinding choose(String value, int np) {
        return choose(value, np, onPath("taskset"), allowedCpus());
    }

    /** As {@link #choose(String, int)} with this taskset command (null: none) and these usable cores. */
    static CpuBinding choose(String value, int np, String taskset, List<Integer> cpus) {
        if (NONE.equals(value)) {
            return null;
        }
        boolean asked = CORE.equals(value);
        if (cpus.isEmpty()) {
            return refuse(asked, "--bind-to core: this host's usable cores cannot be read (/proc/self/status)");
        }
        if (taskset == null) {
            return refuse(asked, "--bind-to core needs the taskset command (Debian: util-linux), not found on PATH");
        }
        if (np > cpus.size()) {
            return refuse(asked, "--bind-to core: " + np + " ranks but " + cpus.size() + " usable core(s) on this host"
                    + " (ranks that outnumber the cores are not bound; use --bind-to none)");
        }
        String failure = tryTaskset(taskset, cpus.get(0));
        if (failure != null) {
            return refuse(asked, "--bind-to core: " + taskset + " cannot bind here: " + failure);
        }
        return new CpuBinding(taskset, cpus);
    }

    /**
     * The binding of {@code ranks} thread ranks to the cores this JVM may run on (those mpjrun bound it
     * to), or null where they do not fit or taskset is missing.
     */
    static CpuBinding ofThisJvm(int ranks) {
        String taskset = onPath("taskset");
        List<Integer> cpus = allowedCpus();
        return taskset == null || ranks > cpus.size() ? null : new CpuBinding(taskset, cpus);
    }

    /**
     * Runs {@code taskset -c CPU true}: where a container forbids setting the affinity, a JVM started
     * through taskset would never start. Null when it worked, else what went wrong.
     */
    private static String tryTaskset(String taskset, int cpu) {
        return run(List.of(taskset, "-c", Integer.toString(cpu), "true"));
    }

    /** Runs {@code command}; null when it exited 0, else what went wrong. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "it did not finish in 10 s";
            }
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + (out.isEmpty() ? "" : ": " + out);
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static CpuBinding refuse(boolean asked, String why) {
        if (asked) {
            throw new IllegalArgumentException(why);
        }
        return null;
    }

    /** The cores of JVM {@code jvm}: those of its ranks. */
    List<Integer> cpusOf(JvmCommand command, int jvm) {
        return cpusOfRanks(jvm * command.perJvm(), command.ranksOf(jvm), command.np());
    }

    /** The cores of ranks [first, first + count) of np, rank r holding cores [r C / np, (r + 1) C / np). */
    List<Integer> cpusOfRanks(int first, int count, int np) {
        long c = cpus.size(), end = (long) first + count;
        return cpus.subList((int) (first * c / np), (int) (end * c / np));
    }

    /**
     * Binds the calling thread to {@code cpus}: a thread rank of shm, whose JVM runs every rank. Two
     * thread ranks on a 2-core VM were often left on one core by the scheduler (which keeps a thread
     * that spins, and so always looks busy, where it is): each waited for the other through a yield,
     * and a 2-rank Alltoall of a few bytes took 4-9 us at such points, 0.3 us elsewhere in the same job
     * (a 300-point run: 36 such points unbound, none bound). The thread's id is read from
     * {@code /proc/thread-self}; null when it was bound, else why not.
     */
    String bindThisThread(List<Integer> cpus) {
        String tid;
        try {
            Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            tid = self.getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "the thread's id cannot be read (/proc/thread-self): " + e.getMessage();
        }
        return run(List.of(taskset, "-p", "-c", cpuList(cpus), tid));
    }

    /** The words that start JVM {@code jvm}'s command on its cores. */
    List<String> prefix(JvmCommand command, int jvm) {
        return List.of(taskset, "-c", cpuList(cpusOf(command, jvm)));
    }

    static String cpuList(List<Integer> cpus) {
        StringBuilder sb = new StringBuilder();
        for (int c : cpus) {
            sb.append(sb.length() == 0 ? "" : ",").append(c);
        }
        return sb.toString();
    }

    /** The cores this process may run on (Linux), in increasing order; empty where that cannot be read. */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCpuList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or no procfs: no binding.
        }
        return List.of();
    }

    /** A kernel CPU list such as {@code 0-3,8,10-11}. */
    static List<Integer> parseCpuList(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            int lo = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
            int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1).trim());
            for (int c = lo; c <= hi; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    private static String onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File f = new File(dir, command);
            if (!dir.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }
}
