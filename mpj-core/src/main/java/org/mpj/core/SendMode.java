package org.mpj.core;

/** The four send modes of MPI. */
public enum SendMode {
    /** Buffered when small (eager), else waits for the receive (rendezvous). */
    STANDARD("Send", "Isend", "Send_init"),
    /** Completes only once the matching receive has started. */
    SYNCHRONOUS("Ssend", "Issend", "Ssend_init"),
    /** The receive must already be posted; sent as STANDARD. */
    READY("Rsend", "Irsend", "Rsend_init"),
    /** Copied into the attached buffer; never waits for the receiver. */
    BUFFERED("Bsend", "Ibsend", "Bsend_init");

    // Constants, not built per call: each call passes its name along for the messages of its errors.
    private final String call;
    private final String nonBlockingCall;
    private final String persistentCall;

    SendMode(String call, String nonBlockingCall, String persistentCall) {
        this.call = call;
        this.nonBlockingCall = nonBlockingCall;
        this.persistentCall = persistentCall;
    }

    /** The blocking call's name, for messages. */
    public String call() {
        return call;
    }

    /** The non-blocking call's name ({@code Isend}, {@code Issend}, ...), for messages. */
    public String nonBlockingCall() {
        return nonBlockingCall;
    }

    /** The persistent request's name ({@code Send_init}, ...), for messages. */
    public String persistentCall() {
        return persistentCall;
    }
}
