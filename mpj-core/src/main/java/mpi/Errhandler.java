package mpi;

/**
 * What a communicator does when one of its calls fails: {@link MPI#ERRORS_ARE_FATAL} (the default
 * of every communicator, as MPI makes it for COMM_WORLD) or {@link MPI#ERRORS_RETURN}. Set it with
 * {@code Comm.Errhandler_set}; communicators made from a communicator inherit its handler.
 *
 * <p>In Java both report the error the same way: the failing call throws {@link MPIException}, with
 * the MPI error class and a sentence. The difference is what that means: under ERRORS_ARE_FATAL the
 * program is not expected to catch it, and an MPIException left uncaught ends the job (every rank's
 * pending and later calls fail, and mpjrun exits non-zero naming the rank); under ERRORS_RETURN the
 * program declares that it catches MPIException and carries on.
 *
 * <pre>{@code
 * MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
 * try {
 *     MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 99, 0);
 * } catch (MPIException e) {
 *     int cls = e.getErrorClass();        // MPI.ERR_RANK
 * }
 * }</pre>
 */
public class Errhandler {
    static final Errhandler FATAL = new Errhandler("MPI.ERRORS_ARE_FATAL");
    static final Errhandler RETURN = new Errhandler("MPI.ERRORS_RETURN");

    private final String name;

    private Errhandler(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
