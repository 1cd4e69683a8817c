package org.mpj.device.tcp;

/**
 * A frame that breaks the wire format (bad magic, unknown type, a length out of bounds or that
 * disagrees with its element count). The connection it came on is closed: from a proven peer the
 * job ends with this sentence, from a stranger the connection is only refused.
 */
public final class FrameException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FrameException(String message) {
        super(message, null, false, false);
    }
}
