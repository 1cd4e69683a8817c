package org.mpj.core.topo;

import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * {@code Cartcomm.Dims_create}: fills the zero entries of {@code dims} so that the product of all
 * entries is {@code nnodes}, as balanced as possible and in non-increasing order; non-zero entries
 * are kept. Of all factorizations it picks the one with the smallest largest factor, then the
 * smallest second one, and so on: 12 in 2 dims is 4 x 3, 16 in 3 dims is 4 x 2 x 2, 7 in 2 is 7 x 1.
 */
public final class DimsCreate {
    private DimsCreate() {
    }

    public static void fill(int nnodes, int[] dims) {
        if (dims == null) {
            throw new MpjException(ErrorClass.ERR_ARG, "Dims_create: dims is null");
        }
        if (nnodes <= 0) {
            throw new MpjException(ErrorClass.ERR_ARG, "Dims_create: nnodes is " + nnodes + " (must be positive)");
        }
        long fixed = 1;
        int free = 0;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new MpjException(ErrorClass.ERR_DIMS, "Dims_create: dims[" + i + "] is " + dims[i]
                        + " (0 to choose, or a positive size to keep)");
            }
            if (dims[i] == 0) {
                free++;
            } else {
                fixed = Math.min(fixed * dims[i], Integer.MAX_VALUE + 1L);
            }
        }
        if (nnodes % fixed != 0 || (free == 0 && fixed != nnodes)) {
            throw new MpjException(ErrorClass.ERR_DIMS, "Dims_create: " + nnodes + " nodes cannot fill dims "
                    + Arrays.toString(dims) + " (the fixed entries multiply to " + fixed + ")");
        }
        if (free == 0) {
            return;
        }
        int[] factors = balanced((int) (nnodes / fixed), free, Integer.MAX_VALUE);
        for (int i = 0, f = 0; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = factors[f++];
            }
        }
    }

    /**
     * The lexicographically smallest non-increasing list of {@code k} factors of {@code m}, each at
     * most {@code cap}, or null when there is none. The first factor is at least the k-th root of m.
     */
    private static int[] balanced(int m, int k, int cap) {
        if (k == 1) {
            return m <= cap ? new int[] {m} : null;
        }
        for (int d = ceilRoot(m, k); d <= Math.min(cap, m); d++) {
            if (m % d == 0) {
                int[] rest = balanced(m / d, k - 1, d);
                if (rest != null) {
                    int[] out = new int[k];
                    out[0] = d;
                    System.arraycopy(rest, 0, out, 1, k - 1);
                    return out;
                }
            }
        }
        return null;
    }

    /** The smallest d with d^k >= m. */
    private static int ceilRoot(int m, int k) {
        int d = Math.max(1, (int) Math.floor(Math.pow(m, 1.0 / k)) - 1);
        while (power(d, k) < m) {
            d++;
        }
        return d;
    }

    private static long power(long d, int k) {
        long p = 1;
        for (int i = 0; i < k && p < Integer.MAX_VALUE; i++) {
            p *= d;
        }
        return p;
    }
}
