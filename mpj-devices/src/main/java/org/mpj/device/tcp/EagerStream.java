package org.mpj.device.tcp;

import org.mpj.core.match.RemoteMessage;
import org.mpj.core.request.EngineRequest;

/**
 * The body of an EAGER frame whose receive was posted when the frame's header came off the socket
 * before its body did: instead of being gathered whole into a buffer and copied from there, the body
 * goes into the receive piece by piece as it comes ({@link ReceiveStream}: one copy, or none where
 * {@link HeapSocketIo} reads it straight into the array). With no receive posted the frame is gathered
 * and announced whole ({@link EagerMessage}). One per connection, whose frames come one after another.
 */
final class EagerStream extends ReceiveStream implements RemoteMessage {
    /** The receive refused the message (too short, wrong type): the body is read and dropped. */
    private boolean discarding;

    EagerStream(Peer peer) {
        super(peer);
    }

    /** At the header of EAGER frame {@code f}: true when a posted receive took it and its body is to come as pieces. */
    boolean open(InboundFrame f) {
        envelope(f, f.length);
        discarding = false;
        return peer.device.engine.arriveIfPosted(f.context, f.source, f.tag, this);
    }

    /** Called by the engine inside {@link #open}, on the thread that runs the connection's loop. */
    @Override
    public void matched(EngineRequest r) {
        discarding = peer.device.receives.refuse(r, source, tag, base, elements) != null;
        if (!discarding) {
            start(r);
        }
    }

    /** Takes a piece of the body (whole elements, as the decoder cuts them). */
    void piece(InboundFrame f) {
        if (!discarding) {
            take(f);
        }
    }
}
