package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.SendCanceller;

/**
 * A rendezvous send: announced by RTS, written after the receiver's CTS as DATA frames of at most
 * {@code chunkBytes}, each copied straight from the sender's array into an outbound buffer. The send
 * request completes when the last piece is copied (the user's array is free again); a synchronous
 * send is complete then too, since a CTS means the receive has matched. Until the CTS comes, Cancel
 * asks the receiver (CANCEL) to take the RTS back; its answer completes the send either way.
 */
final class OutgoingTransfer implements SendCanceller {
    private final Peer peer;
    private final long id;
    private final BaseType base;
    private final int source;
    private final int tag;
    private final int elements;
    /** Elements per DATA frame: chunkBytes rounded down to whole elements. */
    private final int chunkElements;
    /** What the cursor counts: elements, or bytes for MPI.OBJECT (whose data are serialized bytes). */
    private final int units;
    private final int unitBytes;
    private final LayoutCursor cursor = new LayoutCursor();
    private final EngineRequest request;
    private boolean cancelAsked;
    /** The first DATA frame, copied while the RTS and CTS travel ({@link #prepareFirst}), or null. */
    private ByteBuf prepared;
    /** The user's array as {@link HeapSocketIo#send} takes it, made at the transfer's first such write. */
    private Object heapSegment;

    OutgoingTransfer(Peer peer, long id, int source, int tag, BaseType base, int elements, Object data, int dataOffset,
                     TypeMap dataType, int chunkBytes, EngineRequest request) {
        this.peer = peer;
        this.id = id;
        this.source = source;
        this.tag = tag;
        this.base = base;
        this.elements = elements;
        this.request = request;
        this.unitBytes = Math.max(1, base.byteSize());
        this.units = base == BaseType.OBJECT ? ((byte[]) data).length : elements;
        this.chunkElements = Math.max(1, chunkBytes / unitBytes);
        cursor.start(data, dataOffset, dataType, base);
    }

    /** Writes the next DATA frame. */
    void writeChunk(Channel c) {
        ByteBuf b = prepared;
        prepared = null;
        if (b == null && fromHeap() && nothingQueued(c)) {
            writeFromHeap(c);
        } else {
            c.write(b != null ? b : nextChunk(c.alloc()), c.voidPromise());
        }
    }

    /** Whether this transfer may go through a pipe: no DATA frame was copied for the socket ahead. */
    boolean pipeable() {
        return prepared == null;
    }

    /**
     * Writes chunks of at most {@code chunkBytes} into the pipe while it has room, each copied straight
     * from the user's array; returns how many.
     */
    int writeToPipe(MappedPipe pipe, int chunkBytes) {
        int chunks = 0;
        for (int bytes = pipe.room(pipeWant(chunkBytes), unitBytes); bytes > 0; bytes = pipe.room(pipeWant(chunkBytes), unitBytes)) {
            ByteBuf b = pipe.buf;
            b.setIndex(0, pipe.payloadIndex());
            cursor.write(b, bytes / unitBytes);
            pipe.commit(id, bytes);
            chunks++;
        }
        return chunks;
    }

    /** Before the rank sleeps for room in the pipe: true when the pipe has room for the next chunk after all. */
    boolean armForRoom(MappedPipe pipe, int chunkBytes) {
        return pipe.armWriter(pipeWant(chunkBytes), unitBytes);
    }

    /** Bytes of this transfer's next chunk of at most {@code chunkBytes} (0: nothing left to send). */
    private int pipeWant(int chunkBytes) {
        return Math.min(Math.max(1, chunkBytes / unitBytes), units - cursor.done()) * unitBytes;
    }

    /** Every DATA frame is written (none copied ahead and waiting: {@link #prepareFirst}). */
    boolean done() {
        return prepared == null && cursor.done() == units;
    }

    /** Whether this transfer's elements can go from the user's array straight to the socket. */
    private boolean fromHeap() {
        return peer.heapFd >= 0 && cursor.flat() && HeapSocketIo.carries(base);
    }

    /** Nothing waits in Netty's outbound buffer: bytes written past it now keep the stream's order. */
    private static boolean nothingQueued(Channel c) {
        ChannelOutboundBuffer out = c.unsafe().outboundBuffer();
        return c.isOpen() && out != null && out.totalPendingWriteBytes() == 0;
    }

