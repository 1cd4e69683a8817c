package org.mpj.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.mpj.device.tcp.JobSecret;
import org.mpj.device.tcp.TcpDevice;

/**
 * A job whose ranks live in several JVMs (the tcp and hybrid devices): starts them through a
 * {@link JvmLauncher}, wires them up through a {@link LaunchServer}, forwards their output line by
 * line and standard input to rank 0, and watches them. The first failure (a rank that threw, called
 * Abort or left main without Finalize, a JVM that exited early or was killed, or the time limit)
 * makes mpjrun order every JVM to abort; JVMs still running {@link #KILL_AFTER_MS} later are killed,
 * and so is every JVM when mpjrun itself is stopped (SIGINT, SIGTERM).
 */
final class ProcessJob {
    /** After the first failure, how long JVMs get to report and exit before they are killed. */
    static final long KILL_AFTER_MS = 3_000;
    /** How long mpjrun waits at the time limit for the JVMs to say where their ranks wait. */
    static final long WHERE_WAIT_MS = 1_000;
    /** After a JVM's control connection closed, how long to wait for its exit status to name the cause. */
    static final long EXIT_STATUS_WAIT_MS = 1_000;

    private final JvmCommand command;
    private final JvmLauncher launcher;
    private final InetAddress controlBind;
    private final long timeoutMs;
    private final boolean forwardStdin;
    /**
     * Set by the shutdown hook (Ctrl-C, SIGTERM) before it kills the JVMs, whose deaths are then its own
     * doing: the job reports the stop, not "rank 1 was killed by signal 9".
     */
    private volatile boolean stopped;

    ProcessJob(JvmCommand command, JvmLauncher launcher, InetAddress controlBind, long timeoutMs, boolean forwardStdin) {
        this.command = command;
        this.launcher = launcher;
        this.controlBind = controlBind;
        this.timeoutMs = timeoutMs;
        this.forwardStdin = forwardStdin;
    }

    /** One JVM as the launcher tracks it. */
    private static final class Jvm {
        int first;
        int count;
        boolean resultIn;
        boolean closed;
        /** -1 until the process exit status is known. */
        int exitStatus = -1;
        /** Exited through System.exit: every rank had finalized (true) or not (false); null if not. */
        Boolean exitingFinalized;
        String closeError;
        /** Its answer to WHERE: its ranks still running and where; null until it answers. */
        String waiting;
        /** The JVM's end has been judged (at most one failure per JVM's end). */
        boolean judged;

        String ranks() {
            return JvmCommand.ranks(first, count);
        }

        boolean finished(boolean oneProcess) {
            return closed && (oneProcess || exitStatus >= 0);
        }
    }

    /** A failure with how directly it names its cause: lower is closer to the cause. */
    private record Failure(int priority, int rank, int code, String message) {
    }

