package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypedBytes;

/**
 * Moves elements between a typed Java array and a {@link ByteBuf}, little-endian (the payload order
 * of {@link Frame}). Bytes move with one bulk copy; other types with one bulk copy through a typed
 * view of the buffer's memory (the device's own buffers keep theirs, {@link TypedViews}), whatever
 * their count (element by element only where the buffer is not one piece of memory). Short runs
 * went element by element until the view repaid its object
 * (64 elements), a second path that a program's JIT met only at that size: MpiJavaBench's first
 * sweep of Allreduce on 4 tcp JVMs took 125-137 us a call at 512 B against 51-61 with the one path,
 * 2 KiB 88-107 against 47-64, while a warm 8-byte Allreduce stayed level (38.7-39.7 us against
 * 38.5-43.5 in five alternating rounds).
 */
final class WireCopy {
    private WireCopy() {
    }

    /** Appends {@code n} elements of {@code array} from index {@code from} at the writer index of {@code out}. */
    static void write(ByteBuf out, Object array, int from, int n, BaseType base) {
        int bytes = n * Math.max(1, base.byteSize());
        switch (base) {
            case BYTE, PACKED, OBJECT -> out.writeBytes((byte[]) array, from, n);
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < n; i++) {
                    out.writeByte(a[from + i] ? 1 : 0);
                }
            }
            default -> {
                if (out.nioBufferCount() == 1) {
                    out.ensureWritable(bytes);
                    ByteBuffer bb = out.internalNioBuffer(out.writerIndex(), bytes);
                    TypedBytes.put(TypedViews.of(out, bb, base), TypedViews.index(bb, base), array, from, n, base);
                    out.writerIndex(out.writerIndex() + bytes);
                } else {
                    putEach(out, array, from, n, base);
                }
            }
        }
    }

    /** Copies {@code n} elements from {@code in} at {@code index} into {@code array} from index {@code to}. */
    static void read(ByteBuf in, int index, Object array, int to, int n, BaseType base) {
        switch (base) {
            case BYTE, PACKED, OBJECT -> {
                if (in.nioBufferCount() == 1) {
                    // getBytes into an array duplicates the buffer's ByteBuffer on each call (an object
                    // C1's code allocates, where the path runs in C1); the internal one is reused
                    in.internalNioBuffer(index, n).get((byte[]) array, to, n);
                } else {
                    in.getBytes(index, (byte[]) array, to, n);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < n; i++) {
                    a[to + i] = in.getByte(index + i) != 0;
                }
            }
            default -> {
                if (in.nioBufferCount() == 1) {
                    ByteBuffer bb = in.internalNioBuffer(index, n * base.byteSize());
                    TypedBytes.get(TypedViews.of(in, bb, base), TypedViews.index(bb, base), array, to, n, base);
                } else {
                    getEach(in, index, array, to, n, base);
                }
            }
        }
    }

    /** The bits of element {@code index} of {@code array}, its wire bytes from the lowest (little-endian). */
    static long elementBits(Object array, int index, BaseType base) {
        return switch (base) {
            case BYTE, PACKED, OBJECT -> ((byte[]) array)[index];
            case CHAR -> ((char[]) array)[index];
            case SHORT -> ((short[]) array)[index];
            case INT -> ((int[]) array)[index];
            case LONG -> ((long[]) array)[index];
            case FLOAT -> Float.floatToRawIntBits(((float[]) array)[index]);
            case DOUBLE -> Double.doubleToRawLongBits(((double[]) array)[index]);
            case BOOLEAN -> ((boolean[]) array)[index] ? 1 : 0;
        };
    }

    /** Appends wire bytes {@code from} to {@code to - 1} of an element whose bits are {@code bits}. */
    static void writeElementBytes(ByteBuf out, long bits, int from, int to) {
        for (int i = from; i < to; i++) {
            out.writeByte((int) (bits >>> (8 * i)));
        }
    }

    private static void putEach(ByteBuf out, Object a, int from, int n, BaseType base) {
        switch (base) {
            case CHAR -> {
                char[] c = (char[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeShortLE(c[from + i]);
                }
            }
            case SHORT -> {
                short[] s = (short[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeShortLE(s[from + i]);
                }
            }
            case INT -> {
                int[] x = (int[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeIntLE(x[from + i]);
                }
            }
            case LONG -> {
                long[] x = (long[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeLongLE(x[from + i]);
                }
            }
            case FLOAT -> {
                float[] x = (float[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeIntLE(Float.floatToRawIntBits(x[from + i]));
                }
            }
            case DOUBLE -> {
                double[] x = (double[]) a;
                for (int i = 0; i < n; i++) {
                    out.writeLongLE(Double.doubleToRawLongBits(x[from + i]));
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
    }

    private static void getEach(ByteBuf in, int index, Object a, int to, int n, BaseType base) {
        switch (base) {
            case CHAR -> {
                char[] c = (char[]) a;
                for (int i = 0; i < n; i++) {
                    c[to + i] = (char) in.getShortLE(index + 2 * i);
                }
            }
            case SHORT -> {
                short[] s = (short[]) a;
                for (int i = 0; i < n; i++) {
                    s[to + i] = in.getShortLE(index + 2 * i);
                }
            }
            case INT -> {
                int[] x = (int[]) a;
                for (int i = 0; i < n; i++) {
                    x[to + i] = in.getIntLE(index + 4 * i);
                }
            }
            case LONG -> {
                long[] x = (long[]) a;
                for (int i = 0; i < n; i++) {
                    x[to + i] = in.getLongLE(index + 8 * i);
                }
            }
            case FLOAT -> {
                float[] x = (float[]) a;
                for (int i = 0; i < n; i++) {
                    x[to + i] = Float.intBitsToFloat(in.getIntLE(index + 4 * i));
                }
            }
            case DOUBLE -> {
                double[] x = (double[]) a;
                for (int i = 0; i < n; i++) {
                    x[to + i] = Double.longBitsToDouble(in.getLongLE(index + 8 * i));
                }
            }
            default -> throw new IllegalStateException(base.name());
        }
    }
}
