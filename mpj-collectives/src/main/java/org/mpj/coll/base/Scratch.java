package org.mpj.coll.base;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * Temporary arrays of the algorithms, kept per thread (a rank's collectives run on its own thread)
 * and reused from call to call, so a reduction of a vector allocates nothing once its buffers have
 * grown to the vector's size. No lock: each thread sees only its own arrays.
 *
 * <p>An algorithm uses {@link #WORK} and {@link #TEMP} for its own buffers; a composition that
 * keeps an intermediate result while it calls other algorithms keeps it in {@link #RESULT}, which
 * no single algorithm touches; {@link #SEND} holds the send data of an in-place reduction, set apart
 * before any algorithm runs (a rank's send data is read by others only until its call returns). {@code MPI.OBJECT} arrays are never kept (they would hold on to the
 * user's objects), nor arrays over {@link #MAX_KEPT_BYTES}.
 */
public final class Scratch {
    public static final int WORK = 0;
    public static final int TEMP = 1;
    public static final int RESULT = 2;
    public static final int SEND = 3;
    private static final int SLOTS = 4;
    /** Larger arrays are allocated per call: a 4 MiB vector costs far more to move than to allocate. */
    public static final long MAX_KEPT_BYTES = 4L << 20;
    private static final ThreadLocal<KeptArrays> KEPT =
            ThreadLocal.withInitial(() -> new KeptArrays(SLOTS, MAX_KEPT_BYTES));

    private Scratch() {
    }

    /** An array of at least {@code elements} elements of {@code base}; its contents are undefined. */
    public static Object get(int slot, BaseType base, int elements) {
        return KEPT.get().get(slot, base, elements);
    }

    /** Room for {@code count} items laid out like {@code type}, so that operators can combine into it. */
    public static Object items(int slot, int count, TypeMap type) {
        return KEPT.get().items(slot, count, type);
    }
}
