package org.mpj.core.match;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Typed buffers of eagerLimitBytes each, for messages that arrive before their receive. Used only
 * under the owning matching engine's lock. Grows when empty; keeps at most {@link #MAX_FREE}
 * buffers of each type so a burst does not pin memory forever.
 */
final class EagerPool {
    static final int MAX_FREE = 64;
    private final int eagerLimitBytes;
    private final Object[][] free = new Object[BaseType.values().length][MAX_FREE];
    private final int[] freeCount = new int[BaseType.values().length];
    private final TypeMap[] layouts = new TypeMap[BaseType.values().length];

    EagerPool(int eagerLimitBytes) {
        this.eagerLimitBytes = eagerLimitBytes;
        for (BaseType b : BaseType.values()) {
            layouts[b.ordinal()] = TypeMap.primitive(b, null);
        }
    }

    Object take(BaseType base) {
        int i = base.ordinal();
        int n = freeCount[i];
        if (n > 0) {
            freeCount[i] = n - 1;
            Object buf = free[i][n - 1];
            free[i][n - 1] = null;
            return buf;
        }
        int elements = Math.max(1, eagerLimitBytes / Math.max(1, base.byteSize()));
        return java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), elements);
    }

    void give(BaseType base, Object buf) {
        int i = base.ordinal();
        if (freeCount[i] < MAX_FREE) {
            free[i][freeCount[i]++] = buf;
        }
    }

    TypeMap layout(BaseType base) {
        return layouts[base.ordinal()];
    }
}
