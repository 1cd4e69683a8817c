package org.mpj.device.tcp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * The last handler of a proven connection: hands each frame of its peer to the matching engine or
 * to the rendezvous it belongs to. Runs on the rank's own thread, inside {@code progress()}.
 */
final class FrameDispatcher extends ChannelInboundHandlerAdapter {
    private final Peer peer;

    FrameDispatcher(Peer peer) {
        this.peer = peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        InboundFrame f = (InboundFrame) msg;
        switch (f.type) {
            case Frame.EAGER -> {
                if (f.opening) {
                    f.streamed = peer.eagerStream.open(f);
                } else if (f.streamed) {
                    peer.eagerStream.piece(f);
                } else if (peer.nextEager.arrive(f)) {
                    peer.replaceNextEager();
                }
            }
            case Frame.RTS -> {
                RendezvousMessage m = new RendezvousMessage(peer, f);
                peer.announced.put(f.id, m);
                peer.device.engine.arrive(f.context, f.source, f.tag, f.base, f.elements, m);
            }
            case Frame.CANCEL -> cancel(f.id);
            case Frame.CTS -> clearToSend(f);
            case Frame.DATA -> {
                RendezvousMessage m = peer.incoming.get(f.id);
                String wrong = m == null ? "DATA for rendezvous " + f.id + ", which this rank did not clear" : m.data(f);
                if (wrong != null) {
                    peer.device.linkBroken(peer, wrong);
                }
            }
            case Frame.PIPE -> {
                String wrong = peer.pipeFrame(f);
                if (wrong != null) {
                    peer.device.linkBroken(peer, wrong);
                }
            }
            case Frame.ABORT -> peer.device.abortedBy(peer, f);
            case Frame.BYE -> peer.byeReceived = true;
            default -> peer.device.linkBroken(peer, Frame.typeName(f.type) + " frame after the handshake");
        }
    }

    /**
     * The peer cancels rendezvous {@code id}: taken back if it still waits for a receive, and the peer
     * told so; else a receive matched it, and the CTS already on its way answers the peer.
     */
    private void cancel(long id) {
        RendezvousMessage m = peer.announced.get(id);
        if (m != null && peer.device.engine.withdraw(m)) {
            peer.announced.remove(id);
            peer.device.writeControl(peer, Frame.CTS, Frame.FLAG_CANCELLED, id);
        }
    }

    private void clearToSend(InboundFrame f) {
        OutgoingTransfer t = peer.awaitingCts.remove(f.id);
        if (t == null) {
            peer.device.linkBroken(peer, "CTS for rendezvous " + f.id + ", which this rank did not announce");
        } else if (f.flags == Frame.FLAG_CANCELLED) {
            t.cancelled();
        } else if (f.flags == Frame.FLAG_DISCARD || t.isEmpty()) {
            t.complete();
        } else if (peer.pipeOut != null && t.pipeable()) {
            peer.piping.add(t);
            peer.movePipes();
        } else {
            peer.streaming.add(t);
            peer.pump();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        peer.pump();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        peer.device.linkLost(peer);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        peer.device.linkBroken(peer, cause instanceof FrameException ? cause.getMessage() : cause.toString());
    }
}
