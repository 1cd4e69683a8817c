package org.mpj.runtime;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.mpj.core.JobAbortedException;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;

/**
 * mpjrun runs a shm job's ranks as threads of its own JVM, so a rank's {@code System.exit}, or a signal
 * to mpjrun, shuts that JVM down under the job. This shutdown hook, held while the job runs, gives such
 * an exit what it means where each rank has a JVM: after {@code MPI.Finalize} it ends that rank only, and
 * the JVM exits with its status once every other rank has ended (or is exiting too); before it, it fails
 * the job, naming the rank, with status 1 (the status the rank gave cannot be read here). A signal to
 * mpjrun ends every rank and says so. Without it the JVM exited at once with the rank's status, 0 for
 * {@code System.exit(0)}, while the other ranks were cut off mid-call and nothing was reported.
 */
final class ExitGuard {
    private final RankContext[] ranks;
    private final JobControl job;
    private final Consumer<JobResult> report;
    private final Thread hook = new Thread(this::onShutdown, "mpjrun-exit-guard");
    private volatile boolean shuttingDown;

    ExitGuard(RankContext[] ranks, JobControl job, Consumer<JobResult> report) {
        this.ranks = ranks;
        this.job = job;
        this.report = report;
    }

    void install() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** After the job: no longer needed, unless the JVM is already shutting down. */
    void remove() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shutdownUnderWay) {
            // the hook runs or has run
        }
    }

    /**
     * Called by the thread that ran the job once its ranks have ended: while the hook decides how the
     * JVM ends, that thread must not report the job as well. It waits here until the JVM halts or exits.
     */
    void holdWhileShuttingDown() {
        while (shuttingDown) {
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
        }
    }

    private void onShutdown() {
        shuttingDown = true;
        int exiting = -1;
        for (int i = 0; i < ranks.length && exiting < 0; i++) {
            if (inExit(job.rankThread(i))) {
                exiting = i;
            }
        }
        if (exiting < 0) { // a signal to mpjrun (Ctrl-C, kill), or another thread's exit
            job.abort(-1, JobResult.STOPPED_WHY, null, JobResult.STOPPED);
            report.accept(JobResult.stopped());
            return;
        }
        RankContext r = ranks[exiting];
        if (!r.isFinalized()) {
            job.abort(r.worldRank, "rank " + r.worldRank + " called System.exit before MPI.Finalize", null, 1);
        }
        awaitOthers(exiting);
        if (job.isAborted()) {
            JobAbortedException f = job.failure();
            report.accept(new JobResult(job.exitCode(), job.failedRank(), f.getMessage(), f.getCause()));
            Runtime.getRuntime().halt(job.exitCode());
        }
    }

    /**
     * Waits until every rank but {@code exiting} has ended or is in an exit of its own; once the job is
     * aborted, at most {@link ThreadJob#UNWIND_MS} more. A job's time limit still applies: the thread that
     * runs the job aborts it then.
     */
    private void awaitOthers(int exiting) {
        long unwindUntil = 0;
        while (true) {
            boolean done = true;
            for (int i = 0; i < ranks.length; i++) {
                Thread t = job.rankThread(i);
                if (i != exiting && t != null && t.isAlive() && !inExit(t)) {
                    done = false;
                }
            }
            if (done) {
                return;
            }
            if (job.isAborted()) {
                long now = System.nanoTime();
                if (unwindUntil == 0) {
                    unwindUntil = now + TimeUnit.MILLISECONDS.toNanos(ThreadJob.UNWIND_MS);
                } else if (now - unwindUntil > 0) {
                    return;
                }
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    /** Whether {@code t} is in System.exit (Runtime.exit runs the shutdown in the calling thread). */
    private static boolean inExit(Thread t) {
        if (t == null) {
            return false;
        }
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().equals("java.lang.Shutdown") && e.getMethodName().equals("exit")) {
                return true;
            }
        }
        return false;
    }
}
