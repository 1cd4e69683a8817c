package org.mpj.examples.nbody;

/** A run whose forces or conserved quantities are outside their bounds: the job must fail. */
public final class CheckFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CheckFailed(String message) {
        super(message);
    }
}
