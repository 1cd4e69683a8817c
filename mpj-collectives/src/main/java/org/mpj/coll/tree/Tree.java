package org.mpj.coll.tree;

/**
 * One rank's view of a virtual topology: its parent and its children, as ranks of the communicator.
 * Trees are built over relative ranks {@code vr = (rank - root + p) % p}, so the root is 0, then
 * shifted back. Children are listed in the order a reduction combines them; a broadcast sends to
 * them in reverse order (for the binomial tree: largest subtree first).
 *
 * <p>For a non-commutative reduction the order matters. Flat, pipeline, k-chain and binomial trees
 * rooted at rank 0 hold each subtree as a contiguous run of ranks after its parent's own data, with
 * the children listed in rank order, so {@code acc = acc op child} keeps rank order. In the
 * in-order binary tree the children's runs come before their parent's data ({@link #childrenBefore}),
 * right child first, so {@code acc = child op acc}. The mirror-subtree binary tree keeps no order.
 */
public final class Tree {
    /** The rank at the root of this tree. */
    public final int root;
    /** The parent's rank; -1 at the root. */
    public final int parent;
    /** The children's ranks, in combining order. */
    public final int[] children;
    /** True when the children's subtrees hold ranks below this rank's own (in-order binary tree). */
    public final boolean childrenBefore;

    Tree(int root, int parent, int[] children, boolean childrenBefore) {
        this.root = root;
        this.parent = parent;
        this.children = children;
        this.childrenBefore = childrenBefore;
    }

    /** This rank's view of {@code shape} over {@code p} ranks rooted at {@code root}. */
    static Tree build(Shape shape, int p, int root, int me) {
        int vr = (me - root + p) % p;
        int[] rel; // relative parent, then relative children
        switch (shape) {
            case FLAT -> rel = chain(p, vr, Math.max(1, p - 1));
            case PIPELINE -> rel = chain(p, vr, 1);
            case KCHAIN -> rel = chain(p, vr, Shape.KCHAIN_FANOUT);
            case BINOMIAL -> rel = binomial(p, vr);
            case BINARY -> rel = binary(p, vr);
            case IN_ORDER_BINARY -> {
                return inOrderBinary(p, me);
            }
            default -> throw new IllegalArgumentException(shape.toString());
        }
        int[] children = new int[rel.length - 1];
        for (int i = 0; i < children.length; i++) {
            children[i] = (rel[i + 1] + root) % p;
        }
        return new Tree(root, rel[0] < 0 ? -1 : (rel[0] + root) % p, children, false);
    }

    /**
     * {@code fanout} chains hang from the root, each a run of consecutive relative ranks; the first
     * {@code (p-1) % fanout} chains are one longer. Fanout 1 is the pipeline, p-1 the flat tree.
     *
     * <pre>
     * p = 8, fanout 3:   0 ─┬─ 1 ─ 2 ─ 3
     *                       ├─ 4 ─ 5
     *                       └─ 6 ─ 7
     * </pre>
     */
    private static int[] chain(int p, int vr, int fanout) {
        int n = p - 1;
        int k = Math.min(fanout, Math.max(n, 1));
        int base = n / k, longer = n % k;
        if (vr == 0) {
            int heads = Math.min(k, n);
            int[] rel = new int[1 + heads];
            rel[0] = -1;
            for (int j = 0, start = 1; j < heads; j++) {
                rel[1 + j] = start;
                start += base + (j < longer ? 1 : 0);
            }
            return rel;
        }
        // Chain j covers [start(j), start(j) + len(j)).
        int idx = vr - 1;
        int j = idx < longer * (base + 1) ? idx / (base + 1) : longer + (idx - longer * (base + 1)) / base;
        int start = 1 + j * base + Math.min(j, longer);
        int end = start + base + (j < longer ? 1 : 0);
        int parent = vr == start ? 0 : vr - 1;
        return vr + 1 < end ? new int[] {parent, vr + 1} : new int[] {parent};
    }

