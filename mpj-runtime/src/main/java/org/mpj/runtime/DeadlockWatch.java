package org.mpj.runtime;

import java.util.concurrent.TimeUnit;
import org.mpj.core.Config;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;

/**
 * Ends a job of thread ranks that can no longer move: every rank still running has been parked in an
 * MPI wait (a receive, a Wait, a Probe, a collective's step) for {@link Config#DEADLOCK_SECONDS} without
 * seeing progress. On the shm device only the ranks' own threads deliver messages and complete
 * requests, so while all of them park nobody can complete any of their waits: a Recv that no rank sends
 * to, ranks in different collectives, a Finalize that another rank's Recv keeps from. Instead of hanging,
 * the job then ends like a failed one, naming each rank and the call it waits in.
 *
 * <p>It keeps quiet while any other thread of the program is alive (one that a rank started, which may
 * send later), and in jobs with ranks in other JVMs, whose messages arrive on network threads.
 */
final class DeadlockWatch {
    static final int DEFAULT_SECONDS = 10;

    private final RankContext[] ranks;
    private final JobControl job;
    private final long afterNs;

    private DeadlockWatch(RankContext[] ranks, JobControl job, long afterNs) {
        this.ranks = ranks;
        this.job = job;
        this.afterNs = afterNs;
    }

    /** The watch of a job whose ranks are {@code ranks}, or null where none can judge (see the class). */
    static DeadlockWatch of(RankContext[] ranks, JobControl job) {
        if (ranks.length == 0 || ranks.length < ranks[0].worldSize
                || !"shm".equals(ranks[0].config.get(Config.DEVICE, "shm"))) {
            return null;
        }
        int seconds = ranks[0].config.getInt(Config.DEADLOCK_SECONDS, DEFAULT_SECONDS, 0, Integer.MAX_VALUE);
        return seconds == 0 ? null : new DeadlockWatch(ranks, job, TimeUnit.SECONDS.toNanos(seconds));
    }

    /**
     * Aborts the job, and returns true, if every rank still running has parked without progress since
     * at least the watch's time before {@code now} (System.nanoTime) and no other thread of the program runs.
     */
    boolean check(long now) {
        if (job.isAborted()) {
            return false;
        }
        ThreadGroup group = null;
        for (int i = 0; i < ranks.length; i++) {
            Thread t = job.rankThread(i);
            if (t == null) {
                return false;
            }
            if (t.isAlive()) {
                long since = ranks[i].parkedSince();
                if (since == 0 || now - since < afterNs) {
                    return false;
                }
                group = t.getThreadGroup();
            }
        }
        if (group == null || programThreadsRunning(group)) {
            return false;
        }
        return job.abort(-1, "deadlock: for " + TimeUnit.NANOSECONDS.toSeconds(afterNs)
                + " s every rank still running has waited in an MPI call that only another rank could complete"
                + " (" + Config.DEADLOCK_SECONDS + "=0 turns this off): " + ThreadJob.waitingRanks(ranks, job), null, 1);
    }

    /**
     * Whether a thread other than the ranks' own runs for the program: one in {@code group}, a running
     * rank's (where a rank's threads are made), whose context loader is a rank's. The JDK's own threads that
     * a rank's call starts (the reaper of a process) are in the system group.
     */
    private boolean programThreadsRunning(ThreadGroup group) {
        Thread[] all = new Thread[group.activeCount() + 16];
        int n = group.enumerate(all, true);
        for (int i = 0; i < n; i++) {
            Thread t = all[i];
            if (t.isAlive() && t.getContextClassLoader() instanceof RankClassLoader && !isRankThread(t)) {
                return true;
            }
        }
        return false;
    }

    private boolean isRankThread(Thread t) {
        for (int i = 0; i < ranks.length; i++) {
            if (job.rankThread(i) == t) {
                return true;
            }
        }
        return false;
    }
}
