package org.mpj.core.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Copier against a reference that moves one element at a time along the type maps: every base type
 * (each has its own loops), layouts with runs of 1, 3, 16 and 40 elements, regular and irregular,
 * gather, scatter, the same layout on both sides (whole items, which take the same-shape loops, and
 * partial ones) and two different ones.
 * Elements outside the destination's layout must keep their value.
 */
@Timeout(30)
class CopierTest {
    static final int COUNT = 3;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (BaseType base : BaseType.values()) {
            TypeMap flat = TypeMap.primitive(base, null);
            TypeMap[] layouts = {
                TypeMap.vector(7, 1, 2, flat, null),
                TypeMap.vector(5, 3, 4, flat, null),
                TypeMap.vector(3, 16, 19, flat, null),
                TypeMap.vector(2, 40, 45, flat, null),
                TypeMap.indexed(new int[] {1, 17, 2, 4}, new int[] {30, 0, 20, 24}, flat, null),
                TypeMap.indexed(new int[] {2, 5, 1, 9, 3, 15}, new int[] {0, 3, 10, 12, 23, 27}, flat, null),
            };
            for (TypeMap a : layouts) {
                out.add(Arguments.of(base, "gather", a, flat));
                out.add(Arguments.of(base, "scatter", flat, a));
                out.add(Arguments.of(base, "same", a, a));
                out.add(Arguments.of(base, "same, whole items", a, a));
                for (TypeMap b : layouts) {
                    if (b != a) {
                        out.add(Arguments.of(base, "two layouts", a, b));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @MethodSource("cases")
    void copiesExactlyWhatTheTypeMapsSay(BaseType base, String kind, TypeMap from, TypeMap to) {
        int elements = kind.endsWith("whole items") ? COUNT * from.size
                : COUNT * Math.min(from.size, to.size) - 1;   // ends inside an item
        int[] src = positions(from, COUNT, elements), dst = positions(to, COUNT, elements);
        Object a = filled(base, span(from), 1000), b = filled(base, span(to), -1);
        Object expected = copyOf(base, b);
        for (int i = 0; i < elements; i++) {
            Array.set(expected, dst[i], Array.get(a, src[i]));
        }
        Copier.copy(a, 0, from, b, 0, to, elements);
        for (int i = 0; i < Array.getLength(b); i++) {
            assertEquals(Array.get(expected, i), Array.get(b, i), kind + " " + base + ": element " + i);
        }
    }

    /** Each rank builds its own copy of a type: equal layouts must be found equal, different ones not. */
    @org.junit.jupiter.api.Test
    void separatelyBuiltLayoutsCompareByShape() {
        TypeMap flat = TypeMap.primitive(BaseType.DOUBLE, null);
        TypeMap column = TypeMap.vector(1000, 1, 2, flat, null);
        assertEquals(true, column.sameShape(TypeMap.vector(1000, 1, 2, flat, null)));
        assertEquals(true, column.sameShape(TypeMap.hvector(1000, 1, 2, flat, null)));
        assertEquals(false, column.sameShape(TypeMap.vector(1000, 1, 3, flat, null)), "another stride");
        assertEquals(false, column.sameShape(TypeMap.vector(999, 1, 2, flat, null)), "another count");
        assertEquals(false, column.sameShape(TypeMap.vector(1000, 2, 2, flat, null)), "another block length");
        int[] ones = new int[1000];
        int[] at = new int[1000];
        for (int i = 0; i < 1000; i++) {
            ones[i] = 1;
            at[i] = 2 * i;
        }
        assertEquals(true, column.sameShape(TypeMap.indexed(ones, at, flat, null)), "the same runs, built as Indexed");
        at[999] = 1999;
        assertEquals(false, column.sameShape(TypeMap.indexed(ones, at, flat, null)), "one run moved");
    }

    /** Element indexes of the first {@code elements} elements of {@code count} items at offset 0, in order. */
    static int[] positions(TypeMap t, int count, int elements) {
        int[] out = new int[elements];
        int n = 0;
        for (int item = 0; item < count && n < elements; item++) {
            for (int k = 0; k < t.runs() && n < elements; k++) {
                for (int j = 0; j < t.runLength(k) && n < elements; j++) {
                    out[n++] = item * t.extent + t.runDispl(k) + j;
                }
            }
        }
        return out;
    }

    static int span(TypeMap t) {
        return (int) t.endElement(0, COUNT);
    }

    static Object filled(BaseType base, int n, int from) {
        Object arr = base == BaseType.OBJECT ? new Object[n] : Array.newInstance(base.arrayClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            int v = from < 0 ? -1 - (i % 7) : from + i;
            Object value = switch (base) {
                case BYTE, PACKED -> (byte) v;
                case CHAR -> (char) (v & 0xffff);
                case SHORT -> (short) v;
                case BOOLEAN -> v % 3 == 0;
                case INT -> v;
                case LONG -> (long) v << 20;
                case FLOAT -> v + 0.5f;
                case DOUBLE -> v + 0.25;
                case OBJECT -> "o" + v;
            };
            Array.set(arr, i, value);
        }
        return arr;
    }

    static Object copyOf(BaseType base, Object arr) {
        int n = Array.getLength(arr);
        Object c = base == BaseType.OBJECT ? new Object[n] : Array.newInstance(base.arrayClass().getComponentType(), n);
        System.arraycopy(arr, 0, c, 0, n);
        return c;
    }
}
