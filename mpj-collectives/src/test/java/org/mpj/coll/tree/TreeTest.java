package org.mpj.coll.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import org.junit.jupiter.api.Test;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * The virtual topologies, built as every rank sees them: parent and children agree, every rank is
 * reached once from the root, depths are as drawn, and the trees that non-commutative reductions
 * use hold runs of consecutive ranks in combining order.
 */
class TreeTest {
    static final int MAX_P = 40;

    static Tree[] all(Shape shape, int p, int root) {
        Tree[] t = new Tree[p];
        for (int r = 0; r < p; r++) {
            t[r] = Tree.build(shape, p, root, r);
        }
        return t;
    }

    @Test
    void everyShapeIsASpanningTreeAtEveryRoot() {
        for (Shape shape : Shape.values()) {
            for (int p = 1; p <= MAX_P; p++) {
                for (int root = 0; root < p; root++) {
                    if (shape == Shape.IN_ORDER_BINARY && root != p - 1) {
                        continue;
                    }
                    Tree[] t = all(shape, p, root);
                    String where = shape + " p=" + p + " root=" + root;
                    assertEquals(-1, t[root].parent, where);
                    int[] depth = new int[p];
                    java.util.Arrays.fill(depth, -1);
                    depth[root] = 0;
                    ArrayDeque<Integer> queue = new ArrayDeque<>();
                    queue.add(root);
                    int seen = 0, maxDepth = 0;
                    while (!queue.isEmpty()) {
                        int r = queue.poll();
                        seen++;
                        assertEquals(root, t[r].root, where);
                        for (int c : t[r].children) {
                            assertEquals(r, t[c].parent, where + ": parent of " + c);
                            assertEquals(-1, depth[c], where + ": " + c + " reached twice");
                            depth[c] = depth[r] + 1;
                            maxDepth = Math.max(maxDepth, depth[c]);
                            queue.add(c);
                        }
                    }
                    assertEquals(p, seen, where + ": ranks reached");
                    int log2 = 31 - Integer.numberOfLeadingZeros(p); // floor(log2 p)
                    switch (shape) {
                        case FLAT -> assertEquals(Math.min(p - 1, 1), maxDepth, where);
                        case PIPELINE -> assertEquals(p - 1, maxDepth, where);
                        case KCHAIN -> assertEquals((p - 1 + Shape.KCHAIN_FANOUT - 1) / Shape.KCHAIN_FANOUT, maxDepth,
                                where);
                        case BINOMIAL -> assertEquals(log2, maxDepth, where);
                        default -> assertTrue(maxDepth <= log2, where + ": depth " + maxDepth);
                    }
                }
            }
        }
    }

    /** Rooted at 0, each child heads the run of ranks that follows what its parent holds so far. */
    @Test
    void orderPreservingTreesHoldRunsOfRanks() {
        for (Shape shape : new Shape[] {Shape.FLAT, Shape.PIPELINE, Shape.KCHAIN, Shape.BINOMIAL}) {
            for (int p = 1; p <= MAX_P; p++) {
                Tree[] t = all(shape, p, 0);
                for (int r = 0; r < p; r++) {
                    int next = r + 1;
                    for (int c : t[r].children) {
                        assertEquals(next, c, shape + " p=" + p + ": child of " + r);
                        next = c + size(t, c);
                    }
                    assertEquals(r + size(t, r), next, shape + " p=" + p + ": run of " + r);
                }
            }
        }
        for (int p = 1; p <= MAX_P; p++) {
            Tree[] t = all(Shape.IN_ORDER_BINARY, p, p - 1);
            for (int r = 0; r < p; r++) {
                assertTrue(t[r].childrenBefore);
                int below = r; // children hold the runs just below r, right child first
                for (int c : t[r].children) {
                    assertEquals(below - 1, c, "in-order p=" + p + ": child of " + r);
                    below = c - size(t, c) + 1;
                }
                assertEquals(r - size(t, r) + 1, below, "in-order p=" + p + ": run of " + r);
            }
        }
    }

    /**
     * The split-binary pairs: odd relative rank v and v + 1 sit at the same place in the two subtrees
     * (the right one has no node the left one lacks).
     */
    @Test
    void binarySubtreesAreMirrorImages() {
        for (int p = 3; p <= MAX_P; p++) {
            Tree[] t = all(Shape.BINARY, p, 0);
            for (int v = 1; v + 1 < p; v += 2) {
                assertEquals(t[v].parent == 0 ? 0 : t[v].parent + 1, t[v + 1].parent, "p=" + p + " v=" + v);
                for (int k = 0; k < t[v + 1].children.length; k++) {
                    assertEquals(t[v].children[k] + 1, t[v + 1].children[k], "p=" + p + " v=" + v);
                }
            }
        }
    }

    private static int size(Tree[] t, int r) {
        int n = 1;
        for (int c : t[r].children) {
            n += size(t, c);
        }
        return n;
    }

    @Test
    void segmentsAreWholeItemsOfAtMostTheSegmentSize() {
        TypeMap ints = TypeMap.primitive(BaseType.INT, null), objects = TypeMap.primitive(BaseType.OBJECT, null);
        TypeMap pairs = TypeMap.contiguous(3, ints, null);
        Trees seg64 = new Trees(null, 64), whole = new Trees(null, 0);
        assertEquals(16, seg64.segmentItems(1000, ints));
        assertEquals(5, seg64.segmentItems(1000, pairs)); // 12-byte items: 5 fit in 64
        assertEquals(8, seg64.segmentItems(1000, objects));
        assertEquals(3, seg64.segmentItems(3, ints));
        assertEquals(1, new Trees(null, 1).segmentItems(1000, pairs)); // never less than one item
        assertEquals(1000, whole.segmentItems(1000, ints));
        assertEquals(1, whole.segmentItems(0, ints));
    }
}
