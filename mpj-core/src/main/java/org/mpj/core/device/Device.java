package org.mpj.core.device;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * How a rank reaches the matching engine of another. The engine calls {@link #send} on the sender's
 * thread and {@link #progress} while it waits.
 */
public interface Device {
    /**
     * Carries a message to world rank {@code worldDest} and matches it there; the contract is that of
     * {@link org.mpj.core.match.MatchingEngine#deliver}: true when the send is complete, false when
     * {@code sendRequest} completes later (rendezvous or synchronous send).
     */
    boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                 Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest);

    /** Does pending work (reads sockets, completes transfers); returns how many events it handled. */
    int progress();

    /** The device's name as mpjrun and settings name it: {@code shm}. */
    String name();
}
