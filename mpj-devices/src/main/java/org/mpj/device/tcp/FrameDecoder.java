package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.mpj.core.datatype.BaseType;

/**
 * Cuts the byte stream into frames and checks each header's lengths and types against
 * {@link Frame}; meaning is left to the handlers after it. It hands on one reused
 * {@link InboundFrame} per frame, so decoding allocates nothing per message.
 *
 * <p>Not a {@code ByteToMessageDecoder}: that one accumulates a frame before handing it on, and a
 * rendezvous DATA frame may be megabytes. Here DATA payload is handed on as it comes off the socket,
 * in whole elements, and copied straight into the posted receive; only a split element (at most 7
 * bytes) and a split small frame (at most {@code maxFrameBytes}, an EAGER message) are ever held.
 *
 * <p>The first bad header raises {@link FrameException} through {@code exceptionCaught} and every
 * later byte of the connection is dropped; the handler that owns the connection closes it.
 */
public final class FrameDecoder extends ChannelInboundHandlerAdapter {
    private static final int HEADER = 0;
    private static final int BODY = 1;
    private static final int DATA_BODY = 2;
    private static final BaseType[] BASES = BaseType.values();

    private final int maxFrameBytes;
    private final long maxMessageBytes;
    private final InboundFrame frame = new InboundFrame();
    private final ByteBuf header = Unpooled.buffer(Frame.HEADER_BYTES, Frame.HEADER_BYTES);
    /** The part of an element split between two reads. */
    private final ByteBuf carry = Unpooled.buffer(8, 8);
    /** The element completed in {@link #carry}, as it is handed on. */
    private final ByteBuf completed = Unpooled.buffer(8, 8);
    /** A small frame split between reads, until it is whole. */
    private ByteBuf body;
    private int state = HEADER;
    private int remaining;
    private int elementBytes;
    private boolean failed;
    /** Until the peer proved the job secret, only handshake frames are accepted. */
    private boolean authenticated;

    /**
     * @param maxFrameBytes   the largest payload of one frame (EAGER message, DATA frame)
     * @param maxMessageBytes the largest message an RTS may announce
     */
    public FrameDecoder(int maxFrameBytes, long maxMessageBytes) {
        this.maxFrameBytes = maxFrameBytes;
        this.maxMessageBytes = maxMessageBytes;
    }

    /**
     * Called by the handshake handler once the peer proved the job secret, from inside the
     * {@code channelRead} of its last handshake frame: the frames behind it may be of any type.
     */
    public void authenticated() {
        authenticated = true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        ByteBuf in = (ByteBuf) msg;
        try {
            while (!failed && in.isReadable()) {
                step(ctx, in);
            }
        } catch (FrameException e) {
            failed = true;
            releaseBody();
            ctx.fireExceptionCaught(e);
        } finally {
            in.release();
        }
    }

    private void step(ChannelHandlerContext ctx, ByteBuf in) {
        if (state == HEADER) {
            if (!header.isReadable() && in.readableBytes() >= Frame.HEADER_BYTES) {
                parse(in, in.readerIndex());
                in.skipBytes(Frame.HEADER_BYTES);
            } else {
                header.writeBytes(in, Math.min(Frame.HEADER_BYTES - header.readableBytes(), in.readableBytes()));
                if (header.readableBytes() < Frame.HEADER_BYTES) {
                    return;
                }
                parse(header, 0);
                header.clear();
            }
            remaining = frame.length;
            if (frame.type == Frame.DATA) {
                state = DATA_BODY;
                elementBytes = Math.max(1, frame.base.byteSize());
                if (!in.isReadable()) {
                    emitPiece(ctx, in, in.readerIndex(), 0, in); // the handler may read the payload itself
                }
            } else if (remaining == 0) {
                emit(ctx, in, in.readerIndex(), 0);
            } else if (frame.type == Frame.EAGER && in.readableBytes() < remaining && opened(ctx, in)) {
                state = DATA_BODY; // the body comes as pieces, as a DATA frame's does
                elementBytes = Math.max(1, frame.base.byteSize());
                if (!in.isReadable()) {
                    emitPiece(ctx, in, in.readerIndex(), 0, in);
                }
            } else {
                state = BODY;
            }
        } else if (state == BODY) {
            if (body == null && in.readableBytes() >= remaining) {
                int at = in.readerIndex();
                in.skipBytes(remaining);
                state = HEADER;
                emit(ctx, in, at, frame.length);
                return;
            }
            if (body == null) {
                // A frame split across reads (a 64 KiB EAGER frame is two loopback segments) is gathered in
                // one of the device's reused buffers: a new heap array each cost MpiJavaBench's cold 2-JVM
                // ping-pong at 64 KiB 85-148 us a way against 41-58 (tcp-frame-buffers.txt).
                body = ctx.alloc().directBuffer(remaining);
            }
            int n = Math.min(remaining, in.readableBytes());
            body.writeBytes(in, n);
            remaining -= n;
            if (remaining == 0) {
                state = HEADER;
                try {
                    emit(ctx, body, body.readerIndex(), frame.length);
                } finally {
                    releaseBody();
                }
            }
        } else {
            dataPiece(ctx, in);
        }
    }

