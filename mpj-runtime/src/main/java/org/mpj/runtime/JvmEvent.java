package org.mpj.runtime;

/**
 * Something that happened to one JVM of a job, as the launcher learns it: over the control
 * connection ({@link Kind#RESULT}, {@link Kind#EXITING}, {@link Kind#WAITING}, {@link Kind#CLOSED}) or from the process
 * ({@link Kind#EXITED}; {@code jvm} is -1 when one process stands for every JVM, as srun does).
 */
record JvmEvent(int jvm, Kind kind, int code, int rank, String message) {
    enum Kind {
        /** The JVM's ranks are done: code 0, or the job's exit code and the failed rank with the message. */
        RESULT,
        /** The program called System.exit; code 1 when every rank of the JVM had called Finalize, else 0. */
        EXITING,
        /** The JVM's answer to WHERE: the message lists its ranks still running and where ("rank 0 in Comm.Recv"). */
        WAITING,
        /** The control connection closed; the message says why when it was an error. */
        CLOSED,
        /** The process ended with exit status {@code code}. */
        EXITED
    }
}
