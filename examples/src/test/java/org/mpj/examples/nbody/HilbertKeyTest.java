package org.mpj.examples.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The Peano-Hilbert keys and the key sort that the domain decomposition relies on. */
@Timeout(30)
class HilbertKeyTest {
    private static final int MAX = HilbertKey.CELLS - 1;

    @Test
    void decodeInvertsEncode() {
        SplittableRandom rnd = new SplittableRandom(1);
        int[] xyz = new int[3];
        for (int k = 0; k < 100_000; k++) {
            int x = rnd.nextInt(HilbertKey.CELLS);
            int y = rnd.nextInt(HilbertKey.CELLS);
            int z = rnd.nextInt(HilbertKey.CELLS);
            long key = HilbertKey.encode(x, y, z);
            assertTrue(key >= 0 && key < HilbertKey.span(0), "key " + key + " of (" + x + ", " + y + ", " + z + ")");
            HilbertKey.decode(key, xyz);
            assertArrayEquals(new int[] {x, y, z}, xyz, "cell of key " + key);
        }
    }

    @Test
    void consecutiveKeysAreFaceNeighbours() {
        SplittableRandom rnd = new SplittableRandom(2);
        int[] a = new int[3];
        int[] b = new int[3];
        for (int run = 0; run < 200; run++) {
            long start = rnd.nextLong(HilbertKey.span(0) - 1000);
            HilbertKey.decode(start, a);
            for (long key = start + 1; key < start + 1000; key++) {
                HilbertKey.decode(key, b);
                int steps = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
                assertEquals(1, steps, "keys " + (key - 1) + " and " + key + ": " + Arrays.toString(a) + " then "
                        + Arrays.toString(b));
                System.arraycopy(b, 0, a, 0, 3);
            }
        }
    }

    @Test
    void everyOctreeCellIsOneKeyRange() {
        // All keys of a level-L cell share their top 3L bits, so the cell's first key names it.
        SplittableRandom rnd = new SplittableRandom(3);
        int[] xyz = new int[3];
        for (int k = 0; k < 20_000; k++) {
            int level = 1 + rnd.nextInt(HilbertKey.BITS);
            int shift = HilbertKey.BITS - level;
            int x = rnd.nextInt(HilbertKey.CELLS);
            int y = rnd.nextInt(HilbertKey.CELLS);
            int z = rnd.nextInt(HilbertKey.CELLS);
            long first = HilbertKey.encode(x, y, z) & -HilbertKey.span(level);
            HilbertKey.decode(first, xyz);
            assertArrayEquals(new int[] {x >> shift, y >> shift, z >> shift},
                    new int[] {xyz[0] >> shift, xyz[1] >> shift, xyz[2] >> shift}, "level " + level);
            // the cell's last corner too
            long last = first + HilbertKey.span(level) - 1;
            HilbertKey.decode(last, xyz);
            assertEquals(x >> shift, xyz[0] >> shift);
            assertEquals(y >> shift, xyz[1] >> shift);
            assertEquals(z >> shift, xyz[2] >> shift);
        }
        assertEquals(0, HilbertKey.encode(0, 0, 0));
        HilbertKey.decode(HilbertKey.span(0) - 1, xyz);
        assertTrue(xyz[0] == MAX || xyz[0] == 0, "the curve ends at a corner: " + Arrays.toString(xyz));
    }

    @Test
    void keySortMatchesArraysSortAndIsStable() {
        SplittableRandom rnd = new SplittableRandom(4);
        KeySort sorter = new KeySort();
        for (int n : new int[] {0, 1, 2, 7, 1000, 65_537}) {
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                // few distinct high parts: equal keys and skipped passes both occur
                keys[i] = (rnd.nextLong(16) << 56) | rnd.nextLong(n + 1L);
            }
            long[] original = keys.clone();
            long[] expected = keys.clone();
            Arrays.sort(expected);
            int[] order = new int[n];
            sorter.sort(keys, order, n);
            assertArrayEquals(expected, keys, "n = " + n);
            for (int i = 0; i < n; i++) {
                assertEquals(original[order[i]], keys[i], "order[" + i + "] of " + n);
                if (i > 0 && keys[i] == keys[i - 1]) {
                    assertTrue(order[i] > order[i - 1], "equal keys keep their order at " + i + " of " + n);
                }
            }
            for (int i = 0; i < n; i += Math.max(1, n / 50)) {
                int at = KeySort.lowerBound(keys, n, keys[i]);
                assertTrue(at <= i && keys[at] == keys[i] && (at == 0 || keys[at - 1] < keys[i]), "lowerBound at " + i);
            }
        }
    }
}