    /**
     * Hands on the header of an EAGER frame whose body is not all here yet; true when the handler will
     * take the body in pieces ({@link InboundFrame#streamed}), false to gather it whole first.
     */
    private boolean opened(ChannelHandlerContext ctx, ByteBuf in) {
        frame.opening = true;
        frame.pullable = 0;
        try {
            emitPiece(ctx, in, in.readerIndex(), 0);
        } finally {
            frame.opening = false;
        }
        return frame.streamed;
    }

    /** Hands on as many whole elements of the current DATA frame (or streamed EAGER body) as {@code in} holds. */
    private void dataPiece(ChannelHandlerContext ctx, ByteBuf in) {
        if (carry.isReadable()) {
            int n = Math.min(elementBytes - carry.readableBytes(), in.readableBytes());
            carry.writeBytes(in, n);
            remaining -= n;
            if (carry.readableBytes() == elementBytes) {
                if (remaining == 0) {
                    state = HEADER;
                }
                completed.clear().writeBytes(carry); // carry may take a pulled part-element during the call
                carry.clear();
                emitPiece(ctx, completed, 0, elementBytes, in);
            }
            return;
        }
        int avail = Math.min(in.readableBytes(), remaining);
        int whole = avail - avail % elementBytes;
        if (whole == 0) {
            carry.writeBytes(in, avail);
            remaining -= avail;
            return;
        }
        int at = in.readerIndex();
        in.skipBytes(whole);
        remaining -= whole;
        if (remaining == 0) {
            state = HEADER;
        }
        emitPiece(ctx, in, at, whole, in);
    }

    /**
     * Hands on a piece of DATA; where {@code in} is used up and the frame goes on, the handler may
     * read the rest of the frame off the socket itself, and tells how much it did.
     */
    private void emitPiece(ChannelHandlerContext ctx, ByteBuf buf, int index, int bytes, ByteBuf in) {
        frame.pullable = state == DATA_BODY && !in.isReadable() ? remaining : 0;
        emitPiece(ctx, buf, index, bytes);
        int pulled = frame.pulled;
        if (pulled > 0) {
            frame.pulled = 0;
            remaining -= pulled;
            int part = pulled % elementBytes;
            if (part > 0) { // its first bytes are in the array already; the rest come by the socket
                WireCopy.writeElementBytes(carry, frame.pulledElementBits, 0, part);
            }
            if (remaining == 0) {
                state = HEADER;
            }
        }
    }

    private void emit(ChannelHandlerContext ctx, ByteBuf buf, int index, int bytes) {
        state = HEADER;
        frame.pullable = 0;
        emitPiece(ctx, buf, index, bytes);
    }

    private void emitPiece(ChannelHandlerContext ctx, ByteBuf buf, int index, int bytes) {
        frame.pulled = 0;
        frame.payload = buf;
        frame.payloadIndex = index;
        frame.payloadBytes = bytes;
        try {
            ctx.fireChannelRead(frame);
        } finally {
            frame.payload = null;
        }
    }

