package org.mpj.core.match;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * A message that arrived before its receive: the node of a matching engine's unexpected queue.
 * Eager envelopes own a pooled copy of the data; rendezvous envelopes point at the sender's own
 * array and complete the sender's request once the receiver has copied from it.
 */
final class Envelope {
    int context;
    int source;
    int tag;
    BaseType base;
    int elements;
    Object data;
    int dataOffset;
    /** Layout of {@link #data}; null for serialized MPI.OBJECT bytes. */
    TypeMap dataType;
    /** True when {@link #data} is a buffer of the engine's pool, to give back once copied out. */
    boolean pooled;
    /** For a rendezvous: the sender's request, completed when the data has been copied. */
    EngineRequest sendRequest;
    /**
     * A message small enough for eager that found the receiver's backlog full: it waits like a
     * rendezvous, and the receiver buffers it (then completes the sender) when it idles in a wait.
     */
    boolean held;
    /** For a message a network device holds: it copies the data once a receive matches. */
    RemoteMessage remote;
    boolean queued;
    Envelope prev;
    Envelope next;

    void clear() {
        data = null;
        dataType = null;
        sendRequest = null;
        remote = null;
        prev = null;
        next = null;
        queued = false;
        pooled = false;
        held = false;
    }
}
