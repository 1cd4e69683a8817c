package org.mpj.core.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.MpjException;

@Timeout(10)
class BufferCheckTest {
    private static final TypeMap INT = TypeMap.primitive(BaseType.INT, null);
    private static final TypeMap DOUBLE = TypeMap.primitive(BaseType.DOUBLE, null);

    /** {@code fits} is the callers' fast path: it must say yes exactly where {@code elements} does not throw. */
    @Test
    void fitsWhereElementsAcceptsAndNowhereElse() {
        TypeMap lb = TypeMap.lowerMarker(null), ub = TypeMap.upperMarker(null);
        List<TypeMap> types = new ArrayList<>();
        types.add(null);
        types.add(INT);
        types.add(DOUBLE);
        types.add(TypeMap.vector(3, 2, 4, INT, null));
        types.add(TypeMap.contiguous(0, INT, null));
        types.add(TypeMap.struct(new int[] {1, 2, 1}, new int[] {-2, 1, 9}, new TypeMap[] {lb, INT, ub}, null));
        Object[] buffers = {null, new int[0], new int[7], new int[40], new double[40], new byte[40]};
        int[] offsets = {-3, -1, 0, 1, 2, 5, 39, 40, 41};
        int[] counts = {-1, 0, 1, 2, 3, 4, 7, 40, Integer.MAX_VALUE};
        int cases = 0, accepted = 0;
        for (TypeMap t : types) {
            for (Object buf : buffers) {
                for (int offset : offsets) {
                    for (int count : counts) {
                        boolean fits = BufferCheck.fits(buf, offset, count, t);
                        boolean ok;
                        try {
                            int elements = BufferCheck.elements("Test", buf, offset, count, t);
                            assertEquals((long) count * t.size, elements);
                            ok = true;
                        } catch (MpjException e) {
                            assertTrue(e.getMessage().contains(": Test: "), e.getMessage());
                            ok = false;
                        }
                        assertEquals(ok, fits, "type " + (t == null ? "null" : t.describe()) + ", buffer "
                                + (buf == null ? "null" : BaseType.describe(buf)) + ", offset " + offset + ", count " + count);
                        cases++;
                        accepted += ok ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(accepted > 50 && accepted < cases - 50, accepted + " of " + cases + " accepted: both ways must be exercised");
    }

    @Test
    void aFailedCheckNamesTheProblem() {
        assertFalse(BufferCheck.fits(new int[4], 2, 3, INT));
        MpjException e = assertThrows(MpjException.class, () -> BufferCheck.elements("Allgather (recvbuf)", new int[4], 2, 3, INT));
        assertTrue(e.getMessage().contains("Allgather (recvbuf): offset 2 + count 3 runs past the end"), e.getMessage());
    }
}
