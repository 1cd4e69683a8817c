package org.mpj.core;

/**
 * The MPI error classes, numbered as MPICH and Open MPI number them. {@code mpi.MPI} re-exports
 * each as {@code MPI.ERR_…}; {@link #name(int)} gives the text that starts every error message.
 */
public final class ErrorClass {
    public static final int SUCCESS = 0;
    /** Invalid buffer: null, wrong array type for the datatype's base, offset or extent out of bounds. */
    public static final int ERR_BUFFER = 1;
    /** Invalid count argument (negative, or counts that MPI requires to match do not). */
    public static final int ERR_COUNT = 2;
    /** Invalid datatype, or data of one type received as another. */
    public static final int ERR_TYPE = 3;
    /** Invalid tag (negative on a send, or above MPI.TAG_UB). */
    public static final int ERR_TAG = 4;
    /** Invalid communicator (freed, null). */
    public static final int ERR_COMM = 5;
    /** Invalid rank (out of range for the communicator). */
    public static final int ERR_RANK = 6;
    /** Invalid root of a collective. */
    public static final int ERR_ROOT = 7;
    public static final int ERR_GROUP = 8;
    public static final int ERR_OP = 9;
    public static final int ERR_TOPOLOGY = 10;
    public static final int ERR_DIMS = 11;
    /** Invalid argument of another kind. */
    public static final int ERR_ARG = 12;
    public static final int ERR_UNKNOWN = 13;
    /** A message was longer than the receive buffer. */
    public static final int ERR_TRUNCATE = 14;
    /** Other errors: calls outside Init/Finalize, an aborted job. */
    public static final int ERR_OTHER = 15;
    /** An internal error of MPJ: a bug to report. */
    public static final int ERR_INTERN = 16;
    public static final int ERR_IN_STATUS = 17;
    public static final int ERR_PENDING = 18;
    /** Invalid request (null, freed). */
    public static final int ERR_REQUEST = 19;
    public static final int ERR_LASTCODE = 19;

    private static final String[] NAMES = {
        "MPI_SUCCESS", "MPI_ERR_BUFFER", "MPI_ERR_COUNT", "MPI_ERR_TYPE", "MPI_ERR_TAG", "MPI_ERR_COMM",
        "MPI_ERR_RANK", "MPI_ERR_ROOT", "MPI_ERR_GROUP", "MPI_ERR_OP", "MPI_ERR_TOPOLOGY", "MPI_ERR_DIMS",
        "MPI_ERR_ARG", "MPI_ERR_UNKNOWN", "MPI_ERR_TRUNCATE", "MPI_ERR_OTHER", "MPI_ERR_INTERN",
        "MPI_ERR_IN_STATUS", "MPI_ERR_PENDING", "MPI_ERR_REQUEST"
    };

    private ErrorClass() {
    }

    public static String name(int errorClass) {
        return errorClass >= 0 && errorClass < NAMES.length ? NAMES[errorClass] : "MPI_ERR_" + errorClass;
    }
}
