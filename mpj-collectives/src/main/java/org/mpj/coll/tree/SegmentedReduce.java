package org.mpj.coll.tree;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * The reduction walk of the segmented tree engine: a leaf sends its data segment by segment to its
 * parent; an inner rank receives segment i of each child in turn into one of two segment buffers,
 * and while it combines one, the receive of the next (child, segment) pair is already posted into
 * the other. Once every child's segment i is combined it goes on to the parent, while later
 * segments are still arriving. The root of the tree ends with the result; when that is not the
 * reduction's root (non-commutative operators need trees in rank order, rooted at rank 0 or p-1,
 * see {@link Tree}) it sends the result there.
 *
 * The accumulator, the two segment buffers and the requests are the communicator's ({@link Trees}),
 * kept from call to call: a warm call allocates nothing (arrays up to {@link Trees#MAX_KEPT_BYTES}).
 *
 * <pre>
 * inner rank, children a and b, 2 segments:
 *   post a.s0 → buf0 | post b.s0 → buf1, combine buf0 | post a.s1 → buf0, combine buf1, send s0 up |
 *   post b.s1 → buf1, combine buf0 | combine buf1, send s1 up
 * </pre>
 */
public final class SegmentedReduce {
    private SegmentedReduce() {
    }

    /**
     * Reduces over {@code shape} rooted at {@code root}; for a non-commutative operator over the same
     * shape rooted at rank 0, except {@link Shape#BINARY}, which becomes {@link Shape#IN_ORDER_BINARY}
     * (the mirror-subtree binary tree does not hold runs of consecutive ranks).
     */
    public static void reduce(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int count, TypeMap type, Operator op, int root, Shape shape, int tag) {
        Trees trees = Trees.of(c);
        Tree tree = op.isCommutative() ? trees.tree(shape, root)
                : shape == Shape.BINARY ? trees.tree(Shape.IN_ORDER_BINARY, c.size() - 1) : trees.tree(shape, 0);
        int me = c.rank();
        int segItems = trees.segmentItems(count, type);
        int elements = count * type.size;
        Object acc = sendbuf;
        int accOffset = sendoffset;
        if (tree.children.length > 0) {
            if (me == root) {
                acc = recvbuf;
                accOffset = recvoffset;
            } else {
                acc = trees.buffers.items(Trees.ACC, count, type);
                accOffset = 0;
            }
            Copier.copy(sendbuf, sendoffset, type, acc, accOffset, type, elements);
            combineChildren(c, trees, acc, accOffset, count, type, op, tree, segItems, tag);
        } else if (tree.parent >= 0) {
            for (int at = 0; at < count; at += segItems) {
                c.collSend(sendbuf, sendoffset + at * type.extent, Math.min(segItems, count - at), type, tree.parent,
                        tag);
            }
        } else if (me == root) {
            Copier.copy(sendbuf, sendoffset, type, recvbuf, recvoffset, type, elements);
        }
        if (tree.parent < 0 && me != root) {
            c.collSend(acc, accOffset, count, type, root, tag);
        } else if (me == root && tree.root != root) {
            c.collRecv(recvbuf, recvoffset, count, type, tree.root, tag);
        }
    }

    /** Combines every child's segments into {@code acc} and sends each finished segment to the parent. */
    private static void combineChildren(Communicator c, Trees trees, Object acc, int accOffset, int count,
                                        TypeMap type, Operator op, Tree tree, int segItems, int tag) {
        if (count == 0) {
            return;
        }
        int k = tree.children.length, segments = (count + segItems - 1) / segItems, steps = segments * k;
        // For a non-commutative operator and children after this rank, acc = acc op child lands in the
        // receive buffer and is copied back; otherwise acc = child op acc combines in place.
        boolean accFirst = !op.isCommutative() && !tree.childrenBefore;
        Object in0 = trees.buffers.items(Trees.SEGMENT_A, segItems, type);
        Object in1 = trees.buffers.items(Trees.SEGMENT_B, segItems, type);
        // Step j arrives in receive j % 2, into segment buffer j % 2, while step j - 1 is combined.
        EngineRequest[] in = trees.receives(2);
        EngineRequest up = trees.sends(1)[0];
        boolean sending = false;
        receive(c, in[0], in0, count, type, tree, segItems, 0, tag);
        for (int j = 0; j < steps; j++) {
            if (j + 1 < steps) {
                receive(c, in[(j + 1) & 1], (j & 1) == 0 ? in1 : in0, count, type, tree, segItems, j + 1, tag);
            }
            Trees.await(c, in[j & 1]);
            int at = j / k * segItems, n = Math.min(segItems, count - at), accAt = accOffset + at * type.extent;
            Object buf = (j & 1) == 0 ? in0 : in1;
            if (accFirst) {
                op.combine(acc, accAt, buf, 0, n, type);
                Copier.copy(buf, 0, type, acc, accAt, type, n * type.size);
            } else {
                op.combine(buf, 0, acc, accAt, n, type);
            }
            if (j % k == k - 1 && tree.parent >= 0) {
                if (sending) {
                    Trees.await(c, up);
                }
                c.collIsendInto(up, acc, accAt, n, type, tree.parent, tag);
                sending = true;
            }
        }
        if (sending) {
            Trees.await(c, up);
        }
    }

    /** Posts the receive of step {@code j}: segment {@code j / k} of child {@code j % k}. */
    private static void receive(Communicator c, EngineRequest r, Object into, int count, TypeMap type, Tree tree,
                                int segItems, int j, int tag) {
        int k = tree.children.length, at = j / k * segItems;
        c.collIrecvInto(r, into, 0, Math.min(segItems, count - at), type, tree.children[j % k], tag);
    }
}