    JobResult run() throws IOException, InterruptedException {
        JobSecret secret = JobSecret.random();
        int jvmCount = command.jvms();
        int[] counts = new int[jvmCount];
        Jvm[] jvms = new Jvm[jvmCount];
        for (int j = 0; j < jvmCount; j++) {
            counts[j] = command.ranksOf(j);
            jvms[j] = new Jvm();
            jvms[j].first = j * command.perJvm();
            jvms[j].count = counts[j];
        }
        LinkedBlockingQueue<JvmEvent> events = new LinkedBlockingQueue<>();
        List<Process> processes = new ArrayList<>();
        List<Thread> pumps = new ArrayList<>();
        LaunchServer[] launched = new LaunchServer[1];
        Thread killer = new Thread(() -> {
            stopped = true;
            destroy(processes);
            removeLocalSockets(launched[0]);
            removePipes(processes);
        }, "mpjrun-kill-jvms");
        boolean succeeded = false;
        try (LaunchServer server = new LaunchServer(controlBind, secret, counts, events)) {
            launched[0] = server;
            server.start();
            JvmCommand c = new JvmCommand(server.address(), command.np(), command.perJvm(), command.device(),
                    command.appClassPath(), command.mainClass(), command.args(), command.settings(), command.shared(),
                    command.tagOutput(), command.javaOptions());
            Runtime.getRuntime().addShutdownHook(killer);
            try {
                synchronized (processes) {
                    processes.addAll(launcher.start(c, secret));
                }
            } catch (IOException e) {
                return new JobResult(1, -1, "cannot start the JVMs (" + launcher.describe() + "): " + e.getMessage(), null);
            }
            boolean oneProcess = processes.size() == 1 && jvmCount > 1;
            for (int p = 0; p < processes.size(); p++) {
                Process proc = processes.get(p);
                pumps.add(new OutputPump(proc.getInputStream(), () -> System.out, "mpjrun-out-" + p));
                pumps.add(new OutputPump(proc.getErrorStream(), () -> System.err, "mpjrun-err-" + p));
                int jvm = oneProcess ? -1 : p;
                pumps.add(exitWatcher(proc, jvm, events, "mpjrun-exit-" + p));
                if (p == 0 && forwardStdin) {
                    startStdinPump(proc.getOutputStream());
                } else {
                    closeQuietly(proc.getOutputStream());
                }
            }
            pumps.forEach(Thread::start);
            JobResult result = watch(jvms, events, server, processes, oneProcess);
            if (stopped) {
                result = JobResult.stopped();
            }
            for (Thread t : pumps) {
                t.join(EXIT_STATUS_WAIT_MS);
            }
            succeeded = result.exitCode() == 0;
            return result;
        } finally {
            destroy(processes);
            removeLocalSockets(launched[0]);
            removePipes(processes);
            launcher.finished(succeeded);
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run
            }
        }
    }

    /**
     * A thread that waits for the process to end and posts its exit status. Not {@code onExit()}:
     * its callback runs in the common fork-join pool, which has one worker on 2 cores (Java 17 gave
     * each callback a thread of its own there, Java 25 does not); a caller that ran the job from that
     * pool (a CompletableFuture, a parallel stream) held the worker, so on Java 25 a killed JVM went
     * unnoticed until the job had ended otherwise (after the 30 s connect timeout of its peers).
     */
    private static Thread exitWatcher(Process proc, int jvm, LinkedBlockingQueue<JvmEvent> events, String name) {
        Thread t = new Thread(() -> {
            try {
                events.add(new JvmEvent(jvm, JvmEvent.Kind.EXITED, proc.waitFor(), -1, null));
            } catch (InterruptedException e) {
                // nobody interrupts it; if someone did, the job is being torn down
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private JobResult watch(Jvm[] jvms, LinkedBlockingQueue<JvmEvent> events, LaunchServer server,
                            List<Process> processes, boolean oneProcess) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = timeoutMs > 0 ? start + TimeUnit.MILLISECONDS.toNanos(timeoutMs) : Long.MAX_VALUE;
        long killAt = Long.MAX_VALUE;
        /** At the time limit: when mpjrun stops waiting for the JVMs' answers to WHERE and aborts. */
        long answersBy = Long.MAX_VALUE;
        List<Failure> failures = new ArrayList<>();
        Failure timedOut = null;
        int launcherExit = -1;
        while (true) {
            if (allFinished(jvms, oneProcess, launcherExit)) {
                break;
            }
            long now = System.nanoTime();
            if (now - killAt >= 0) {
                destroy(processes);
                killAt = now + TimeUnit.SECONDS.toNanos(10);
                if (!failures.isEmpty() || timedOut != null) {
                    break;
                }
            }
            if (failures.isEmpty() && now - deadline >= 0) {
                deadline = Long.MAX_VALUE;
                answersBy = server.askWhereAll() ? now + TimeUnit.MILLISECONDS.toNanos(WHERE_WAIT_MS) : now;
            }
            if (failures.isEmpty() && answersBy != Long.MAX_VALUE && (now - answersBy >= 0 || allAnswered(jvms))) {
                timedOut = new Failure(-1, -1, JobResult.TIMED_OUT, "timed out after " + timeoutMs + " ms" + running(jvms, server.wiredUp()));
                server.abortAll(-1, JobResult.TIMED_OUT, timedOut.message());
                answersBy = Long.MAX_VALUE;
                killAt = now + TimeUnit.MILLISECONDS.toNanos(KILL_AFTER_MS);
            }
            long waitNs = Math.min(killAt, Math.min(deadline, answersBy)) - now;
            JvmEvent e = events.poll(Math.max(1, Math.min(waitNs, TimeUnit.MILLISECONDS.toNanos(200))), TimeUnit.NANOSECONDS);
            if (e == null) {
                continue;
            }
            Failure f = apply(e, jvms, oneProcess, server);
            if (e.jvm() < 0 && e.kind() == JvmEvent.Kind.EXITED) {
                launcherExit = e.code();
            }
            if (f != null) {
                if (failures.isEmpty() && timedOut == null) {
                    answersBy = Long.MAX_VALUE;
                    server.abortAll(f.rank(), f.code(), f.message());
                    killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_AFTER_MS);
                }
                failures.add(f);
            }
        }
        // Exit statuses that arrive right after the connections closed name a killed JVM's cause.
        collectLate(jvms, events, oneProcess, failures, server);
        if (timedOut != null) {
            return new JobResult(JobResult.TIMED_OUT, -1, timedOut.message(), null);
        }
        if (launcherExit > 0 && failures.isEmpty()) {
            failures.add(new Failure(2, -1, launcherExit, launcher.describe() + " exited with status " + launcherExit));
        }
        if (failures.isEmpty()) {
            return JobResult.success();
        }
        Failure best = failures.get(0);
        for (Failure f : failures) {
            if (f.priority() < best.priority()) {
                best = f;
            }
        }
        return new JobResult(best.code(), best.rank(), best.message(), null);
    }

    /** Updates the JVM's state; returns the failure this event reveals, if any. */
    private Failure apply(JvmEvent e, Jvm[] jvms, boolean oneProcess, LaunchServer server) {
        if (e.jvm() < 0) {
            return launcherEnded(e.code(), jvms, server);
        }
        Jvm j = jvms[e.jvm()];
        switch (e.kind()) {
            case RESULT -> {
                j.resultIn = true;
                if (e.code() != 0) {
                    boolean own = e.rank() >= j.first && e.rank() < j.first + j.count;
                    return new Failure(own ? 0 : 3, e.rank(), e.code(), e.message());
                }
            }
            case EXITING -> j.exitingFinalized = e.code() == 1;
            case WAITING -> j.waiting = e.message();
            case CLOSED -> {
                j.closed = true;
                j.closeError = e.message();
            }
            case EXITED -> {
                j.exitStatus = e.code();
                // A JVM that never connected has no connection to close; one that did closes it next.
                j.closed |= !server.connected(e.jvm());
            }
            default -> {
            }
        }
        if (j.judged || !j.finished(oneProcess)) {
            return null;
        }
        j.judged = true;
        return deathOf(j);
    }

    /**
     * The one process that started every JVM (srun) ended: JVMs that never connected never will, so
     * they count as ended; returns the failure of the first of them, if any.
     */
    private Failure launcherEnded(int status, Jvm[] jvms, LaunchServer server) {
        Failure first = null;
        for (int i = 0; i < jvms.length; i++) {
            Jvm j = jvms[i];
            if (!j.closed && !server.connected(i)) {
                j.closed = true;
                j.judged = true;
                if (first == null) {
                    first = new Failure(2, j.first, status > 0 ? status : 1, launcher.describe() + " exited with status "
                            + status + " before the JVM of " + j.ranks() + " connected to mpjrun");
                }
            }
        }
        return first;
    }

    /** The failure of a JVM whose connection closed or whose process exited, or null if it ended well. */
    private static Failure deathOf(Jvm j) {
        if (j.resultIn && j.exitStatus <= 0) {
            return null;
        }
        if (Boolean.TRUE.equals(j.exitingFinalized) && j.exitStatus <= 0) {
            return null;
        }
        if (j.resultIn) {
            return j.exitStatus > 0 ? new Failure(2, j.first, j.exitStatus, "the JVM of " + j.ranks()
                    + " reported its result, then exited with status " + j.exitStatus) : null;
        }
        String how;
        if (Boolean.FALSE.equals(j.exitingFinalized)) {
            how = "called System.exit(" + Math.max(j.exitStatus, 0) + ") before MPI.Finalize";
        } else if (j.exitStatus > 128) {
            how = "was killed by signal " + (j.exitStatus - 128) + signalName(j.exitStatus - 128);
        } else if (j.exitStatus >= 0) {
            how = "ended with exit status " + j.exitStatus + " without reporting its result"
                    + (j.closeError != null ? " (" + j.closeError + ")" : "");
        } else {
            how = "lost its control connection to mpjrun" + (j.closeError != null ? " (" + j.closeError + ")" : "");
        }
        int code = j.exitStatus > 0 ? j.exitStatus : 1;
        // Several thread ranks die as one process: name the JVM, not its ranks.
        String who = j.count == 1 ? j.ranks() : "the JVM of " + j.ranks();
        return new Failure(1, j.first, code, who + " " + how);
    }

    private static String signalName(int signal) {
        return switch (signal) {
            case 9 -> " (SIGKILL)";
            case 15 -> " (SIGTERM)";
            case 2 -> " (SIGINT)";
            case 11 -> " (SIGSEGV)";
            case 6 -> " (SIGABRT)";
            default -> "";
        };
    }

    private static boolean allFinished(Jvm[] jvms, boolean oneProcess, int launcherExit) {
        for (Jvm j : jvms) {
            if (!j.finished(oneProcess)) {
                return false;
            }
        }
        return !oneProcess || launcherExit >= 0;
    }

    /** Waits a little for the exit events of JVMs whose connection closed, so a kill -9 is named as one. */
    private void collectLate(Jvm[] jvms, LinkedBlockingQueue<JvmEvent> events, boolean oneProcess, List<Failure> failures,
                             LaunchServer server)
            throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(EXIT_STATUS_WAIT_MS);
        while (!allFinished(jvms, oneProcess, 0) && System.nanoTime() - until < 0) {
            JvmEvent e = events.poll(50, TimeUnit.MILLISECONDS);
            if (e != null) {
                Failure f = apply(e, jvms, oneProcess, server);
                if (f != null) {
                    failures.add(f);
                }
            }
        }
        for (JvmEvent e = events.poll(); e != null; e = events.poll()) {
            Failure f = apply(e, jvms, oneProcess, server);
            if (f != null) {
                failures.add(f);
            }
        }
    }

    /** Every JVM still running has answered WHERE. */
    private static boolean allAnswered(Jvm[] jvms) {
        for (Jvm j : jvms) {
            if (!j.resultIn && !j.closed && j.waiting == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * "; still running: rank 0 in Comm.Recv, rank 1, ranks 2..3": a JVM that did not answer WHERE is named
     * by its ranks, "(starting)" before every JVM had its peer table.
     */
    private static String running(Jvm[] jvms, boolean wiredUp) {
        StringJoiner running = new StringJoiner(", ");
        for (Jvm j : jvms) {
            String ranks = j.resultIn || j.closed ? "" : j.waiting != null ? j.waiting : j.ranks() + (wiredUp ? "" : " (starting)");
            if (!ranks.isEmpty()) {
                running.add(ranks);
            }
        }
        return ThreadJob.stillRunning(running.toString());
    }

    /**
     * Removes the Unix domain sockets of this host's ranks (named for their TCP addresses) once the
     * JVMs are gone: a rank that ends well removes its own, a killed one cannot. Ranks on other hosts
     * leave theirs to the next rank that takes their port there.
     */
    private static void removeLocalSockets(LaunchServer server) {
        if (server == null) {
            return;
        }
        for (String a : server.rankAddresses()) {
            int colon = a.lastIndexOf(':');
            try {
                Path p = TcpDevice.localSocketOf(new InetSocketAddress(InetAddress.getByName(a.substring(0, colon)),
                        Integer.parseInt(a.substring(colon + 1))));
                if (p != null) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | RuntimeException ignored) {
                // not an address of ours, or already gone
            }
        }
    }

    /** Pipe files of shared memory that the JVMs made and left (killed before a peer took them). */
    private static void removePipes(List<Process> processes) {
        synchronized (processes) {
            for (Process p : processes) {
                TcpDevice.removePipesOf(p.pid());
            }
        }
    }

    private static void destroy(List<Process> processes) {
        synchronized (processes) {
            for (Process p : processes) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /** Copies mpjrun's standard input to rank 0's JVM until either ends. */
    private static void startStdinPump(OutputStream to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            InputStream in = System.in;
            try (to) {
                for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                    to.write(buf, 0, n);
                    to.flush();
                }
            } catch (IOException e) {
                // rank 0's JVM has ended
            }
        }, "mpjrun-stdin");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(OutputStream out) {
        try {
            out.close();
        } catch (IOException ignored) {
            // the process is gone
        }
    }
}
