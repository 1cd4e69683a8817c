package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.MPIException;
import org.junit.jupiter.api.function.Executable;

/** Asserts that an MPI call fails with a given error class and a message that names what was wrong. */
final class Expect {
    private Expect() {
    }

    /**
     * Runs {@code call}, which must throw MPIException of {@code errorClass} whose message starts with
     * the class's name and contains every fragment.
     */
    static MPIException error(int errorClass, String errorName, String what, Executable call, String... fragments) {
        MPIException e = assertThrows(MPIException.class, call, what + ": no MPIException");
        String msg = e.getMessage();
        assertEquals(errorClass, e.getErrorClass(), what + ": error class of \"" + msg + "\"");
        assertEquals(errorClass, e.Get_error_class(), what + ": Get_error_class of \"" + msg + "\"");
        assertTrue(msg != null && msg.startsWith(errorName + ": "), what + ": the message must start with "
                + errorName + ": \"" + msg + "\"");
        for (String f : fragments) {
            assertTrue(msg.contains(f), what + ": the message must name \"" + f + "\": \"" + msg + "\"");
        }
        return e;
    }
}
