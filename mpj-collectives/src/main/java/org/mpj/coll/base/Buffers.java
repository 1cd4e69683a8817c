package org.mpj.coll.base;

import java.lang.reflect.Array;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/** Temporary buffers and local copies of the collective algorithms. */
public final class Buffers {
    /** One contiguous primitive layout per base type, for packed temporary blocks. */
    private static final TypeMap[] PACKED = new TypeMap[BaseType.values().length];

    static {
        for (BaseType b : BaseType.values()) {
            PACKED[b.ordinal()] = TypeMap.primitive(b, null);
        }
    }

    private Buffers() {
    }

    /** Elements of the base type, one after the other: the layout of packed temporary blocks. */
    public static TypeMap packed(BaseType base) {
        return PACKED[base.ordinal()];
    }

    /**
     * Array elements that {@code count} items of {@code type} span from the first item's start, holes
     * included: up to the end of the last item's last run (a Vector's item ends past its size).
     */
    public static int span(int count, TypeMap type) {
        return Math.toIntExact(type.endElement(0, count));
    }

    /** A new array of {@code elements} elements of {@code base}: {@code int[]} for INT, {@code Object[]} for OBJECT. */
    public static Object allocate(BaseType base, int elements) {
        return Array.newInstance(base.arrayClass().getComponentType(), elements);
    }

    /** A new array laid out like {@code count} items of {@code type}, so operators can combine into it. */
    public static Object allocateItems(int count, TypeMap type) {
        return allocate(type.base, span(count, type));
    }

    /** The displacement of rank {@code r}'s block; a null array means 0, as the facade checks it. */
    public static int displ(int[] displs, int r) {
        return displs == null ? 0 : displs[r];
    }

    /**
     * Copies a rank's own block from its send buffer into its receive buffer, as a message to itself
     * would, failing as a receive would if the block has no room for the data.
     */
    public static void copyOwn(String call, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        long sent = (long) sendcount * sendtype.size, room = (long) recvcount * recvtype.size;
        if (sent > room) {
            throw new MpjException(ErrorClass.ERR_TRUNCATE, call + ": this rank's own block has " + sendcount
                    + " x " + sendtype.describe() + " to send; its receive block has room for " + recvcount + " x "
                    + recvtype.describe());
        }
        Copier.copy(sendbuf, sendoffset, sendtype, recvbuf, recvoffset, recvtype, (int) sent);
    }
}
