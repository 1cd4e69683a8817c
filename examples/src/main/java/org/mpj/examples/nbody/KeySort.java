package org.mpj.examples.nbody;

/**
 * Sorts particles by key: a stable least-significant-digit radix sort of (key, index) pairs, 8 bits a
 * pass, that skips the passes where every key has the same digit (the top bits, in a small domain).
 * Its buffers grow once and are reused, so sorting every step allocates nothing.
 */
final class KeySort {
    private static final int RADIX_BITS = 8;
    private static final int RADIX = 1 << RADIX_BITS;
    private static final int KEY_BITS = 3 * HilbertKey.BITS;

    private final int[] counts = new int[RADIX];
    private long[] keyBuffer = new long[0];
    private int[] indexBuffer = new int[0];

    /**
     * Sorts keys[0..n) ascending in place and writes to order[0..n) where each sorted key came from:
     * after the call keys[i] is the old keys[order[i]].
     */
    void sort(long[] keys, int[] order, int n) {
        if (keyBuffer.length < n) {
            keyBuffer = new long[n];
            indexBuffer = new int[n];
        }
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] srcKeys = keys;
        int[] srcIndex = order;
        long[] dstKeys = keyBuffer;
        int[] dstIndex = indexBuffer;
        for (int shift = 0; shift < KEY_BITS; shift += RADIX_BITS) {
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (srcKeys[i] >>> shift) & (RADIX - 1)]++;
            }
            if (n == 0 || counts[(int) (srcKeys[0] >>> shift) & (RADIX - 1)] == n) {
                continue; // one digit for all: this pass would not move anything
            }
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int at = counts[(int) (srcKeys[i] >>> shift) & (RADIX - 1)]++;
                dstKeys[at] = srcKeys[i];
                dstIndex[at] = srcIndex[i];
            }
            long[] k = srcKeys;
            srcKeys = dstKeys;
            dstKeys = k;
            int[] x = srcIndex;
            srcIndex = dstIndex;
            dstIndex = x;
        }
        if (srcKeys != keys) {
            System.arraycopy(srcKeys, 0, keys, 0, n);
            System.arraycopy(srcIndex, 0, order, 0, n);
        }
    }

    /** The first position in sorted keys[0..n) whose key is at least {@code key}. */
    static int lowerBound(long[] keys, int n, long key) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
