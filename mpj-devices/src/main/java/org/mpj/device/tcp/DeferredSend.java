package org.mpj.device.tcp;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.SendCanceller;

/**
 * A send that waits for its peer's socket to drain before it starts: an eager message made while
 * more than the high-water mark is queued for the peer (which has stopped reading), or any send made
 * behind one, so that messages keep their order. It holds the sender's array, not a copy, so a
 * rank that sends ahead of a busy receiver buffers no more than the high-water mark; the sender's
 * request completes once the message is written (eager) or as its rendezvous does.
 */
final class DeferredSend implements SendCanceller {
    private final Peer peer;
    private final boolean eager;
    private final int context;
    private final int source;
    private final int tag;
    private final BaseType base;
    private final int elements;
    private final Object data;
    private final int dataOffset;
    private final TypeMap dataType;
    private final EngineRequest request;

    DeferredSend(Peer peer, boolean eager, int context, int source, int tag, BaseType base, int elements, Object data,
                 int dataOffset, TypeMap dataType, EngineRequest request) {
        this.peer = peer;
        this.eager = eager;
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.base = base;
        this.elements = elements;
        this.data = data;
        this.dataOffset = dataOffset;
        this.dataType = dataType;
        this.request = request;
    }

    /** Writes the message (or its RTS) now; on the loop's owner. */
    void start() {
        if (peer.device.start(peer, eager, context, source, tag, base, elements, data, dataOffset, dataType, request)) {
            request.complete(source, tag, elements, base);
        }
    }

    /** Cancel: takes the send back while it still waits; runs on the loop's owner, as writes do. */
    @Override
    public boolean cancelSend(EngineRequest s) {
        TcpDevice device = peer.device;
        if (!device.onOwner()) {
            device.runOnOwner(() -> cancelSend(s));
            return false;
        }
        if (peer.deferred.remove(this)) {
            s.completeCancelled();
            return true;
        }
        return false;
    }
}
