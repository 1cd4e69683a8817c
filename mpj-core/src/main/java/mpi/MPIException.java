package mpi;

import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * Every error of MPJ. Unchecked, as in MPJ Express, so that programs written for either mpiJava
 * (which declares it) or MPJ Express (which does not) compile unchanged. The message starts with
 * the MPI error class and says what was wrong:
 * {@code MPI_ERR_RANK: Send to rank 7 in MPI.COMM_WORLD of size 4 (valid: 0..3 or MPI.PROC_NULL)}.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int errorClass;

    public MPIException() {
        this(ErrorClass.ERR_UNKNOWN, "MPI_ERR_UNKNOWN", null);
    }

    public MPIException(String message) {
        this(ErrorClass.ERR_OTHER, message, null);
    }

    public MPIException(Throwable cause) {
        this(cause instanceof MpjException m ? m.errorClass() : ErrorClass.ERR_OTHER,
                cause == null ? null : cause.getMessage(), cause);
    }

    MPIException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = errorClass;
    }

    /** The engine's exception as the facade's, with its error class and sentence. */
    static MPIException of(MpjException e) {
        MPIException m = new MPIException(e.errorClass(), e.getMessage(), e.getCause());
        m.setStackTrace(e.getStackTrace());
        return m;
    }

    /** The MPI error class, one of the {@code MPI.ERR_…} constants. */
    public int getErrorClass() {
        return errorClass;
    }

    /** mpiJava's name for {@link #getErrorClass()}. */
    public int Get_error_class() {
        return errorClass;
    }
}
