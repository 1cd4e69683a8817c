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

    /** Runs of at least this many elements move through a typed view; shorter ones element by element (break-even near 64). */
    public static final int BULK_ELEMENTS = 64;

    /**
     * Writes {@code runs} runs of {@code len} elements at {@code bb}'s position, run k from index
     * {@code from + k * stride} of {@code array}: a strided layout gathered by one typed loop, with no
     * view object per run (runs of {@link #BULK_ELEMENTS} or more still take one bulk view each).
     */
    public static void putRuns(ByteBuffer bb, Object array, int from, int stride, int len, int runs, BaseType base) {
        if (len >= BULK_ELEMENTS || base.byteSize() <= 1) {
            for (int k = 0; k < runs; k++) {
                put(bb, array, from + k * stride, len, base);
            }
            return;
        }
        int p = bb.position();
        switch (base) {
            case DOUBLE -> {
                double[] a = (double[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 8) {
                        bb.putDouble(p, a[s + e]);
                    }
                }
            }
            case LONG -> {
                long[] a = (long[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 8) {
                        bb.putLong(p, a[s + e]);
                    }
                }
            }
            case INT -> {
                int[] a = (int[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 4) {
                        bb.putInt(p, a[s + e]);
                    }
                }
            }
            case FLOAT -> {
                float[] a = (float[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 4) {
                        bb.putFloat(p, a[s + e]);
                    }
                }
            }
            case SHORT -> {
                short[] a = (short[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 2) {
                        bb.putShort(p, a[s + e]);
                    }
                }
            }
            case CHAR -> {
                char[] a = (char[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    for (int e = 0; e < len; e++, p += 2) {
                        bb.putChar(p, a[s + e]);
                    }
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
        bb.position(p);
    }

    /** The inverse of {@link #putRuns}: scatters the elements at {@code bb}'s position into the runs. */
    public static void getRuns(ByteBuffer bb, Object array, int to, int stride, int len, int runs, BaseType base) {
        if (len >= BULK_ELEMENTS || base.byteSize() <= 1) {
            for (int k = 0; k < runs; k++) {
                get(bb, array, to + k * stride, len, base);
            }
            return;
        }
        int p = bb.position();
        switch (base) {
            case DOUBLE -> {
                double[] a = (double[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 8) {
                        a[d + e] = bb.getDouble(p);
                    }
                }
            }
            case LONG -> {
                long[] a = (long[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 8) {
                        a[d + e] = bb.getLong(p);
                    }
                }
            }
            case INT -> {
                int[] a = (int[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 4) {
                        a[d + e] = bb.getInt(p);
                    }
                }
            }
            case FLOAT -> {
                float[] a = (float[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 4) {
                        a[d + e] = bb.getFloat(p);
                    }
                }
            }
            case SHORT -> {
                short[] a = (short[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 2) {
                        a[d + e] = bb.getShort(p);
                    }
                }
            }
            case CHAR -> {
                char[] a = (char[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    for (int e = 0; e < len; e++, p += 2) {
                        a[d + e] = bb.getChar(p);
                    }
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
        bb.position(p);
    }
}