    /** Reads and checks the header at {@code index} of {@code b} into {@link #frame}. */
    private void parse(ByteBuf b, int index) {
        byte magic = b.getByte(index + Frame.OFF_MAGIC);
        if (magic != Frame.MAGIC) {
            throw new FrameException("bad magic byte 0x" + Integer.toHexString(magic & 0xFF) + " (expected 0x"
                    + Integer.toHexString(Frame.MAGIC) + "): not an MPJ peer, or the stream lost its place");
        }
        InboundFrame f = frame;
        f.type = b.getByte(index + Frame.OFF_TYPE);
        f.flags = b.getByte(index + Frame.OFF_FLAGS);
        int base = b.getByte(index + Frame.OFF_BASE) & 0xFF;
        f.context = b.getInt(index + Frame.OFF_CONTEXT);
        f.source = b.getInt(index + Frame.OFF_SOURCE);
        f.tag = b.getInt(index + Frame.OFF_TAG);
        f.elements = b.getInt(index + Frame.OFF_ELEMENTS);
        f.length = b.getInt(index + Frame.OFF_LENGTH);
        f.total = b.getLong(index + Frame.OFF_TOTAL);
        f.id = b.getLong(index + Frame.OFF_ID);
        f.streamed = false;
        if (f.type < Frame.HELLO || f.type > Frame.LAST_TYPE) {
            throw new FrameException("unknown frame type " + f.type);
        }
        if (!authenticated && f.type > Frame.PROOF) {
            throw new FrameException(Frame.typeName(f.type) + " frame before the handshake was complete");
        }
        if (f.length < 0 || f.length > maxFrameBytes) {
            throw new FrameException(Frame.typeName(f.type) + " frame length " + f.length + " > max " + maxFrameBytes
                    + " (mpj.tcp.maxFrameBytes)");
        }
        if (f.flags != 0 && !(f.type == Frame.CTS && (f.flags == Frame.FLAG_DISCARD || f.flags == Frame.FLAG_CANCELLED))
                && !(f.type == Frame.PIPE && f.flags > 0 && f.flags <= Frame.PIPE_NUDGE)) {
            throw new FrameException(Frame.typeName(f.type) + " frame with flags " + f.flags);
        }
        f.base = null;
        switch (f.type) {
            case Frame.HELLO -> exactLength(f, Frame.NONCE_BYTES);
            case Frame.CHALLENGE -> exactLength(f, Frame.NONCE_BYTES + Frame.MAC_BYTES);
            case Frame.PROOF -> exactLength(f, Frame.MAC_BYTES);
            case Frame.CTS, Frame.BYE, Frame.CANCEL -> exactLength(f, 0);
            case Frame.ABORT -> {
                if (f.length > Frame.MAX_ABORT_BYTES) {
                    throw new FrameException("ABORT frame length " + f.length + " > max " + Frame.MAX_ABORT_BYTES);
                }
            }
            case Frame.PIPE -> {
                if (f.flags == Frame.PIPE_OFFER ? f.length == 0 || f.length > Frame.MAX_PIPE_NAME_BYTES : f.length != 0) {
                    throw new FrameException("PIPE frame length " + f.length + " with flags " + f.flags);
                }
            }
            case Frame.EAGER -> {
                f.base = base(base);
                elementsMatch(f, f.length);
            }
            case Frame.RTS -> {
                exactLength(f, 0);
                f.base = base(base);
                if (f.total < 0 || f.total > maxMessageBytes) {
                    throw new FrameException("RTS announces " + f.total + " bytes; max " + maxMessageBytes
                            + " (mpj.tcp.maxMessageBytes)");
                }
                elementsMatch(f, f.total);
            }
            default -> {
                f.base = base(base);
                if (f.length == 0 || f.length % Math.max(1, f.base.byteSize()) != 0) {
                    throw new FrameException("DATA frame of " + f.length + " bytes is not a positive number of "
                            + f.base.mpiName() + " elements");
                }
            }
        }
    }

    private static void exactLength(InboundFrame f, int expected) {
        if (f.length != expected) {
            throw new FrameException(Frame.typeName(f.type) + " frame length " + f.length + " (expected " + expected + ")");
        }
    }

    private static BaseType base(int ordinal) {
        if (ordinal >= BASES.length) {
            throw new FrameException("unknown base type " + ordinal);
        }
        return BASES[ordinal];
    }

    /** Elements and bytes of a message agree: elements x element size, or any length for MPI.OBJECT. */
    private static void elementsMatch(InboundFrame f, long bytes) {
        if (f.elements < 0) {
            throw new FrameException(Frame.typeName(f.type) + " frame with " + f.elements + " elements");
        }
        if (f.base != BaseType.OBJECT && (long) f.elements * f.base.byteSize() != bytes) {
            throw new FrameException(Frame.typeName(f.type) + " frame: " + f.elements + " x " + f.base.mpiName()
                    + " is not " + bytes + " bytes");
        }
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseBody();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        releaseBody();
        ctx.fireChannelInactive();
    }
}
