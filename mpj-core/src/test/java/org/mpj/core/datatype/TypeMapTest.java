package org.mpj.core.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.MpjException;

@Timeout(10)
class TypeMapTest {
    static final TypeMap INT = TypeMap.primitive(BaseType.INT, null);
    static final TypeMap DOUBLE = TypeMap.primitive(BaseType.DOUBLE, null);

    @Test
    void vectorHasRunsExtentAndSize() {
        TypeMap v = TypeMap.vector(3, 2, 4, INT, null);
        assertEquals(6, v.size);
        assertEquals(10, v.extent);
        assertEquals(0, v.lb);
        assertEquals(10, v.ub);
        assertEquals(3, v.runs());
        assertFalse(v.isContiguous());
    }

    @Test
    void vectorWithStrideEqualToBlockIsContiguous() {
        TypeMap v = TypeMap.vector(4, 3, 3, INT, null);
        assertTrue(v.isContiguous());
        assertEquals(1, v.runs());
        assertEquals(12, v.size);
    }

    @Test
    void hvectorStrideIsInElements() {
        TypeMap pair = TypeMap.contiguous(2, DOUBLE, null);
        TypeMap v = TypeMap.vector(2, 1, 3, pair, null);
        TypeMap h = TypeMap.hvector(2, 1, 3, pair, null);
        assertEquals(6 + 2, v.extent);
        assertEquals(3 + 2, h.extent);
    }

    @Test
    void indexedAndHindexedScaleDisplacements() {
        TypeMap pair = TypeMap.contiguous(2, INT, null);
        TypeMap i = TypeMap.indexed(new int[] {1, 2}, new int[] {0, 3}, pair, null);
        assertEquals(6, i.size);
        assertEquals(10, i.ub);
        TypeMap h = TypeMap.hindexed(new int[] {1, 2}, new int[] {0, 3}, pair, null);
        assertEquals(7, h.ub);
        assertEquals(2, h.runs(), "runs (0,2) and (3,4): the two pairs of the second block merge");
    }

    @Test
    void structMarkersSetBounds() {
        TypeMap lb = TypeMap.lowerMarker(null), ub = TypeMap.upperMarker(null);
        TypeMap s = TypeMap.struct(new int[] {1, 2, 1}, new int[] {-2, 1, 9}, new TypeMap[] {lb, INT, ub}, null);
        assertEquals(-2, s.lb);
        assertEquals(9, s.ub);
        assertEquals(11, s.extent);
        assertEquals(2, s.size);
    }

    @Test
    void structRejectsTwoBaseTypes() {
        MpjException e = assertThrows(MpjException.class, () ->
                TypeMap.struct(new int[] {1, 1}, new int[] {0, 1}, new TypeMap[] {INT, DOUBLE}, null));
        assertTrue(e.getMessage().contains("one base type"), e.getMessage());
    }

    @Test
    void negativeCountIsRejected() {
        MpjException e = assertThrows(MpjException.class, () -> TypeMap.vector(-1, 1, 1, INT, null));
        assertTrue(e.getMessage().contains("count -1"), e.getMessage());
    }

    @Test
    void copierMovesStridedIntoContiguousAndBack() {
        TypeMap column = TypeMap.vector(4, 1, 4, DOUBLE, null);
        double[] matrix = new double[16];
        for (int i = 0; i < 16; i++) {
            matrix[i] = i;
        }
        double[] col = new double[4];
        Copier.copy(matrix, 1, column, col, 0, DOUBLE, 4);
        assertArrayEquals(new double[] {1, 5, 9, 13}, col);
        double[] back = new double[16];
        java.util.Arrays.fill(back, -1);
        Copier.copy(col, 0, DOUBLE, back, 2, column, 4);
        for (int i = 0; i < 16; i++) {
            double expected = i % 4 == 2 ? col[i / 4] : -1;
            assertEquals(expected, back[i], "element " + i);
        }
    }

    @Test
    void copierMovesBetweenTwoDifferentLayouts() {
        TypeMap a = TypeMap.indexed(new int[] {3, 1, 2}, new int[] {0, 5, 7}, INT, null);
        TypeMap b = TypeMap.vector(3, 2, 3, INT, null);
        int[] src = new int[20];
        for (int i = 0; i < 20; i++) {
            src[i] = 100 + i;
        }
        int[] dst = new int[20];
        Copier.copy(src, 0, a, dst, 1, b, 6);
        // a's elements in order: 100 101 102 105 107 108; b's slots from 1: 1 2 4 5 7 8
        assertArrayEquals(new int[] {0, 100, 101, 0, 102, 105, 0, 107, 108, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, dst);
    }

    @Test
    void packThenUnpackRestoresMixedTypes() {
        byte[] buf = new byte[64];
        int pos = Packer.pack(new int[] {1, -2, 3}, 0, 3, INT, 3, buf, 0);
        pos = Packer.pack(new double[] {2.5}, 0, 1, DOUBLE, 1, buf, pos);
        assertEquals(20, pos);
        int[] ints = new int[3];
        double[] ds = new double[1];
        int p = Packer.unpack(buf, 0, ints, 0, 3, INT, 3, null);
        p = Packer.unpack(buf, p, ds, 0, 1, DOUBLE, 1, null);
        assertEquals(20, p);
        assertArrayEquals(new int[] {1, -2, 3}, ints);
        assertEquals(2.5, ds[0]);
        MpjException e = assertThrows(MpjException.class, () -> Packer.pack(new int[4], 0, 4, INT, 4, new byte[8], 0));
        assertTrue(e.getMessage().contains("do not fit"), e.getMessage());
    }
}
