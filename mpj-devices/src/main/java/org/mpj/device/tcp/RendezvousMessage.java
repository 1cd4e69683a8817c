package org.mpj.device.tcp;

import org.mpj.core.match.RemoteMessage;
import org.mpj.core.request.EngineRequest;

/**
 * A peer's rendezvous send, announced by its RTS. Once a receive matches, this side answers CTS and
 * the DATA frames that follow go into the receive piece by piece as they come off the socket
 * ({@link ReceiveStream}); the receive completes with the last piece.
 */
final class RendezvousMessage extends ReceiveStream implements RemoteMessage {
    private final long id;

    RendezvousMessage(Peer peer, InboundFrame rts) {
        super(peer);
        this.id = rts.id;
        envelope(rts, rts.total);
    }

    @Override
    public void matched(EngineRequest r) {
        TcpDevice device = peer.device;
        if (!device.onOwner()) {
            device.runOnOwner(() -> matched(r));
            return;
        }
        if (peer.lost) {
            return;
        }
        peer.announced.remove(id);
        if (device.receives.refuse(r, source, tag, base, elements) != null) {
            device.writeControl(peer, Frame.CTS, Frame.FLAG_DISCARD, id);
            return;
        }
        start(r);
        if (total > 0) {
            peer.incoming.put(id, this);
        }
        device.writeControl(peer, Frame.CTS, 0, id);
    }

    /** Takes the pipe's current chunk; returns null when fine, or why the chunk breaks the protocol. */
    String pipeData(MappedPipe in) {
        int bytes = in.chunkBytes();
        if (bytes > remaining() || bytes % Math.max(1, base.byteSize()) != 0) {
            return "a pipe chunk of " + bytes + " bytes for rendezvous " + id + " (" + remaining() + " bytes of "
                    + base.mpiName() + " to come)";
        }
        if (takePiece(in.buf, in.chunkIndex(), bytes)) {
            peer.incoming.remove(id);
        }
        return null;
    }

    /** Takes one piece of DATA; returns null when fine, or why the frame breaks the protocol. */
    String data(InboundFrame f) {
        if (f.base != base) {
            return "DATA of rendezvous " + id + " carries " + f.base.mpiName() + "; its RTS announced " + base.mpiName();
        }
        if (f.payloadBytes > remaining()) {
            return "DATA of rendezvous " + id + " runs past the " + total + " bytes its RTS announced";
        }
        if (take(f)) {
            peer.incoming.remove(id);
        }
        return null;
    }
}
