package org.mpj.core.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Strided runs gathered into a byte buffer and scattered back: element by element (runs shorter than
 * 64) and by bulk copies (longer ones), into heap and direct buffers at an odd position, and through
 * a view a caller keeps from an element index onwards, as the tcp device does.
 */
@Timeout(10)
class TypedBytesTest {
    @ParameterizedTest(name = "runs of {0}, stride {1}, direct {2}")
    @CsvSource({"1, 3, false", "3, 7, true", "70, 101, false", "70, 101, true", "64, 64, true"})
    void runsGoThereAndBack(int len, int stride, boolean direct) {
        int runs = 5, n = runs * len, from = 2;
        double[] src = new double[from + runs * stride];
        for (int i = 0; i < src.length; i++) {
            src[i] = i + 0.25;
        }
        int position = 3; // not a multiple of the element size
        ByteBuffer bb = (direct ? ByteBuffer.allocateDirect(position + (n + 1) * 8) : ByteBuffer.allocate(position + (n + 1) * 8))
                .order(ByteOrder.LITTLE_ENDIAN);
        bb.position(position);
        TypedBytes.putRuns(bb, src, from, stride, len, runs, BaseType.DOUBLE);
        assertEquals(position + n * 8, bb.position());
        for (int k = 0; k < n; k++) {
            assertEquals(src[from + (k / len) * stride + k % len], bb.getDouble(position + k * 8), "element " + k);
        }

        double[] back = new double[src.length];
        bb.position(position);
        TypedBytes.getRuns(bb, back, from, stride, len, runs, BaseType.DOUBLE);
        assertEquals(position + n * 8, bb.position());
        double[] want = new double[src.length];
        for (int r = 0; r < runs; r++) {
            System.arraycopy(src, from + r * stride, want, from + r * stride, len);
        }
        assertArrayEquals(want, back);

        // A view kept by the caller, from element 1: the runs go one element further on, run by run.
        bb.position(position);
        var view = TypedBytes.view(bb, BaseType.DOUBLE);
        int at = 1;
        for (int r = 0; r < runs; r++) {
            at += TypedBytes.putRuns(view, at, src, from + r * stride, 0, len, 1, BaseType.DOUBLE);
        }
        assertEquals(1 + n, at);
        double[] again = new double[src.length];
        at = 1;
        for (int r = 0; r < runs; r++) {
            at += TypedBytes.getRuns(view, at, again, from + r * stride, 0, len, 1, BaseType.DOUBLE);
        }
        assertArrayEquals(want, again);
    }
}
