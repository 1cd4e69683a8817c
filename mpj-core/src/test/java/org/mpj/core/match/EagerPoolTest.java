package org.mpj.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.datatype.BaseType;

/** The eager pool hands out a buffer at most twice the message (or the eager limit), and reuses it. */
@Timeout(10)
class EagerPoolTest {
    @Test
    void aBufferHoldsTheMessageAndIsAtMostTwiceItsSize() {
        EagerPool pool = new EagerPool(16 * 1024);
        for (BaseType b : new BaseType[] {BaseType.BYTE, BaseType.INT, BaseType.DOUBLE}) {
            int size = b.byteSize(), maxElements = 16 * 1024 / size;
            for (int elements = 1; elements <= maxElements; elements += 1 + elements / 7) {
                Object buf = pool.take(b, elements);
                int length = Array.getLength(buf);
                assertEquals(b.arrayClass(), buf.getClass(), b + " buffer type");
                assertTrue(length >= elements, b + ": " + length + " elements for a message of " + elements);
                assertTrue((long) length * size <= Math.max(EagerPool.SMALL_BYTES, 2L * elements * size),
                        b + ": " + length + " elements for a message of " + elements);
                pool.give(b, buf);
            }
        }
    }

    @Test
    void aGivenBufferIsTakenAgainForAMessageOfItsClass() {
        EagerPool pool = new EagerPool(16 * 1024);
        Object a = pool.take(BaseType.BYTE, 1000), b = pool.take(BaseType.BYTE, 1000);
        assertNotSame(a, b);
        pool.give(BaseType.BYTE, a);
        assertSame(a, pool.take(BaseType.BYTE, 1024), "same class (513-1024 bytes)");
        pool.give(BaseType.BYTE, a);
        assertNotSame(a, pool.take(BaseType.BYTE, 1025), "the next class up");
        assertNotSame(a, pool.take(BaseType.BYTE, 512), "the class below");
        assertSame(a, pool.take(BaseType.BYTE, 600));
    }

    @Test
    void anEagerLimitThatIsNoPowerOfTwoIsTheLastClass() {
        EagerPool pool = new EagerPool(10_000);
        assertEquals(10_000, Array.getLength(pool.take(BaseType.BYTE, 9000)));
        assertEquals(8192, Array.getLength(pool.take(BaseType.BYTE, 5000)));
        assertEquals(1250, Array.getLength(pool.take(BaseType.DOUBLE, 1250)));
        EagerPool tiny = new EagerPool(0);
        assertEquals(EagerPool.SMALL_BYTES / 4, Array.getLength(tiny.take(BaseType.INT, 0)));
    }

    @Test
    void atMostMaxFreeBuffersAreKept() {
        EagerPool pool = new EagerPool(16 * 1024);
        Object[] bufs = new Object[EagerPool.MAX_FREE + 5];
        for (int i = 0; i < bufs.length; i++) {
            bufs[i] = pool.take(BaseType.LONG, 300);
        }
        for (Object b : bufs) {
            pool.give(BaseType.LONG, b);
        }
        java.util.Set<Object> again = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < bufs.length; i++) {
            again.add(pool.take(BaseType.LONG, 300));
        }
        int reused = 0;
        for (Object b : bufs) {
            reused += again.contains(b) ? 1 : 0;
        }
        assertEquals(EagerPool.MAX_FREE, reused);
    }
}
