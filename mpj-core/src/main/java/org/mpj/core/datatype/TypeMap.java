package org.mpj.core.datatype;

import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The engine's description of an MPI datatype: items of {@code size} consecutive elements of one
 * {@link BaseType}, one item every {@code extent} elements. A primitive type has size = extent = 1.
 * Each {@code mpi.Datatype} owns its TypeMap; {@link #handle} points back to it so that user
 * operators receive the datatype object of their own rank.
 */
public final class TypeMap {
    public final BaseType base;
    /** Elements of the base type per item. */
    public final int size;
    /** Distance between consecutive items, in elements. */
    public final int extent;
    /** The facade object of this type (an {@code mpi.Datatype}), opaque to the engine. */
    public final Object handle;

    private TypeMap(BaseType base, int size, int extent, Object handle) {
        this.base = base;
        this.size = size;
        this.extent = extent;
        this.handle = handle;
    }

    public static TypeMap primitive(BaseType base, Object handle) {
        return new TypeMap(base, 1, 1, handle);
    }

    /** {@code count} items of a contiguous type, back to back. */
    public static TypeMap contiguous(int count, TypeMap old, Object handle) {
        if (count < 0) {
            throw new MpjException(ErrorClass.ERR_COUNT, "Datatype.Contiguous: count " + count + " is negative");
        }
        return new TypeMap(old.base, Math.multiplyExact(count, old.size), Math.multiplyExact(count, old.extent), handle);
    }

    /** True when items lie back to back with no holes, so count items are one run of elements. */
    public boolean isContiguous() {
        return size == extent;
    }

    /** Name for messages: {@code MPI.INT} or {@code a derived type of 2 x MPI.INT}. */
    public String describe() {
        return size == 1 && extent == 1 ? base.mpiName() : "a derived type of " + size + " x " + base.mpiName();
    }
}
