package org.mpj.core;

/** The four send modes of MPI. */
public enum SendMode {
    /** Buffered when small (eager), else waits for the receive (rendezvous). */
    STANDARD("Send"),
    /** Completes only once the matching receive has started. */
    SYNCHRONOUS("Ssend"),
    /** The receive must already be posted; sent as STANDARD. */
    READY("Rsend"),
    /** Copied into the attached buffer; never waits for the receiver. */
    BUFFERED("Bsend");

    private final String call;

    SendMode(String call) {
        this.call = call;
    }

    /** The blocking call's name, for messages. */
    public String call() {
        return call;
    }
}
