package org.mpj.core.request;

/**
 * What can take a pending send back for {@code Request.Cancel}: the matching engine where the send's
 * envelope waits for a receive, or a network device that must ask the receiver's side.
 */
public interface SendCanceller {
    /**
     * Tries to take {@code s} back. True when it was, and {@code s} is complete as cancelled; false
     * when a receive matched it already, or when the answer comes later (then {@code s} completes
     * either way: cancelled, or sent as usual).
     */
    boolean cancelSend(EngineRequest s);
}
