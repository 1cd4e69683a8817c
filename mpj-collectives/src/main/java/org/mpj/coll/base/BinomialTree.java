package org.mpj.coll.base;

/**
 * The binomial tree over ranks relative to a root ({@code vr = (rank - root + p) % p}): the parent of
 * {@code vr} is {@code vr} with its lowest set bit cleared, its children are {@code vr + m} for each
 * power of two {@code m} below that bit, and child {@code vr + m} heads the subtree of relative ranks
 * {@code [vr + m, vr + 2m)} cut at p. Every subtree is a contiguous range of relative ranks, which is
 * what lets gather and scatter move one block per child, and non-commutative reductions combine in
 * rank order.
 *
 * <pre>
 * p = 8                      p = 6                 p = 5
 *          0                      0                     0
 *      /   |   \              /   |  \              /   |  \
 *     4    2    1            4    2   1            4    2   1
 *    / \   |                 |    |                     |
 *   6   5  3                 5    3                     3
 *   |
 *   7
 * </pre>
 *
 * Stateless arithmetic, O(log p) per call and no allocation, so nothing needs caching yet.
 */
public final class BinomialTree {
    private BinomialTree() {
    }

    /**
     * The lowest set bit of {@code vr}: its children are {@code vr + m} for powers of two {@code m}
     * below it. For the root, the smallest power of two ≥ p.
     */
    public static int span(int vr, int p) {
        if (vr != 0) {
            return Integer.lowestOneBit(vr);
        }
        return p <= 1 ? 1 : Integer.highestOneBit(p - 1) << 1;
    }

    /** The relative rank of {@code vr}'s parent; {@code vr} must not be the root. */
    public static int parent(int vr) {
        return vr & (vr - 1);
    }

    /** The number of relative ranks in the subtree headed by {@code vr}, itself included. */
    public static int subtreeSize(int vr, int p) {
        return Math.min(span(vr, p), p - vr);
    }

    /** The rank of relative rank {@code vr} in a tree rooted at {@code root}. */
    public static int rank(int vr, int root, int p) {
        int r = vr + root;
        return r >= p ? r - p : r;
    }

    /** The rank {@code rank} relative to {@code root}. */
    public static int relative(int rank, int root, int p) {
        int vr = rank - root;
        return vr < 0 ? vr + p : vr;
    }

    /** The number of children of {@code vr}. */
    public static int childCount(int vr, int p) {
        int n = 0;
        for (int m = span(vr, p) >> 1; m > 0; m >>= 1) {
            if (vr + m < p) {
                n++;
            }
        }
        return n;
    }
}
