package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.unix.PeerCredentials;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Proves, both ways, that the two ends of a new connection hold the job secret, then removes itself.
 * The lower rank connects to the higher, so each pair has exactly one connection.
 *
 * <pre>
 * connector c                                   acceptor a
 *   HELLO     source c, tag a, nonceC     -->
 *             <--   CHALLENGE  source a, tag c, nonceA, HMAC(secret; 'A', a, c, nonceC, nonceA)
 *   PROOF     HMAC(secret; 'C', c, a, nonceA, nonceC)  -->
 * </pre>
 *
 * Both nonces are fresh per connection, so bytes captured from one handshake prove nothing in
 * another; the role byte keeps the acceptor's answer from serving as a connector's proof. The
 * acceptor refuses anything else (a stranger, a wrong secret, a replay, garbage, a rank that is
 * already connected, silence past the timeout): it logs one line, closes the connection, and the job
 * goes on. A connector that meets a peer who cannot prove the secret ends the job, since it cannot
 * reach that rank.
 */
final class HandshakeHandler extends ChannelInboundHandlerAdapter {
    static final Logger LOG = Logger.getLogger("org.mpj.device.tcp");
    private static final byte ACCEPTOR_ROLE = 'A';
    private static final byte CONNECTOR_ROLE = 'C';
    private static final SecureRandom RANDOM = new SecureRandom();

    private final TcpDevice device;
    private final FrameDecoder decoder;
    private final int myRank;
    /** The rank this side connected to, or -1 on the accepting side. */
    private final int wanted;
    private final byte[] myNonce = new byte[Frame.NONCE_BYTES];
    private byte[] peerNonce;
    private int peerRank = -1;
    private boolean done;
    private ScheduledFuture<?> timeout;

