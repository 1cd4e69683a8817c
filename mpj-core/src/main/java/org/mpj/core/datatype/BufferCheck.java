package org.mpj.core.datatype;

import java.lang.reflect.Array;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/** Checks (buffer, offset, count, datatype) before any data moves; builds a message only on failure. */
public final class BufferCheck {
    private BufferCheck() {
    }

    /**
     * Whether the arguments pass {@link #elements}'s checks, building nothing: callers whose message
     * names more than the call (a collective's "recvbuf, 4 items for each of 8 ranks") test this
     * first and build their message only for {@link #elements} to throw with. Built on every call,
     * the message cost an allocation and the formatting of its numbers, and a count of one more digit
     * than before (9 to 10 items) threw away the compiled collective (a branch of Integer.toString
     * never taken before), which thread ranks then ran interpreted for 10 000 calls.
     */
    public static boolean fits(Object buf, int offset, int count, TypeMap type) {
        if (type == null || count < 0) {
            return false;
        }
        if (buf == null) {
            return count == 0;
        }
        return (type.size == 0 ? buf.getClass().isArray() : type.base.accepts(buf)) && offset >= 0
                && type.firstElement(offset, count) >= 0
                && type.endElement(offset, count) <= Array.getLength(buf) && (long) count * type.size <= Integer.MAX_VALUE;
    }

    /** Checks the arguments of {@code call} and returns the number of base elements they describe. */
    public static int elements(String call, Object buf, int offset, int count, TypeMap type) {
        if (fits(buf, offset, count, type)) {
            return count * type.size;
        }
        if (type == null) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": the datatype is null");
        }
        if (count < 0) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": count " + count + " is negative");
        }
        if (buf == null) {
            if (count == 0) {
                return 0;
            }
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": the buffer is null (count " + count + ")");
        }
        if (!buf.getClass().isArray()) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": the buffer is a " + buf.getClass().getName()
                    + ", not an array");
        }
        // A type that carries no data (an empty Struct, a zero-length Vector) touches no element of
        // any array, so its base type says nothing about the buffer's (IBM/mpiJava test zero1).
        if (type.size > 0 && !type.base.accepts(buf)) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": a " + BaseType.describe(buf) + " cannot hold "
                    + type.base.mpiName() + " data (expected " + type.base.javaArrayName() + ")");
        }
        if (offset < 0) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": offset " + offset + " is negative");
        }
        int length = Array.getLength(buf);
        if (type.firstElement(offset, count) < 0) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": offset " + offset + " with " + type.describe()
                    + " reaches before the start of a " + BaseType.describe(buf));
        }
        if (type.endElement(offset, count) > length) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": offset " + offset + " + count " + count
                    + (type.isContiguous() && type.size == 1 ? "" : " x " + type.describe())
                    + " runs past the end of a " + BaseType.describe(buf));
        }
        long elements = (long) count * type.size;
        if (elements > Integer.MAX_VALUE) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": count " + count + " x " + type.size
                    + " elements exceeds 2^31-1");
        }
        return (int) elements;
    }
}
