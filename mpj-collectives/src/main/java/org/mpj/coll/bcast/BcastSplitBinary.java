package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.coll.tree.SegmentedBcast;
import org.mpj.coll.tree.Shape;
import org.mpj.coll.tree.Tree;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Split-binary broadcast: the message is cut into a first half of ⌈n/2⌉ items and a second half of
 * ⌊n/2⌋; the root streams the first half, segment by segment, down its left subtree (odd relative
 * ranks) and the second half down its right subtree (even relative ranks) of the binary tree drawn
 * in {@link Tree}, whose subtrees are mirror images. Then each odd relative rank {@code v} swaps
 * halves with its mirror {@code v + 1}; when p is even, relative rank p-1 has no mirror and gets
 * the second half from the root. Each link below the root carries half the message.
 *
 * <pre>
 * p = 6, halves A and B:   0 ─A→ 1 ─A→ 3, 5      0 ─B→ 2 ─B→ 4
 * exchange:                1 ↔ 2, 3 ↔ 4 (A for B);  0 ─B→ 5
 * </pre>
 *
 * When a half is shorter than one segment (or p &lt; 3) splitting gains nothing, and the broadcast
 * runs as {@link BcastPipeline}. With segmentation off each half travels as one message.
 */
public final class BcastSplitBinary {
    public static final String NAME = "splitBinary";

    private BcastSplitBinary() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        Trees trees = Trees.of(c);
        int first = (count + 1) / 2, second = count - first;
        int segItems = trees.segmentBytes == 0 ? Math.max(first, 1) : trees.segmentItems(count, type);
        if (p < 3 || second == 0 || second < segItems && trees.segmentBytes != 0) {
            BcastPipeline.bcast(c, buf, offset, count, type, root);
            return;
        }
        Tree tree = trees.tree(Shape.BINARY, root);
        int vr = (c.rank() - root + p) % p;
        if (vr == 0) {
            streamHalves(c, buf, offset, type, first, second, segItems, tree.children);
            if (p % 2 == 0) {
                c.collSend(buf, offset + first * type.extent, second, type, (p - 1 + root) % p, Tags.BCAST_EXCHANGE);
            }
            return;
        }
        boolean left = (vr & 1) == 1;
        SegmentedBcast.range(c, buf, offset, type, left ? 0 : first, left ? first : second, segItems, tree.parent,
                tree.children, Tags.BCAST);
        int mine = left ? 0 : first, theirs = left ? first : 0;
        int mineCount = left ? first : second, theirCount = left ? second : first;
        int mirror = left ? vr + 1 : vr - 1;
        if (mirror < p) {
            c.collSendrecv(buf, offset + mine * type.extent, mineCount, type, (mirror + root) % p,
                    buf, offset + theirs * type.extent, theirCount, type, (mirror + root) % p, Tags.BCAST_EXCHANGE);
        } else {
            c.collRecv(buf, offset + first * type.extent, second, type, root, Tags.BCAST_EXCHANGE);
        }
    }

    /** The root: segment s of the first half to the left child, of the second half to the right one. */
    private static void streamHalves(Communicator c, Object buf, int offset, TypeMap type, int first, int second,
                                     int segItems, int[] children) {
        EngineRequest[] sends = new EngineRequest[2];
        for (int at = 0; at < first; at += segItems) {
            sends[0] = c.collIsend(buf, offset + at * type.extent, Math.min(segItems, first - at), type,
                    children[0], Tags.BCAST);
            sends[1] = at < second ? c.collIsend(buf, offset + (first + at) * type.extent,
                    Math.min(segItems, second - at), type, children[1], Tags.BCAST) : null;
            c.waitAll(sends);
        }
    }
}