    HandshakeHandler(TcpDevice device, FrameDecoder decoder, int myRank, int wanted) {
        this.device = device;
        this.decoder = decoder;
        this.myRank = myRank;
        this.wanted = wanted;
        RANDOM.nextBytes(myNonce);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        timeout = ctx.executor().schedule(() -> fail(ctx, "no handshake within " + device.settings.handshakeTimeoutMs + " ms"),
                device.settings.handshakeTimeoutMs, TimeUnit.MILLISECONDS);
        if (wanted >= 0) {
            send(ctx, Frame.HELLO, myRank, wanted, myNonce, null);
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (done || !(msg instanceof InboundFrame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        InboundFrame f = (InboundFrame) msg;
        if (wanted < 0) {
            acceptorRead(ctx, f);
        } else {
            connectorRead(ctx, f);
        }
    }

    private void acceptorRead(ChannelHandlerContext ctx, InboundFrame f) {
        if (f.type == Frame.HELLO && peerNonce == null) {
            if (f.tag != myRank) {
                fail(ctx, "HELLO is for rank " + f.tag + ", this is rank " + myRank);
            } else if (f.source < 0 || f.source >= myRank) {
                fail(ctx, "HELLO from rank " + f.source + "; only ranks 0.." + (myRank - 1) + " connect to rank " + myRank);
            } else {
                peerRank = f.source;
                peerNonce = f.payloadCopy();
                byte[] mac = device.secret().mac(ACCEPTOR_ROLE, myRank, peerRank, peerNonce, myNonce);
                send(ctx, Frame.CHALLENGE, myRank, peerRank, myNonce, mac);
            }
        } else if (f.type == Frame.PROOF && peerNonce != null) {
            byte[] expected = device.secret().mac(CONNECTOR_ROLE, peerRank, myRank, myNonce, peerNonce);
            if (!JobSecret.sameMac(expected, f.payloadCopy())) {
                fail(ctx, "rank " + peerRank + "'s PROOF does not match the job secret (wrong secret or replayed bytes)");
            } else if (!device.linkProven(peerRank, ctx.channel())) {
                fail(ctx, "rank " + peerRank + " is connected already (a replayed handshake?)");
            } else {
                proven(ctx);
            }
        } else {
            fail(ctx, Frame.typeName(f.type) + " out of order in the handshake");
        }
    }

    private void connectorRead(ChannelHandlerContext ctx, InboundFrame f) {
        if (f.type != Frame.CHALLENGE || f.source != wanted || f.tag != myRank) {
            fail(ctx, "expected rank " + wanted + "'s CHALLENGE, got " + f);
            return;
        }
        byte[] payload = f.payloadCopy();
        peerNonce = java.util.Arrays.copyOf(payload, Frame.NONCE_BYTES);
        byte[] mac = java.util.Arrays.copyOfRange(payload, Frame.NONCE_BYTES, payload.length);
        if (!JobSecret.sameMac(device.secret().mac(ACCEPTOR_ROLE, wanted, myRank, myNonce, peerNonce), mac)) {
            fail(ctx, "the listener at " + from(ctx.channel()) + " does not prove the job secret");
            return;
        }
        send(ctx, Frame.PROOF, myRank, wanted, device.secret().mac(CONNECTOR_ROLE, myRank, wanted, peerNonce, myNonce), null);
        peerRank = wanted;
        if (!device.linkProven(wanted, ctx.channel())) {
            fail(ctx, "rank " + wanted + " is connected already");
            return;
        }
        proven(ctx);
    }

    private void proven(ChannelHandlerContext ctx) {
        done = true;
        timeout.cancel(false);
        decoder.authenticated();
        ctx.pipeline().remove(this);
    }

    private void send(ChannelHandlerContext ctx, byte type, int source, int tag, byte[] first, byte[] second) {
        int length = first.length + (second == null ? 0 : second.length);
        ByteBuf b = ctx.alloc().buffer(Frame.HEADER_BYTES + length);
        Frame.writeHeader(b, type, 0, Frame.NO_BASE, 0, source, tag, 0, length, 0, 0);
        b.writeBytes(first);
        if (second != null) {
            b.writeBytes(second);
        }
        ctx.writeAndFlush(b, ctx.voidPromise());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (done) {
            ctx.fireExceptionCaught(cause);
            return;
        }
        // An I/O error is the other end going away (a peer JVM that died as the job ended), not a refusal.
        fail(ctx, cause instanceof FrameException ? cause.getMessage() : cause.toString(), !(cause instanceof IOException));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!done) {
            fail(ctx, "the connection closed during the handshake", false);
        }
        ctx.fireChannelInactive();
    }

    /** Refuses the connection for what the other end sent, or did not send in time. */
    private void fail(ChannelHandlerContext ctx, String why) {
        fail(ctx, why, true);
    }

    /**
     * Ends the handshake once: on the accepting side logs a refusal ({@code refused}: what the other end
     * sent or failed to send in time) or a connection lost before the handshake ended (quietly once the
     * job is ending); on the connecting side ends the job.
     */
    private void fail(ChannelHandlerContext ctx, String why, boolean refused) {
        if (done) {
            return;
        }
        done = true;
        if (timeout != null) {
            timeout.cancel(false);
        }
        String peer = wanted < 0 ? from(ctx.channel()) : null; // before the close: a closed Unix socket has no credentials
        ctx.close();
        if (wanted < 0 && refused) {
            LOG.log(Level.WARNING, "tcp: rank " + myRank + " refused the connection from " + peer + ": " + why);
        } else if (wanted < 0) {
            LOG.log(device.job.isAborted() ? Level.FINE : Level.WARNING, "tcp: rank " + myRank + " lost the connection from "
                    + peer + " before its handshake ended: " + why);
        } else {
            device.linkFailed(wanted, "tcp: cannot connect rank " + myRank + " to rank " + wanted + " ("
                    + device.table().address(wanted) + "): " + why);
        }
    }

    /** The other end: its address, or for a Unix socket the process (a client's socket has no name). */
    private static String from(Channel ch) {
        if (ch instanceof EpollDomainSocketChannel d) {
            try {
                PeerCredentials c = d.peerCredentials();
                return "local process " + c.pid() + " (uid " + c.uid() + ") on the Unix socket";
            } catch (IOException | RuntimeException e) { // Netty's ChannelException once the socket is gone
                return "a local process on the Unix socket";
            }
        }
        return String.valueOf(ch.remoteAddress());
    }
}
