package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import org.mpj.core.datatype.BaseType;

/**
 * A decoded frame as {@link FrameDecoder} hands it on: the header fields and a view of the payload
 * bytes. One instance per connection is reused for every frame, so nothing is allocated per message;
 * the view is valid only during the {@code channelRead} call that carries it, and a handler that
 * needs the bytes later copies them.
 *
 * <p>An EAGER, handshake or ABORT frame arrives whole, but for an EAGER frame taken in pieces
 * ({@link #opening}, {@link #streamed}). A DATA frame's payload arrives in pieces as bytes come off
 * the socket, each piece a whole number of elements; the header fields repeat on every piece and
 * {@link #payloadBytes} is the piece's length.
 */
public final class InboundFrame {
    byte type;
    byte flags;
    /** Null for frames that carry no elements. */
    BaseType base;
    int context;
    int source;
    int tag;
    int elements;
    /** Payload bytes of the whole frame. */
    int length;
    long total;
    long id;
    ByteBuf payload;
    int payloadIndex;
    int payloadBytes;
    /**
     * DATA: bytes of this frame still on the socket, behind this piece, which the handler may read
     * itself ({@link HeapSocketIo#recv}); 0 where it may not (the decoder holds bytes of its own).
     */
    int pullable;
    /**
     * EAGER: this delivery is only the header of a frame whose body is still on its way (no payload);
     * a handler that will take the body in pieces sets {@link #streamed}.
     */
    boolean opening;
    /** EAGER: the body comes in pieces, each delivery one, as a DATA frame's does. */
    boolean streamed;
    /** Set by a handler that read bytes of this frame off the socket itself: how many (may end inside an element). */
    int pulled;
    /** Where {@link #pulled} ends inside an element: that element's bits (its first bytes are the ones read). */
    long pulledElementBits;

    public byte type() {
        return type;
    }

    /** Whether this delivery is only the header of an EAGER frame whose body is still coming ({@link #opening}). */
    public boolean opening() {
        return opening;
    }

    /** Answers an opening delivery: its body is to come in pieces. */
    public void takeInPieces() {
        streamed = true;
    }

    /** Whether this delivery is a piece of an EAGER frame taken in pieces. */
    public boolean streamed() {
        return streamed;
    }

    /** Payload bytes of the whole frame (of all pieces for DATA). */
    public int length() {
        return length;
    }

    /** Bytes in this delivery: the whole payload, or one piece of a DATA frame. */
    public int payloadBytes() {
        return payloadBytes;
    }

    /** Copies this delivery's payload bytes into a new array (control path and tests). */
    public byte[] payloadCopy() {
        byte[] b = new byte[payloadBytes];
        payload.getBytes(payloadIndex, b);
        return b;
    }

    @Override
    public String toString() {
        return Frame.typeName(type) + " context " + context + " source " + source + " tag " + tag + " base " + base
                + " elements " + elements + " length " + length + " total " + total + " id " + id;
    }
}