    /**
     * Binomial tree: the parent of vr is vr with its lowest set bit cleared; the children are
     * {@code vr + m} for powers of two m below that bit, smallest first. Child {@code vr + m} heads
     * the run {@code [vr + m, vr + 2m)}.
     *
     * <pre>
     * p = 8:     0 ─┬─ 1
     *               ├─ 2 ─ 3
     *               └─ 4 ─┬─ 5
     *                     └─ 6 ─ 7
     * </pre>
     */
    private static int[] binomial(int p, int vr) {
        int span = vr != 0 ? Integer.lowestOneBit(vr) : p <= 1 ? 1 : Integer.highestOneBit(p - 1) << 1;
        int n = 0;
        for (int m = 1; m < span && vr + m < p; m <<= 1) {
            n++;
        }
        int[] rel = new int[1 + n];
        rel[0] = vr == 0 ? -1 : vr & (vr - 1);
        for (int i = 0, m = 1; i < n; i++, m <<= 1) {
            rel[1 + i] = vr + m;
        }
        return rel;
    }

    /**
     * Binary tree whose two subtrees are mirror images: the root's children are 1 (left) and 2
     * (right); the left subtree holds the odd relative ranks, the right the even ones, each a
     * heap-ordered binary tree by index ({@code (vr-1)/2} left, {@code (vr-2)/2} right). So
     * {@code vr} odd and {@code vr + 1} sit at the same place in the two subtrees: the pairs of
     * the split-binary broadcast.
     *
     * <pre>
     * p = 11:          0
     *             /         \
     *            1           2
     *          /   \       /   \
     *         3     5     4     6
     *        / \         / \
     *       7   9       8   10
     * </pre>
     */
    private static int[] binary(int p, int vr) {
        int parent, c1, c2;
        if (vr == 0) {
            parent = -1;
            c1 = 1;
            c2 = 2;
        } else if ((vr & 1) == 1) {
            int a = (vr - 1) / 2;
            parent = a == 0 ? 0 : 2 * ((a - 1) / 2) + 1;
            c1 = 2 * vr + 1;
            c2 = 2 * vr + 3;
        } else {
            int b = (vr - 2) / 2;
            parent = b == 0 ? 0 : 2 * ((b - 1) / 2) + 2;
            c1 = 2 * vr;
            c2 = 2 * vr + 2;
        }
        int n = (c1 < p ? 1 : 0) + (c2 < p ? 1 : 0);
        int[] rel = new int[1 + n];
        rel[0] = parent;
        if (c1 < p) {
            rel[1] = c1;
        }
        if (c2 < p) {
            rel[2] = c2;
        }
        return rel;
    }

    /**
     * In-order binary tree over ranks (not relative: it is for non-commutative reductions), rooted
     * at rank p-1: the node of the run {@code [lo, hi)} is {@code hi - 1}; its left child heads
     * {@code [lo, mid)}, its right child {@code [mid, hi - 1)}. A node's result is
     * {@code left op right op own}; children are listed right first, the order they are combined in.
     *
     * <pre>
     * p = 7:        6
     *             /   \
     *            2     5
     *           / \   / \
     *          0   1 3   4
     * </pre>
     */
    private static Tree inOrderBinary(int p, int me) {
        int lo = 0, hi = p, parent = -1;
        while (hi - 1 != me) {
            int mid = lo + (hi - 1 - lo + 1) / 2;
            parent = hi - 1;
            if (me < mid) {
                hi = mid;
            } else {
                lo = mid;
                hi = hi - 1;
            }
        }
        int mid = lo + (hi - 1 - lo + 1) / 2;
        boolean left = mid > lo, right = hi - 1 > mid;
        int[] children = new int[(left ? 1 : 0) + (right ? 1 : 0)];
        int i = 0;
        if (right) {
            children[i++] = hi - 2;
        }
        if (left) {
            children[i] = mid - 1;
        }
        return new Tree(p - 1, parent, children, true);
    }
}
