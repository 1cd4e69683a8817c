package org.mpj.tests.p2p;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import mpi.Datatype;
import mpi.MPI;

/**
 * Test data for every mpiJava base type: arrays whose element i is a function of (seed, i), so a
 * receiver knows what it must find, and checks that name rank, index, value and expected value. Loaded
 * by each rank's own class loader, so {@link #type()} is the rank's own {@code MPI.INT}, and
 * {@link Particle} is the rank's own class.
 */
public enum Payload {
    BYTE(1), CHAR(2), SHORT(2), BOOLEAN(1), INT(4), LONG(8), FLOAT(4), DOUBLE(8), OBJECT(0);

    /** MPJ's default eager limit (Config.DEFAULT_EAGER_LIMIT_BYTES): a test constant, to be explicit. */
    public static final int DEFAULT_EAGER_LIMIT_BYTES = 16 * 1024;
    /** Seed of the values a receive buffer is filled with before a receive, to see what it overwrote. */
    public static final long SENTINEL_SEED = -1;

    /** Bytes per element; 0 for OBJECT, whose size is known only once serialized. */
    public final int byteSize;

    Payload(int byteSize) {
        this.byteSize = byteSize;
    }

    /** The rank's own datatype object for this base type. */
    public Datatype type() {
        return switch (this) {
            case BYTE -> MPI.BYTE;
            case CHAR -> MPI.CHAR;
            case SHORT -> MPI.SHORT;
            case BOOLEAN -> MPI.BOOLEAN;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
            case OBJECT -> MPI.OBJECT;
        };
    }

    /** Elements that make exactly {@code bytes} bytes (the eager limit, in this type's elements). */
    public int elementsIn(int bytes) {
        return bytes / byteSize;
    }

    public Object alloc(int length) {
        return switch (this) {
            case BYTE -> new byte[length];
            case CHAR -> new char[length];
            case SHORT -> new short[length];
            case BOOLEAN -> new boolean[length];
            case INT -> new int[length];
            case LONG -> new long[length];
            case FLOAT -> new float[length];
            case DOUBLE -> new double[length];
            case OBJECT -> new Object[length];
        };
    }

    /** A well-mixed 64-bit value for (seed, i): splitmix64 of both. */
    public static long mix(long seed, long i) {
        long z = seed * 0x9E3779B97F4A7C15L + (i + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The value element i of a buffer made with {@code seed} holds. */
    public Object value(long seed, int i) {
        long v = mix(seed, i);
        return switch (this) {
            case BYTE -> (byte) v;
            case CHAR -> (char) v;
            case SHORT -> (short) v;
            case BOOLEAN -> (v & 1) == 1;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> (float) (int) v;
            case DOUBLE -> (double) v;
            case OBJECT -> objectValue(seed, i, v);
        };
    }

    /** MPI.OBJECT elements: the test's own Serializable class, JDK types and null, in turn. */
    private static Object objectValue(long seed, int i, long v) {
        return switch (i % 4) {
            case 0 -> new Particle(i, Double.longBitsToDouble(v >>> 2), "p" + seed + "/" + i);
            case 1 -> "s" + v;
            case 2 -> new int[] {i, (int) v};
            default -> i % 8 == 3 ? null : Long.valueOf(v);
        };
    }

    /** Writes {@code count} values of {@code seed} at {@code offset}. */
    public void fill(Object buf, int offset, int count, long seed) {
        switch (this) {
            case BYTE -> { byte[] a = (byte[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (byte) mix(seed, i); }
            case CHAR -> { char[] a = (char[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (char) mix(seed, i); }
            case SHORT -> { short[] a = (short[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (short) mix(seed, i); }
            case BOOLEAN -> { boolean[] a = (boolean[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (mix(seed, i) & 1) == 1; }
            case INT -> { int[] a = (int[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (int) mix(seed, i); }
            case LONG -> { long[] a = (long[]) buf; for (int i = 0; i < count; i++) a[offset + i] = mix(seed, i); }
            case FLOAT -> { float[] a = (float[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (float) (int) mix(seed, i); }
            case DOUBLE -> { double[] a = (double[]) buf; for (int i = 0; i < count; i++) a[offset + i] = (double) mix(seed, i); }
            case OBJECT -> { Object[] a = (Object[]) buf; for (int i = 0; i < count; i++) a[offset + i] = value(seed, i); }
        }
    }

    /** A buffer of {@code length} elements holding the sentinel pattern everywhere. */
    public Object sentinelBuffer(int length) {
        Object b = alloc(length);
        fill(b, 0, length, SENTINEL_SEED);
        return b;
    }

    /**
     * Checks that {@code buf[offset .. offset+count)} holds the values of {@code seed} and that every
     * other element still holds the sentinel; the error names {@code where}, the index, value and
     * expected value.
     */
    public void verify(Object buf, int offset, int count, long seed, String where) {
        int length = java.lang.reflect.Array.getLength(buf);
        for (int i = 0; i < length; i++) {
            boolean inside = i >= offset && i < offset + count;
            Object expected = inside ? value(seed, i - offset) : value(SENTINEL_SEED, i);
            Object actual = java.lang.reflect.Array.get(buf, i);
            if (!same(expected, actual)) {
                throw new AssertionError(where + ": " + name() + " element " + i + " (offset " + offset + ", count "
                        + count + ") is " + show(actual) + ", expected " + show(expected)
                        + (inside ? "" : " (outside the message: must be untouched)"));
            }
        }
    }

    /** Fast check of {@code count} values of {@code seed} at {@code offset}, for large byte arrays. */
    public static void verifyBytes(byte[] a, int offset, int count, long seed, String where) {
        for (int i = 0; i < count; i++) {
            byte e = (byte) mix(seed, i);
            if (a[offset + i] != e) {
                throw new AssertionError(where + ": byte " + (offset + i) + " is " + a[offset + i] + ", expected " + e);
            }
        }
    }

    private boolean same(Object expected, Object actual) {
        if (this != OBJECT) {
            return expected.equals(actual);
        }
        if (expected instanceof Particle) {
            if (actual != null && actual.getClass().getName().equals(Particle.class.getName())
                    && actual.getClass() != Particle.class) {
                throw new AssertionError("received a " + Particle.class.getName() + " of class loader "
                        + actual.getClass().getClassLoader() + ", not the receiver's own (" + Particle.class.getClassLoader() + ")");
            }
            return expected.equals(actual);
        }
        if (expected instanceof int[] e) {
            return actual instanceof int[] a && Arrays.equals(e, a);
        }
        return Objects.equals(expected, actual);
    }

    private static String show(Object o) {
        return o instanceof int[] a ? Arrays.toString(a) : String.valueOf(o);
    }

    /** A user class of the test: it must arrive as the receiving rank's own class, not the sender's. */
    public static final class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        final int id;
        final double x;
        final String label;

        Particle(int id, double x, String label) {
            this.id = id;
            this.x = x;
            this.label = label;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Particle p && p.id == id && Double.compare(p.x, x) == 0 && p.label.equals(label);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, x, label);
        }

        @Override
        public String toString() {
            return "Particle(" + id + ", " + x + ", " + label + ")";
        }
    }
}
