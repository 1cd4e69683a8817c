package org.mpj.core.match;

import org.mpj.core.request.EngineRequest;

/**
 * A message that a network device received (or was announced) but has not copied anywhere the
 * receiver can see: its data are still in the device's hands (bytes of an eager frame, or on the
 * sender's side until a rendezvous is answered). The matching engine hands it the receive it
 * matched; the device then copies the data in and completes the receive.
 */
public interface RemoteMessage {
    /**
     * Called once, outside the matching lock, with the receive this message matched. The device
     * fills {@code r} (or fails it: truncation, type mismatch) now or later, from its own thread.
     */
    void matched(EngineRequest r);
}
