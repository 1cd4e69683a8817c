package org.mpj.coll.tree;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * The broadcast walk of the segmented tree engine (Pješivac-Grbović et al., "Performance Analysis
 * of MPI Collective Operations", 2007): the message is cut into segments of whole items, the last
 * one shorter; each rank receives segment i from its parent straight into the caller's buffer and
 * forwards it to its children while the receives of the later segments are already posted, so
 * segments stream down the tree. (The paper double-buffers the receives; here they land in the
 * caller's buffer, so all can be posted at once at no cost in memory.) A leaf, which forwards
 * nothing, waits for the last only, so it wakes once rather than once per segment (each wake-up of
 * a thread rank costs a context switch when ranks outnumber cores). Linear, pipeline, k-chain,
 * binomial and binary broadcasts differ only in the tree.
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
        // Every receive is posted at once, each into its own part of the caller's buffer: a segment
        // that comes before its receive is posted is kept aside and copied twice (over tcp, into a
        // new array), and a parent sends segments as fast as eager sends complete.
        EngineRequest[] in = parent >= 0 ? trees.receives(segments) : null;
        for (int s = 0; in != null && s < segments; s++) {
            receive(c, in[s], buf, offset, type, first, count, segItems, s, parent, tag);
        }
        if (children.length == 0) {
            // A leaf forwards nothing: it wakes when the last segment is in.
            Trees.awaitAll(c, in, segments);
            return;
        }
        EngineRequest[] out = trees.sends(children.length);
        for (int s = 0; s < segments; s++) {
            if (in != null) {
                Trees.await(c, in[s]);
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
