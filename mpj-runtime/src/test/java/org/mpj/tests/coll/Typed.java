package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.util.Objects;
import mpi.Datatype;
import mpi.MPI;

/**
 * Buffers of any MPI datatype for the collective tests, filled from a function of (rank, index):
 * each element is the conversion of a {@code long} key to the type, so a test writes and checks keys
 * and the expected value of every element is known in closed form. Loaded by each rank's class
 * loader, so {@code MPI} here is the rank's own.
 */
final class Typed {
    /** Keys of padding around the data, which no collective may overwrite. */
    static final long PAD = -3;
    /** What a receive buffer holds before the call. */
    static final long STALE = -5;

    private Typed() {
    }

    /** MPI.INT, ..., MPI.OBJECT, or INT2 (a contiguous pair of ints: a derived type). */
    static Datatype type(String name) {
        switch (name) {
            case "BYTE": return MPI.BYTE;
            case "CHAR": return MPI.CHAR;
            case "SHORT": return MPI.SHORT;
            case "BOOLEAN": return MPI.BOOLEAN;
            case "INT": return MPI.INT;
            case "LONG": return MPI.LONG;
            case "FLOAT": return MPI.FLOAT;
            case "DOUBLE": return MPI.DOUBLE;
            case "OBJECT": case "CELL": return MPI.OBJECT;
            case "INT2": return MPI.INT2;
            case "DOUBLE2": return MPI.DOUBLE2;
            case "INT4": return Datatype.Contiguous(4, MPI.INT);
            default: throw new IllegalArgumentException("no test type " + name);
        }
    }

    /** Array elements per item. */
    static int width(String name) {
        return name.endsWith("4") ? 4 : name.endsWith("2") ? 2 : 1;
    }

    static Class<?> component(String name) {
        switch (name) {
            case "BYTE": return byte.class;
            case "CHAR": return char.class;
            case "SHORT": return short.class;
            case "BOOLEAN": return boolean.class;
            case "INT": case "INT2": case "INT4": return int.class;
            case "LONG": return long.class;
            case "FLOAT": return float.class;
            case "DOUBLE": case "DOUBLE2": return double.class;
            case "OBJECT": return Object.class;
            case "CELL": return Cell.class;
            default: throw new IllegalArgumentException("no test type " + name);
        }
    }

    /** An array of {@code elements} elements, each holding the key {@code fill}. */
    static Object array(String name, int elements, long fill) {
        Object a = Array.newInstance(component(name), elements);
        for (int i = 0; i < elements; i++) {
            put(a, i, fill);
        }
        return a;
    }

    /** The element that {@code key} stands for in an array of {@code component}. */
    static Object value(Class<?> component, long key) {
        if (component == int.class) {
            return (int) key;
        } else if (component == long.class) {
            return key;
        } else if (component == double.class) {
            return (double) (key % 1_000_000_007L);
        } else if (component == float.class) {
            return (float) (key % 1_000_003L);
        } else if (component == byte.class) {
            return (byte) key;
        } else if (component == char.class) {
            return (char) key;
        } else if (component == short.class) {
            return (short) key;
        } else if (component == boolean.class) {
            return (key & 1) != 0;
        }
        if (component == Cell.class) {
            return new Cell(key);
        }
        return "o" + key;
    }

    /**
     * A mutable MPI.OBJECT element: a user operator may combine into it in place, so a collective
     * that copied references where MPI copies values would let the operator change the send buffer.
     */
    static final class Cell implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        long v;

        Cell(long v) {
            this.v = v;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Cell && ((Cell) o).v == v;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(v);
        }

        @Override
        public String toString() {
            return "Cell(" + v + ")";
        }
    }

    static void put(Object a, int i, long key) {
        Array.set(a, i, value(a.getClass().getComponentType(), key));
    }

    /** Fails with rank, what, index, value and expected value unless element {@code i} holds {@code key}. */
    static void expect(Object a, int i, long key, String what) {
        Object want = value(a.getClass().getComponentType(), key);
        Object got = Array.get(a, i);
        if (!Objects.equals(want, got)) {
            fail("rank " + MPI.COMM_WORLD.Rank() + ": " + what + ", element " + i + ": got " + got + ", expected "
                    + want + " (key " + key + ")");
        }
    }

    /** An array holding {@code keys}. */
    static Object array(String name, long[] keys) {
        Object a = Array.newInstance(component(name), keys.length);
        for (int i = 0; i < keys.length; i++) {
            put(a, i, keys[i]);
        }
        return a;
    }

    /** Keys of a buffer: {@code PAD} everywhere, {@code STALE} in [from, to). */
    static long[] keys(int length, int from, int to) {
        long[] k = new long[length];
        java.util.Arrays.fill(k, PAD);
        java.util.Arrays.fill(k, from, to, STALE);
        return k;
    }

    /** Fails at the first element of {@code a} that does not hold its key in {@code want}. */
    static void expectAll(Object a, long[] want, String what) {
        for (int i = 0; i < want.length; i++) {
            expect(a, i, want[i], what);
        }
    }
}
