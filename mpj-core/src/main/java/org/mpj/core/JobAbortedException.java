package org.mpj.core;

/**
 * Thrown in every rank that was waiting (or calls MPI) after the job was aborted: another rank failed
 * or called {@code Abort}. Its message names the rank and the cause, so whichever rank reports first
 * tells the user what happened.
 */
public final class JobAbortedException extends MpjException {
    private static final long serialVersionUID = 1L;

    public JobAbortedException(String sentence, Throwable cause) {
        super(ErrorClass.ERR_OTHER, sentence, cause);
    }
}
