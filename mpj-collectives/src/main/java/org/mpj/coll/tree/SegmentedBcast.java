package org.mpj.coll.tree;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * The broadcast walk of the segmented tree engine (Pješivac-Grbović et al., "Performance Analysis
 * of MPI Collective Operations", 2007): the message is cut into segments of whole items, the last
 * one shorter; each rank receives segment i from its parent straight into the caller's buffer and
 * forwards it to its children while the receive of segment i+1 is already posted, so segments
 * stream down the tree. A leaf, which forwards nothing, posts all its receives at once, so it wakes
 * once rather than once per segment (each wake-up of a thread rank costs a context switch when
 * ranks outnumber cores). Linear, pipeline, k-chain, binomial and binary broadcasts differ only in
 * the tree.
 *
 * <pre>
 * pipeline 0 → 1 → 2, 3 segments:   step 1: 0→1 s0   step 2: 0→1 s1, 1→2 s0   step 3: 0→1 s2, 1→2 s1 ...
 * </pre>
 */
public final class SegmentedBcast {
    private SegmentedBcast() {
    }

    /** Broadcasts {@code count} items of {@code buf} from the root of {@code tree}. */
    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, Tree tree, int tag) {
        range(c, buf, offset, type, 0, count, Trees.of(c).segmentItems(count, type), tree.parent, tree.children, tag);
    }

    /**
     * Moves items {@code [first, first + count)} from {@code parent} (-1: this rank has them) to
     * {@code children}, {@code segItems} items per segment.
     */
    public static void range(Communicator c, Object buf, int offset, TypeMap type, int first, int count,
                             int segItems, int parent, int[] children, int tag) {
        if (count == 0 || parent < 0 && children.length == 0) {
            return;
        }
        int segments = (count + segItems - 1) / segItems;
        Trees trees = Trees.of(c);
        if (children.length == 0) {
            // A leaf forwards nothing: it posts every receive at once and wakes when the last is in.
            EngineRequest[] all = trees.receives(segments);
            for (int s = 0; s < segments; s++) {
                receive(c, all[s], buf, offset, type, first, count, segItems, s, parent, tag);
            }
            Trees.awaitAll(c, all, segments);
            return;
        }
        // Segment s arrives in receive s % 2 while segment s - 1 is forwarded out of the other.
        EngineRequest[] in = trees.receives(2), out = trees.sends(children.length);
        if (parent >= 0) {
            receive(c, in[0], buf, offset, type, first, count, segItems, 0, parent, tag);
        }
        for (int s = 0; s < segments; s++) {
            if (parent >= 0) {
                if (s + 1 < segments) {
                    receive(c, in[(s + 1) & 1], buf, offset, type, first, count, segItems, s + 1, parent, tag);
                }
                Trees.await(c, in[s & 1]);
            }
            int at = first + s * segItems, n = Math.min(segItems, first + count - at);
            for (int i = children.length - 1; i >= 0; i--) {
                c.collIsendInto(out[i], buf, offset + at * type.extent, n, type, children[i], tag);
            }
            Trees.awaitAll(c, out, children.length);
        }
    }

    private static void receive(Communicator c, EngineRequest into, Object buf, int offset, TypeMap type, int first,
                                int count, int segItems, int s, int parent, int tag) {
        int at = first + s * segItems, n = Math.min(segItems, first + count - at);
        c.collIrecvInto(into, buf, offset + at * type.extent, n, type, parent, tag);
    }
}