    /**
     * Writes the next DATA frame with {@link HeapSocketIo#send}: the header, then the elements from
     * the user's array, as far as the socket takes them; what it does not take goes Netty's way
     * (copied into an outbound buffer), from the byte where the socket stopped.
     */
    private void writeFromHeap(Channel c) {
        int n = Math.min(chunkElements, units - cursor.done());
        int bytes = n * unitBytes;
        ByteBuf h = peer.device.heapHeader.clear();
        Frame.writeHeader(h, Frame.DATA, 0, base.ordinal(), 0, 0, 0, 0, bytes, 0, id);
        int fd = peer.heapFd;
        int headerSent = (int) HeapSocketIo.sendMore(fd, peer.device.heapHeaderSegment, 0, Frame.HEADER_BYTES);
        long sent = 0;
        if (headerSent == Frame.HEADER_BYTES) {
            if (heapSegment == null) {
                heapSegment = HeapSocketIo.segment(cursor.array(), base);
            }
            sent = HeapSocketIo.send(fd, heapSegment, (long) cursor.index() * unitBytes, bytes);
        }
        HeapSocketIo.BYTES_SENT.add(sent);
        if (sent == bytes) {
            cursor.skip(n);
            return;
        }
        int whole = (int) (sent / unitBytes);
        int part = (int) (sent % unitBytes);
        cursor.skip(whole);
        ByteBuf b = c.alloc().directBuffer(Frame.HEADER_BYTES - headerSent + bytes - (int) sent);
        b.writeBytes(h, headerSent, Frame.HEADER_BYTES - headerSent);
        int rest = n - whole;
        if (part > 0) { // the socket took part of an element: its other bytes first
            HeapSocketIo.SPLIT_SENDING.increment();
            WireCopy.writeElementBytes(b, WireCopy.elementBits(cursor.array(), cursor.index(), base), part, unitBytes);
            cursor.skip(1);
            rest--;
        }
        cursor.write(b, rest);
        c.write(b, c.voidPromise());
    }

    /**
     * Copies the first DATA frame now, while the RTS travels and the CTS comes back, so that the
     * copy is off the transfer's path: the CTS finds the frame ready to write (1 MiB over loopback:
     * the copy of a 256 KiB chunk is ~8 us of ~110).
     */
    void prepareFirst(ByteBufAllocator alloc) {
        if (units > 0 && prepared == null && cursor.done() == 0 && !fromHeap()) {
            prepared = nextChunk(alloc);
        }
    }

    private ByteBuf nextChunk(ByteBufAllocator alloc) {
        int n = Math.min(chunkElements, units - cursor.done());
        int bytes = n * unitBytes;
        ByteBuf b = alloc.directBuffer(Frame.HEADER_BYTES + bytes);
        Frame.writeHeader(b, Frame.DATA, 0, base.ordinal(), 0, 0, 0, 0, bytes, 0, id);
        cursor.write(b, n);
        return b;
    }

    /** Drops the prepared frame of a transfer that will not be written. */
    void releasePrepared() {
        if (prepared != null) {
            prepared.release();
            prepared = null;
        }
    }

    boolean isEmpty() {
        return units == 0;
    }

    /** Cancel: runs on the loop's owner, as every frame write does; the answer comes as a CTS. */
    @Override
    public boolean cancelSend(EngineRequest s) {
        TcpDevice device = peer.device;
        if (!device.onOwner()) {
            device.runOnOwner(() -> cancelSend(s));
        } else if (!cancelAsked && peer.awaitingCts.get(id) == this) {
            cancelAsked = true;
            device.writeControl(peer, Frame.CANCEL, 0, id);
        }
        return false;
    }

    /** The receiver took the RTS back at our CANCEL. */
    void cancelled() {
        releasePrepared();
        cursor.clear();
        request.completeCancelled();
    }

    /** Completes the send: all data copied out, or the receive refused it (the receiver reports why). */
    void complete() {
        releasePrepared();
        cursor.clear();
        request.complete(source, tag, elements, base);
    }
}
