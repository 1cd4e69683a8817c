package org.mpj.examples.npb;

/** A kernel's result does not match NPB's reference values. */
public final class VerificationFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public VerificationFailed(String message) {
        super(message);
    }
}
