package org.mpj.runtime;

/**
 * How a job ended: exit status 0 when every rank returned from main after Finalize; otherwise the
 * status, the rank that ended the job and why.
 */
public record JobResult(int exitCode, int failedRank, String message, Throwable cause) {
    /** The exit status of a job that ran past its time limit (as GNU timeout's). */
    public static final int TIMED_OUT = 124;

    static JobResult success() {
        return new JobResult(0, -1, null, null);
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    public boolean timedOut() {
        return exitCode == TIMED_OUT;
    }
}
