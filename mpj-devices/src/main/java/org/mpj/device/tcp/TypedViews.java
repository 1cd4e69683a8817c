package org.mpj.device.tcp;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.mpj.core.datatype.BaseType;

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

    /** Writes {@code n} elements of {@code array} from index {@code from} at {@code bb}'s position. */
    void put(ByteBuffer bb, Object array, int from, int n, BaseType base) {
        int size = base.byteSize();
        int at = bb.position();
        Buffer v = view(bb, base, at % size);
        int index = at / size;
        switch (base) {
            case CHAR -> ((CharBuffer) v).put(index, (char[]) array, from, n);
            case SHORT -> ((ShortBuffer) v).put(index, (short[]) array, from, n);
            case INT -> ((IntBuffer) v).put(index, (int[]) array, from, n);
            case LONG -> ((LongBuffer) v).put(index, (long[]) array, from, n);
            case FLOAT -> ((FloatBuffer) v).put(index, (float[]) array, from, n);
            case DOUBLE -> ((DoubleBuffer) v).put(index, (double[]) array, from, n);
            default -> throw new IllegalArgumentException(base.name());
        }
    }

    /** Reads {@code n} elements at {@code bb}'s position into {@code array} from index {@code to}. */
    void get(ByteBuffer bb, Object array, int to, int n, BaseType base) {
        int size = base.byteSize();
        int at = bb.position();
        Buffer v = view(bb, base, at % size);
        int index = at / size;
        switch (base) {
            case CHAR -> ((CharBuffer) v).get(index, (char[]) array, to, n);
            case SHORT -> ((ShortBuffer) v).get(index, (short[]) array, to, n);
            case INT -> ((IntBuffer) v).get(index, (int[]) array, to, n);
            case LONG -> ((LongBuffer) v).get(index, (long[]) array, to, n);
            case FLOAT -> ((FloatBuffer) v).get(index, (float[]) array, to, n);
            case DOUBLE -> ((DoubleBuffer) v).get(index, (double[]) array, to, n);
            default -> throw new IllegalArgumentException(base.name());
        }
    }

    /**
     * The view that holds {@code bb}'s bytes from its position as elements of {@code base}, from element
     * {@code bb.position() / base.byteSize()} of the view.
     */
    Buffer viewAt(ByteBuffer bb, BaseType base) {
        return view(bb, base, bb.position() % base.byteSize());
    }

    /**
     * The view of {@code bb}'s elements of {@code base} whose first element starts at byte {@code start}
     * (below the element's size): element i of the view is bytes {@code start + i * size} on.
     */
    private Buffer view(ByteBuffer bb, BaseType base, int start) {
        for (int s = 0; s < SLOTS; s++) {
            if (buffers[s] == bb && bases[s] == base && starts[s] == start) {
                return views[s];
            }
        }
        ByteBuffer whole = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        whole.limit(whole.capacity()).position(start);
        Buffer v = switch (base) {
            case CHAR -> whole.asCharBuffer();
            case SHORT -> whole.asShortBuffer();
            case INT -> whole.asIntBuffer();
            case LONG -> whole.asLongBuffer();
            case FLOAT -> whole.asFloatBuffer();
            case DOUBLE -> whole.asDoubleBuffer();
            default -> throw new IllegalArgumentException(base.name());
        };
        int s = next;
        next = (next + 1) % SLOTS;
        buffers[s] = bb;
        bases[s] = base;
        starts[s] = start;
        views[s] = v;
        return v;
    }
}
