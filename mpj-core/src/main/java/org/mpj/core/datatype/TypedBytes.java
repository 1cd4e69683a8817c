package org.mpj.core.datatype;

import java.nio.ByteBuffer;

/**
 * Bulk moves between a typed Java array and a ByteBuffer in the buffer's byte order, through a typed
 * view: the one conversion that packing (MPI.PACKED) and network devices share. BOOLEAN is one byte
 * (0 or 1). The buffer's position advances by the bytes moved.
 */
public final class TypedBytes {
    private TypedBytes() {
    }

    /** Writes {@code n} elements of {@code array} from index {@code from} at {@code bb}'s position. */
    public static void put(ByteBuffer bb, Object array, int from, int n, BaseType base) {
        switch (base) {
            case BYTE, PACKED, OBJECT -> bb.put((byte[]) array, from, n);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) array;
                for (int k = 0; k < n; k++) {
                    bb.put(b[from + k] ? (byte) 1 : (byte) 0);
                }
                return;
            }
            case CHAR -> bb.asCharBuffer().put((char[]) array, from, n);
            case SHORT -> bb.asShortBuffer().put((short[]) array, from, n);
            case INT -> bb.asIntBuffer().put((int[]) array, from, n);
            case LONG -> bb.asLongBuffer().put((long[]) array, from, n);
            case FLOAT -> bb.asFloatBuffer().put((float[]) array, from, n);
            case DOUBLE -> bb.asDoubleBuffer().put((double[]) array, from, n);
        }
        if (base != BaseType.BYTE && base != BaseType.PACKED && base != BaseType.OBJECT) {
            bb.position(bb.position() + n * base.byteSize());
        }
    }

    /** Reads {@code n} elements at {@code bb}'s position into {@code array} from index {@code to}. */
    public static void get(ByteBuffer bb, Object array, int to, int n, BaseType base) {
        switch (base) {
            case BYTE, PACKED, OBJECT -> bb.get((byte[]) array, to, n);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) array;
                for (int k = 0; k < n; k++) {
                    b[to + k] = bb.get() != 0;
                }
                return;
            }
            case CHAR -> bb.asCharBuffer().get((char[]) array, to, n);
            case SHORT -> bb.asShortBuffer().get((short[]) array, to, n);
            case INT -> bb.asIntBuffer().get((int[]) array, to, n);
            case LONG -> bb.asLongBuffer().get((long[]) array, to, n);
            case FLOAT -> bb.asFloatBuffer().get((float[]) array, to, n);
            case DOUBLE -> bb.asDoubleBuffer().get((double[]) array, to, n);
        }
        if (base != BaseType.BYTE && base != BaseType.PACKED && base != BaseType.OBJECT) {
            bb.position(bb.position() + n * base.byteSize());
        }
    }
}
