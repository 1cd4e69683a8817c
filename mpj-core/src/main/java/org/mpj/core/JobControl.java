package org.mpj.core;

import java.util.concurrent.locks.LockSupport;
import org.mpj.core.coll.LocalBoards;

/**
 * Life and death of a job, shared by the ranks of this JVM: the first failure (a rank that threw or
 * called Abort) wins, is kept with the rank it names, and wakes every waiting rank, whose waits then
 * throw {@link JobAbortedException}.
 */
public final class JobControl {
    private final Thread[] rankThreads;
    private volatile JobAbortedException failure;
    private volatile int failedRank = -1;
    private volatile int exitCode;
    /** The boards that node-aware collectives share among this JVM's ranks of a communicator. */
    private final LocalBoards localBoards = new LocalBoards();

    public JobControl(int ranksInJvm) {
        this.rankThreads = new Thread[ranksInJvm];
    }

    /** The job's ranks that this JVM runs. */
    public int ranksInJvm() {
        return rankThreads.length;
    }

    public LocalBoards localBoards() {
        return localBoards;
    }

    /** Remembers the thread of a rank so that an abort can unpark it at once. */
    public void rankThread(int localIndex, Thread t) {
        rankThreads[localIndex] = t;
    }

    /** The thread of this JVM's {@code localIndex}-th rank, or null before it is made. */
    public Thread rankThread(int localIndex) {
        return rankThreads[localIndex];
    }

    /**
     * Ends the job because of {@code rank}; the first call wins and later ones return false.
     *
     * @param why a sentence naming the cause, e.g. "rank 2 failed: java.lang.IllegalStateException: boom"
     */
    public boolean abort(int rank, String why, Throwable cause, int code) {
        synchronized (this) {
            if (failure != null) {
                return false;
            }
            failedRank = rank;
            exitCode = code == 0 ? 1 : code;
            failure = new JobAbortedException("job aborted: " + why, cause);
        }
        for (Thread t : rankThreads) {
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
        return true;
    }

    public boolean isAborted() {
        return failure != null;
    }

    /** Throws (a fresh copy of) the job's failure, if there is one. */
    public void check() {
        JobAbortedException f = failure;
        if (f != null) {
            throw new JobAbortedException(f.getMessage().substring(ErrorClass.name(ErrorClass.ERR_OTHER).length() + 2), f);
        }
    }

    public JobAbortedException failure() {
        return failure;
    }

    public int failedRank() {
        return failedRank;
    }

    public int exitCode() {
        return exitCode;
    }
}
