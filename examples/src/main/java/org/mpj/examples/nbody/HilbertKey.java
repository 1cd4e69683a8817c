package org.mpj.examples.nbody;

/**
 * Peano-Hilbert keys of a 3-D grid of 2^20 cells a side, after J. Skilling, "Programming the Hilbert
 * curve" (AIP Conf. Proc. 707, 2004): the coordinates are turned into the "transposed" form of the
 * Hilbert index, whose bits interleaved give the key.
 *
 * <p>Two properties the domain decomposition relies on: consecutive keys are face neighbours, and
 * the cells of an octree at level L (the cube split L times in halves along each axis) are exactly
 * the key ranges that share their top 3L bits. A rank that owns a contiguous key range thus owns
 * whole octree cells, compact in space.
 */
final class HilbertKey {
    /** Bits per coordinate: keys have 3 x 20 = 60 bits, so every range end fits a positive long. */
    static final int BITS = 20;
    /** Cells a side of the finest grid. */
    static final int CELLS = 1 << BITS;

    private HilbertKey() {
    }

    /** The key of cell (x, y, z), each in [0, 2^20). */
    static long encode(int x, int y, int z) {
        // Undo the rotations and reflections, from the top bit down.
        for (int q = CELLS >>> 1; q > 1; q >>>= 1) {
            int p = q - 1;
            if ((x & q) != 0) {
                x ^= p;
            }
            if ((y & q) != 0) {
                x ^= p;
            } else {
                int t = (x ^ y) & p;
                x ^= t;
                y ^= t;
            }
            if ((z & q) != 0) {
                x ^= p;
            } else {
                int t = (x ^ z) & p;
                x ^= t;
                z ^= t;
            }
        }
        // Gray encode.
        y ^= x;
        z ^= y;
        int t = 0;
        for (int q = CELLS >>> 1; q > 1; q >>>= 1) {
            if ((z & q) != 0) {
                t ^= q - 1;
            }
        }
        x ^= t;
        y ^= t;
        z ^= t;
        long key = 0;
        for (int b = BITS - 1; b >= 0; b--) {
            key = (key << 3) | ((x >>> b) & 1) << 2 | ((y >>> b) & 1) << 1 | ((z >>> b) & 1);
        }
        return key;
    }

    /** The cell of {@code key}: writes x, y, z into xyz[0..2]. */
    static void decode(long key, int[] xyz) {
        int x = 0;
        int y = 0;
        int z = 0;
        for (int b = BITS - 1; b >= 0; b--) {
            int digit = (int) (key >>> (3 * b)) & 7;
            x |= (digit >>> 2 & 1) << b;
            y |= (digit >>> 1 & 1) << b;
            z |= (digit & 1) << b;
        }
        // Gray decode.
        int t = z >>> 1;
        z ^= y;
        y ^= x;
        x ^= t;
        // Redo the rotations and reflections, from the bottom bit up.
        for (int q = 2; q != CELLS; q <<= 1) {
            int p = q - 1;
            if ((z & q) != 0) {
                x ^= p;
            } else {
                t = (x ^ z) & p;
                x ^= t;
                z ^= t;
            }
            if ((y & q) != 0) {
                x ^= p;
            } else {
                t = (x ^ y) & p;
                x ^= t;
                y ^= t;
            }
            if ((x & q) != 0) {
                x ^= p;
            }
        }
        xyz[0] = x;
        xyz[1] = y;
        xyz[2] = z;
    }

    /** Number of keys in one octree cell at {@code level} (0 is the whole cube). */
    static long span(int level) {
        return 1L << (3 * (BITS - level));
    }

    /** Which of its parent's eight children (in curve order) the level-{@code level} cell of {@code key} is. */
    static int childDigit(long key, int level) {
        return (int) (key >>> (3 * (BITS - level))) & 7;
    }
}
