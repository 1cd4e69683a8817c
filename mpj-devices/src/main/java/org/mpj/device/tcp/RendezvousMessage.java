package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.match.RemoteMessage;
import org.mpj.core.request.EngineRequest;

/**
 * A peer's rendezvous send, announced by its RTS. Once a receive matches, this side answers CTS and
 * the DATA frames that follow are copied into the receive's array piece by piece as they come off
 * the socket; the receive completes with the last piece. MPI.OBJECT data are gathered into a byte
 * array first, since they can only be deserialized whole.
 */
final class RendezvousMessage implements RemoteMessage {
    /** How long {@link #pull} waits for the peer's next bytes. */
    private static final long PULL_WAIT_NANOS = 20_000;
    private final Peer peer;
    private final long id;
    private final int source;
    private final int tag;
    private final BaseType base;
    private final int elements;
    private final long total;
    private final LayoutCursor cursor = new LayoutCursor();
    private EngineRequest receive;
    private byte[] objectBytes;
    private long received;

    RendezvousMessage(Peer peer, InboundFrame rts) {
        this.peer = peer;
        this.id = rts.id;
        this.source = rts.source;
        this.tag = rts.tag;
        this.base = rts.base;
        this.elements = rts.elements;
        this.total = rts.total;
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
        if (total == 0) {
            complete(r);
        } else {
            receive = r;
            if (base == BaseType.OBJECT) {
                objectBytes = new byte[(int) total];
                cursor.start(objectBytes, 0, null, BaseType.BYTE);
            } else {
                cursor.start(r.buf, r.offset, r.type, r.type.base);
            }
            peer.incoming.put(id, this);
        }
        device.writeControl(peer, Frame.CTS, 0, id);
    }

    /** Takes one piece of DATA; returns null when fine, or why the frame breaks the protocol. */
    String data(InboundFrame f) {
        if (f.base != base) {
            return "DATA of rendezvous " + id + " carries " + f.base.mpiName() + "; its RTS announced " + base.mpiName();
        }
        if (received + f.payloadBytes > total) {
            return "DATA of rendezvous " + id + " runs past the " + total + " bytes its RTS announced";
        }
        ByteBuf b = f.payload;
        cursor.read(b, f.payloadIndex, f.payloadBytes / Math.max(1, base.byteSize()));
        received += f.payloadBytes;
        if (f.pullable > 0 && peer.heapFd >= 0 && cursor.flat() && HeapSocketIo.carries(base)) {
            pull(f);
        }
        if (received == total) {
            peer.incoming.remove(id);
            complete(receive);
        }
        return null;
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
        long at = (long) cursor.index() * unit;
        int fd = peer.heapFd;
        long got = 0;
        long idleSince = 0;
        pulling:
        while (got < want) {
            long n = HeapSocketIo.recv(fd, array, base, at + got, want - got);
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
            } while (!HeapSocketIo.readable(fd, peer.device.pollfd));
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

    private void complete(EngineRequest r) {
        cursor.clear();
        receive = null;
        if (base == BaseType.OBJECT) {
            byte[] b = objectBytes == null ? new byte[0] : objectBytes;
            objectBytes = null;
            ReceiveFiller.deserialize(r, source, tag, elements, b);
        } else {
            r.complete(source, tag, elements, base);
        }
    }
}
