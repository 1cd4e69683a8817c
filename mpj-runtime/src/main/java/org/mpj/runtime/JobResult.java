package org.mpj.runtime;

/**
 * How a job ended: exit status 0 when every rank returned from main after Finalize; otherwise the
 * status, the rank that ended the job and why.
 */
public record JobResult(int exitCode, int failedRank, String message, Throwable cause) {
    /** The exit status of a job that ran past its time limit (as GNU timeout's). */
    public static final int TIMED_OUT = 124;

    /** The exit status of a job stopped by a signal to mpjrun (128 + SIGINT, as a shell reports Ctrl-C). */
    public static final int STOPPED = 130;
    /** Why such a job ended, as the ranks are told. */
    static final String STOPPED_WHY = "stopped by a signal to mpjrun (Ctrl-C or kill)";

    static JobResult success() {
        return new JobResult(0, -1, null, null);
    }

    /** A job that a signal to mpjrun stopped; mpjrun's JVM exits as the signal has it. */
    static JobResult stopped() {
        return new JobResult(STOPPED, -1, STOPPED_WHY + ": ended every rank", null);
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    public boolean timedOut() {
        return exitCode == TIMED_OUT;
    }
}
