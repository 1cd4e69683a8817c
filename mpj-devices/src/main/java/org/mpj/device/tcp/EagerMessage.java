package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.match.RemoteMessage;
import org.mpj.core.request.EngineRequest;

/**
 * An EAGER frame announced to the matching engine. When a receive is posted, the engine calls
 * {@link #matched} inside {@code arrive} and the payload goes from Netty's buffer straight into the
 * receive's array (one copy), and this object is used again for the peer's next frame. When none is
 * posted, the payload is copied into one of the device's reused native buffers ({@link FrameBuffers}),
 * which this object keeps until a receive matches, and the peer takes another object for its next
 * frame (one that an earlier waiting frame gave back once received, else a new one); the receive
 * then fills from a native buffer as a posted one does. A new heap array for each such frame cost a
 * page fault for every 4 KiB until the young generation had been touched once (10 000 in
 * MpiJavaBench's 8 KiB Allreduce row on 4 JVMs).
 */
final class EagerMessage implements RemoteMessage {
    private final Peer peer;
    private int source;
    private int tag;
    private BaseType base;
    private int elements;
    /** The frame being announced, while {@code arrive} runs. */
    private InboundFrame frame;
    /** The payload, once this message waits in the unexpected queue. */
    private ByteBuf kept;
    private boolean matchedNow;

    EagerMessage(Peer peer) {
        this.peer = peer;
    }

    /** Announces {@code f} to the matching engine; returns true when this object stays queued there. */
    boolean arrive(InboundFrame f) {
        source = f.source;
        tag = f.tag;
        base = f.base;
        elements = f.elements;
        frame = f;
        matchedNow = false;
        try {
            peer.device.engine.arrive(f.context, f.source, f.tag, f.base, f.elements, this);
        } finally {
            frame = null;
        }
        if (matchedNow) {
            return false;
        }
        kept = peer.device.alloc.directBuffer(f.payloadBytes);
        if (f.payload.nioBufferCount() == 1) { // as WireCopy.read: no ByteBuffer array and duplicates a copy
            kept.writeBytes(f.payload.internalNioBuffer(f.payloadIndex, f.payloadBytes));
        } else {
            kept.writeBytes(f.payload, f.payloadIndex, f.payloadBytes);
        }
        return true;
    }

    @Override
    public void matched(EngineRequest r) {
        if (!peer.device.onOwner()) {
            peer.device.runOnOwner(() -> matched(r));
            return;
        }
        InboundFrame f = frame;
        if (f != null) {
            matchedNow = true;
            peer.device.receives.fill(r, source, tag, base, elements, f.payload, f.payloadIndex, f.payloadBytes);
        } else {
            ByteBuf b = kept;
            kept = null;
            try {
                peer.device.receives.fill(r, source, tag, base, elements, b, b.readerIndex(), b.readableBytes());
            } finally {
                b.release();
                peer.spare(this); // the engine let go of it before this call
            }
        }
    }
}
