package org.mpj.core.match;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Typed buffers for messages that arrive before their receive, in size classes that double from
 * {@link #SMALL_BYTES} to eagerLimitBytes, so that a message takes a buffer at most twice its size.
 * With only a small class and one of eagerLimitBytes, a sender that ran more than {@link #MAX_FREE}
 * messages ahead of its receiver allocated 16 KiB for each 1 KiB message, and the collector then
 * copied the backlog: a 2-rank stream of 1 KiB sends took 3.2 us per message, of 256 B ones 0.27.
 * Used only under the owning matching engine's lock. Grows when empty; keeps at most
 * {@link #MAX_FREE} free buffers per class and type.
 */
final class EagerPool {
    static final int MAX_FREE = 64;
    static final int SMALL_BYTES = 256;
    private static final int TYPES = BaseType.values().length;

    /** Size classes per type: SMALL_BYTES << k for k below classes - 1, then eagerLimitBytes. */
    private final int classes;
    private final Object[][] free;
    private final int[] freeCount;
    /** Elements of a buffer of class k of type t, at [t * classes + k]. */
    private final int[] capacity;
    private final TypeMap[] layouts = new TypeMap[TYPES];

    EagerPool(int eagerLimitBytes) {
        int limit = Math.max(SMALL_BYTES, eagerLimitBytes);
        int k = 1;
        while ((long) SMALL_BYTES << (k - 1) < limit) {
            k++;
        }
        classes = k;
        free = new Object[TYPES * classes][MAX_FREE];
        freeCount = new int[TYPES * classes];
        capacity = new int[TYPES * classes];
        for (BaseType b : BaseType.values()) {
            int size = Math.max(1, b.byteSize());
            layouts[b.ordinal()] = TypeMap.primitive(b, null);
            for (int c = 0; c < classes; c++) {
                long bytes = c == classes - 1 ? limit : (long) SMALL_BYTES << c;
                capacity[b.ordinal() * classes + c] = (int) Math.max(1, bytes / size);
            }
        }
    }

    /** The first class of {@code base} whose buffers hold {@code elements}; the last if none does. */
    private int classOf(BaseType base, int elements) {
        int first = base.ordinal() * classes, c = first;
        while (c < first + classes - 1 && capacity[c] < elements) {
            c++;
        }
        return c;
    }

    /** A buffer of {@code base} with room for at least {@code elements} (at most eagerLimitBytes of them). */
    Object take(BaseType base, int elements) {
        int c = classOf(base, elements);
        int n = freeCount[c];
        if (n > 0) {
            freeCount[c] = n - 1;
            Object buf = free[c][n - 1];
            free[c][n - 1] = null;
            return buf;
        }
        return java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), capacity[c]);
    }

    /** Returns a buffer that {@link #take} gave out. */
    void give(BaseType base, Object buf) {
        int c = classOf(base, java.lang.reflect.Array.getLength(buf));
        if (freeCount[c] < MAX_FREE) {
            free[c][freeCount[c]++] = buf;
        }
    }

    TypeMap layout(BaseType base) {
        return layouts[base.ordinal()];
    }
}
