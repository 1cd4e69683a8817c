package org.mpj.coll.base;

import java.lang.reflect.Array;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Temporary arrays kept from call to call, one per (slot, base type), grown to the largest size
 * asked for up to a bound: an algorithm that asks for the same sizes each call allocates nothing
 * once they have grown. Arrays over the bound are allocated per call and never kept (moving a large
 * vector costs far more than allocating it), nor are {@code MPI.OBJECT} arrays (they would hold on
 * to the user's objects). No lock: one owner at a time (a thread, or a communicator's collectives,
 * which run one at a time).
 */
public final class KeptArrays {
    private static final int BASES = BaseType.values().length;

    private final Object[] kept;
    private final long maxKeptBytes;

    public KeptArrays(int slots, long maxKeptBytes) {
        this.kept = new Object[slots * BASES];
        this.maxKeptBytes = maxKeptBytes;
    }

    /** An array of at least {@code elements} elements of {@code base}; its contents are undefined. */
    public Object get(int slot, BaseType base, int elements) {
        if (base == BaseType.OBJECT || (long) elements * base.byteSize() > maxKeptBytes) {
            return Buffers.allocate(base, elements);
        }
        int i = slot * BASES + base.ordinal();
        Object a = kept[i];
        if (a == null || Array.getLength(a) < elements) {
            a = Buffers.allocate(base, elements);
            kept[i] = a;
        }
        return a;
    }

    /** Room for {@code count} items laid out like {@code type}, so that operators can combine into it. */
    public Object items(int slot, int count, TypeMap type) {
        return get(slot, type.base, Buffers.span(count, type));
    }
}
