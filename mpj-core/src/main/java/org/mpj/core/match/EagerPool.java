package org.mpj.core.match;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Typed buffers for messages that arrive before their receive, in two size classes: small ones of
 * {@link #SMALL_BYTES} (most unexpected messages are tiny; a burst of them must not take
 * eagerLimitBytes each) and large ones of eagerLimitBytes. Used only under the owning matching
 * engine's lock. Grows when empty; keeps at most {@link #MAX_FREE} free buffers per class and type.
 */
final class EagerPool {
    static final int MAX_FREE = 64;
    static final int SMALL_BYTES = 256;
    private static final int TYPES = BaseType.values().length;

    private final Object[][] free = new Object[2 * TYPES][MAX_FREE];
    private final int[] freeCount = new int[2 * TYPES];
    private final int[] capacity = new int[2 * TYPES];
    private final TypeMap[] layouts = new TypeMap[TYPES];

    EagerPool(int eagerLimitBytes) {
        for (BaseType b : BaseType.values()) {
            int size = Math.max(1, b.byteSize());
            layouts[b.ordinal()] = TypeMap.primitive(b, null);
            capacity[2 * b.ordinal()] = Math.max(1, Math.min(SMALL_BYTES, eagerLimitBytes) / size);
            capacity[2 * b.ordinal() + 1] = Math.max(1, eagerLimitBytes / size);
        }
    }

    /** A buffer of {@code base} with room for at least {@code elements}. */
    Object take(BaseType base, int elements) {
        int c = 2 * base.ordinal() + (elements <= capacity[2 * base.ordinal()] ? 0 : 1);
        int n = freeCount[c];
        if (n > 0) {
            freeCount[c] = n - 1;
            Object buf = free[c][n - 1];
            free[c][n - 1] = null;
            return buf;
        }
        return java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), capacity[c]);
    }

    void give(BaseType base, Object buf) {
        int small = 2 * base.ordinal();
        int c = java.lang.reflect.Array.getLength(buf) == capacity[small] ? small : small + 1;
        if (freeCount[c] < MAX_FREE) {
            free[c][freeCount[c]++] = buf;
        }
    }

    TypeMap layout(BaseType base) {
        return layouts[base.ordinal()];
    }
}
