package org.mpj.device.tcp;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.request.EngineRequest;

/**
 * A message coming off the socket in pieces into the receive it matched: the DATA frames of a
 * rendezvous, or the body of an EAGER frame whose receive was posted when its header came. Each piece
 * is copied into the receive's array as it arrives (one copy), and the receive completes with the
 * last. MPI.OBJECT data are gathered into a byte array first, since they can only be deserialized
 * whole. Subclasses set the message's {@link #envelope} before {@link #start}.
 */
abstract class ReceiveStream {
    /** How long {@link #pull} waits for the peer's next bytes. */
    private static final long PULL_WAIT_NANOS = 20_000;
    final Peer peer;
    int source;
    int tag;
    BaseType base;
    int elements;
    /** Payload bytes of the whole message. */
    long total;
    private final LayoutCursor cursor = new LayoutCursor();
    private EngineRequest receive;
    private byte[] objectBytes;
    private long received;
    /** The receive's array as {@link HeapSocketIo#recv} takes it, made at the first pull of the message. */
    private Object heapSegment;

    ReceiveStream(Peer peer) {
        this.peer = peer;
    }

    /** Takes the message's envelope from its first frame (an RTS or an EAGER header); {@code total}: its bytes. */
    final void envelope(InboundFrame f, long total) {
        this.source = f.source;
        this.tag = f.tag;
        this.base = f.base;
        this.elements = f.elements;
        this.total = total;
    }

    /** Starts filling {@code r}, a receive that accepts this message (checked by the caller). */
    final void start(EngineRequest r) {
        this.receive = r;
        this.received = 0;
        this.heapSegment = null;
        if (base == BaseType.OBJECT) {
            objectBytes = new byte[(int) total];
            cursor.start(objectBytes, 0, null, BaseType.BYTE);
        } else {
            cursor.start(r.buf, r.offset, r.type, r.type.base);
        }
        if (total == 0) {
            complete();
        }
    }

    /** Bytes still to come. */
    final long remaining() {
        return total - received;
    }

    /**
     * Takes the piece that {@code f} carries (whole elements, at most {@link #remaining}), then what
     * of the rest the socket holds already where the frame allows; returns true once the receive is
     * complete.
     */
    final boolean take(InboundFrame f) {
        cursor.read(f.payload, f.payloadIndex, f.payloadBytes / Math.max(1, base.byteSize()));
        received += f.payloadBytes;
        if (f.pullable > 0 && peer.heapFd >= 0 && cursor.flat() && HeapSocketIo.carries(base)) {
            pull(f);
        }
        return completeIfWhole();
    }

    /** Takes {@code bytes} (whole elements, at most {@link #remaining}) at {@code index} of {@code b}; true once complete. */
    final boolean takePiece(io.netty.buffer.ByteBuf b, int index, int bytes) {
        cursor.read(b, index, bytes / Math.max(1, base.byteSize()));
        received += bytes;
        return completeIfWhole();
    }

    private boolean completeIfWhole() {
        if (received == total) {
            complete();
            return true;
        }
        return false;
    }

    /**
     * Reads the rest of the frame off the socket straight into the receive's array, while it keeps
     * coming: the peer is writing this frame now, so a short wait for its next bytes is cheaper than
     * a trip through the event loop and a copy. Stops after {@link #PULL_WAIT_NANOS} without a byte.
     * An element read only in part is handed back to the decoder, which completes it from the
     * socket's next bytes.
     */
    private void pull(InboundFrame f) {
        int unit = Math.max(1, base.byteSize());
        long want = Math.min(f.pullable, total - received);
        Object array = cursor.array();
        if (heapSegment == null) {
            heapSegment = HeapSocketIo.segment(array, base);
        }
        long at = (long) cursor.index() * unit;
        int fd = peer.heapFd;
        TcpDevice device = peer.device;
        long got = 0;
        long idleSince = 0;
        pulling:
        while (got < want) {
            long n = HeapSocketIo.recv(fd, heapSegment, at + got, want - got);
            if (n > 0) {
                got += n;
                idleSince = 0;
                continue;
            }
            do {
                long now = System.nanoTime();
                if (idleSince == 0) {
                    idleSince = now;
                } else if (now - idleSince > PULL_WAIT_NANOS) {
                    break pulling;
                }
                Thread.onSpinWait();
            } while (!HeapSocketIo.readable(fd, device.pollfd, device.pollSegment));
        }
        HeapSocketIo.BYTES_RECEIVED.add(got);
        int whole = (int) (got / unit);
        int part = (int) (got % unit);
        cursor.skip(whole);
        received += got - part;
        f.pulled = (int) got;
        if (part > 0) {
            HeapSocketIo.SPLIT_RECEIVING.increment();
            f.pulledElementBits = WireCopy.elementBits(array, cursor.index(), base);
        }
    }

    private void complete() {
        EngineRequest r = receive;
        receive = null;
        heapSegment = null;
        cursor.clear();
        if (base == BaseType.OBJECT) {
            byte[] b = objectBytes;
            objectBytes = null;
            ReceiveFiller.deserialize(r, source, tag, elements, b);
        } else {
            r.complete(source, tag, elements, base);
        }
    }
}
