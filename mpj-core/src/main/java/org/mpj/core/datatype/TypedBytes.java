package org.mpj.core.datatype;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

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
            }
            default -> {
                put(view(bb, base), 0, array, from, n, base);
                bb.position(bb.position() + n * base.byteSize());
            }
        }
    }

    /**
     * Writes {@code n} elements of {@code array} from index {@code from} into a typed view of an element
     * type of more than a byte (as {@link #view} makes), from its element {@code at}: one bulk copy.
     */
    public static void put(Buffer view, int at, Object array, int from, int n, BaseType base) {
        switch (base) {
            case CHAR -> ((CharBuffer) view).put(at, (char[]) array, from, n);
            case SHORT -> ((ShortBuffer) view).put(at, (short[]) array, from, n);
            case INT -> ((IntBuffer) view).put(at, (int[]) array, from, n);
            case LONG -> ((LongBuffer) view).put(at, (long[]) array, from, n);
            case FLOAT -> ((FloatBuffer) view).put(at, (float[]) array, from, n);
            case DOUBLE -> ((DoubleBuffer) view).put(at, (double[]) array, from, n);
            default -> throw new IllegalArgumentException(base.name());
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
            }
            default -> {
                get(view(bb, base), 0, array, to, n, base);
                bb.position(bb.position() + n * base.byteSize());
            }
        }
    }

    /** The inverse of {@link #put(Buffer, int, Object, int, int, BaseType)}. */
    public static void get(Buffer view, int at, Object array, int to, int n, BaseType base) {
        switch (base) {
            case CHAR -> ((CharBuffer) view).get(at, (char[]) array, to, n);
            case SHORT -> ((ShortBuffer) view).get(at, (short[]) array, to, n);
            case INT -> ((IntBuffer) view).get(at, (int[]) array, to, n);
            case LONG -> ((LongBuffer) view).get(at, (long[]) array, to, n);
            case FLOAT -> ((FloatBuffer) view).get(at, (float[]) array, to, n);
            case DOUBLE -> ((DoubleBuffer) view).get(at, (double[]) array, to, n);
            default -> throw new IllegalArgumentException(base.name());
        }
    }

    /** Runs of at least this many elements move through a typed view; shorter ones element by element (break-even near 64). */
    private static final int BULK_ELEMENTS = 64;

    /**
     * Writes {@code runs} runs of {@code len} elements at {@code bb}'s position, run k from index
     * {@code from + k * stride} of {@code array}: a strided layout gathered by one loop over a typed
     * view of the buffer (one view per call; a typed view's indexed access costs a quarter of the
     * byte buffer's {@code putDouble(index, v)}), while runs of {@link #BULK_ELEMENTS} or more take
     * one bulk copy each.
     */
    public static void putRuns(ByteBuffer bb, Object array, int from, int stride, int len, int runs, BaseType base) {
        if (base.byteSize() <= 1) {
            for (int k = 0; k < runs; k++) {
                put(bb, array, from + k * stride, len, base);
            }
            return;
        }
        int n = putRuns(view(bb, base), 0, array, from, stride, len, runs, base);
        bb.position(bb.position() + n * base.byteSize());
    }

    /** The inverse of {@link #putRuns}: scatters the elements at {@code bb}'s position into the runs. */
    public static void getRuns(ByteBuffer bb, Object array, int to, int stride, int len, int runs, BaseType base) {
        if (base.byteSize() <= 1) {
            for (int k = 0; k < runs; k++) {
                get(bb, array, to + k * stride, len, base);
            }
            return;
        }
        int n = getRuns(view(bb, base), 0, array, to, stride, len, runs, base);
        bb.position(bb.position() + n * base.byteSize());
    }

    /** A typed view of {@code bb} from its position, in its byte order, for an element type of more than a byte. */
    public static Buffer view(ByteBuffer bb, BaseType base) {
        return switch (base) {
            case CHAR -> bb.asCharBuffer();
            case SHORT -> bb.asShortBuffer();
            case INT -> bb.asIntBuffer();
            case LONG -> bb.asLongBuffer();
            case FLOAT -> bb.asFloatBuffer();
            case DOUBLE -> bb.asDoubleBuffer();
            default -> throw new IllegalArgumentException(base.name());
        };
    }

    /**
     * {@link #putRuns(ByteBuffer, Object, int, int, int, int, BaseType)} into a typed view of the
     * element type of more than a byte (as {@link #view} makes) from its element {@code at}, which a
     * caller may keep from call to call; returns the elements written.
     */
    public static int putRuns(Buffer view, int at, Object array, int from, int stride, int len, int runs, BaseType base) {
        int i = at;
        boolean bulk = len >= BULK_ELEMENTS;
        switch (base) {
            case DOUBLE -> {
                DoubleBuffer v = (DoubleBuffer) view;
                double[] a = (double[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            case LONG -> {
                LongBuffer v = (LongBuffer) view;
                long[] a = (long[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            case INT -> {
                IntBuffer v = (IntBuffer) view;
                int[] a = (int[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            case FLOAT -> {
                FloatBuffer v = (FloatBuffer) view;
                float[] a = (float[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            case SHORT -> {
                ShortBuffer v = (ShortBuffer) view;
                short[] a = (short[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            case CHAR -> {
                CharBuffer v = (CharBuffer) view;
                char[] a = (char[]) array;
                for (int k = 0, s = from; k < runs; k++, s += stride) {
                    if (len == 1) {
                        v.put(i++, a[s]);
                    } else if (bulk) {
                        v.put(i, a, s, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            v.put(i++, a[s + e]);
                        }
                    }
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
        return i - at;
    }

    /** The inverse of {@link #putRuns(Buffer, int, Object, int, int, int, int, BaseType)}. */
    public static int getRuns(Buffer view, int at, Object array, int to, int stride, int len, int runs, BaseType base) {
        int i = at;
        boolean bulk = len >= BULK_ELEMENTS;
        switch (base) {
            case DOUBLE -> {
                DoubleBuffer v = (DoubleBuffer) view;
                double[] a = (double[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            case LONG -> {
                LongBuffer v = (LongBuffer) view;
                long[] a = (long[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            case INT -> {
                IntBuffer v = (IntBuffer) view;
                int[] a = (int[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            case FLOAT -> {
                FloatBuffer v = (FloatBuffer) view;
                float[] a = (float[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            case SHORT -> {
                ShortBuffer v = (ShortBuffer) view;
                short[] a = (short[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            case CHAR -> {
                CharBuffer v = (CharBuffer) view;
                char[] a = (char[]) array;
                for (int k = 0, d = to; k < runs; k++, d += stride) {
                    if (len == 1) {
                        a[d] = v.get(i++);
                    } else if (bulk) {
                        v.get(i, a, d, len);
                        i += len;
                    } else {
                        for (int e = 0; e < len; e++) {
                            a[d + e] = v.get(i++);
                        }
                    }
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
        return i - at;
    }
}
