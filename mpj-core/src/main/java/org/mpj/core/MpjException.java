package org.mpj.core;

/**
 * What the engine throws. The {@code mpi} facade turns it into {@code mpi.MPIException} with the same
 * error class and message. The message always starts with the error class's name and says what was
 * wrong, the value and the limit: {@code MPI_ERR_RANK: Send to rank 7 in MPI.COMM_WORLD of size 4 ...}.
 */
public class MpjException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int errorClass;

    public MpjException(int errorClass, String sentence) {
        super(ErrorClass.name(errorClass) + ": " + sentence);
        this.errorClass = errorClass;
    }

    public MpjException(int errorClass, String sentence, Throwable cause) {
        super(ErrorClass.name(errorClass) + ": " + sentence, cause);
        this.errorClass = errorClass;
    }

    /** The same error, thrown again on this thread (a request fails on the thread that completed it). */
    public MpjException rethrowable() {
        return new MpjException(errorClass, getMessage(), this, true);
    }

    private MpjException(int errorClass, String fullMessage, Throwable cause, boolean verbatim) {
        super(fullMessage, cause);
        this.errorClass = errorClass;
    }

    public int errorClass() {
        return errorClass;
    }
}
