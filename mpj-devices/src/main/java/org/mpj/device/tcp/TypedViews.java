package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypedBytes;

/**
 * Little-endian typed views of one of the device's buffers ({@link FrameBuffers}), kept with it: a view
 * made for each copy (ByteBuffer.asDoubleBuffer) was the one object a typed eager send allocated (56
 * bytes a send of doubles on 2 JVMs, after C2), and a receive of one that had waited in a buffer
 * (C1's code allocated one on every receive too). A view covers the buffer from one alignment to its
 * end and copies go by absolute index, so one view serves every message at that alignment; the
 * buffer's memory, and so its internal ByteBuffer, changes only if the buffer grows, and then a view
 * of the new one replaces the oldest.
 */
final class TypedViews {
    /** Views of element types and alignments at once: a buffer mostly carries one type at one. */
    private static final int SLOTS = 4;
    private final ByteBuffer[] buffers = new ByteBuffer[SLOTS];
    private final BaseType[] bases = new BaseType[SLOTS];
    private final int[] starts = new int[SLOTS];
    private final Buffer[] views = new Buffer[SLOTS];
    private int next;

    /**
     * A little-endian view of {@code buf}'s memory as elements of {@code base} (more than a byte each),
     * where {@code bb} is {@code buf}'s internal ByteBuffer at the first byte to move: element {@link
     * #index} of the view starts there. The view {@code buf} keeps when it is one of the device's
     * buffers ({@link FrameBuffers#viewsOf}), else a new one.
     */
    static Buffer of(ByteBuf buf, ByteBuffer bb, BaseType base) {
        TypedViews kept = FrameBuffers.viewsOf(buf);
        int start = bb.position() % base.byteSize();
        return kept != null ? kept.view(bb, base, start) : make(bb, base, start);
    }

    /** The element of {@link #of}'s view at {@code bb}'s position. */
    static int index(ByteBuffer bb, BaseType base) {
        return bb.position() / base.byteSize();
    }

    /** The kept view of {@code bb} whose first element starts at byte {@code start}, made if none is. */
    private Buffer view(ByteBuffer bb, BaseType base, int start) {
        for (int s = 0; s < SLOTS; s++) {
            if (buffers[s] == bb && bases[s] == base && starts[s] == start) {
                return views[s];
            }
        }
        Buffer v = make(bb, base, start);
        int s = next;
        next = (next + 1) % SLOTS;
        buffers[s] = bb;
        bases[s] = base;
        starts[s] = start;
        views[s] = v;
        return v;
    }

    /** A view of {@code bb} from byte {@code start} to its capacity: element i is bytes {@code start + i * size} on. */
    private static Buffer make(ByteBuffer bb, BaseType base, int start) {
        ByteBuffer whole = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        whole.limit(whole.capacity()).position(start);
        return TypedBytes.view(whole, base);
    }
}
