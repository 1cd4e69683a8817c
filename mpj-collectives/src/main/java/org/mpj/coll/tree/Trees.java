package org.mpj.coll.tree;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * The segmented tree engine's state of one communicator: the job's segment size and the trees built
 * so far, one per (shape, root), built on first use and reused by every later call. A communicator's
 * collectives run one at a time, so the cache needs no lock.
 */
public final class Trees {
    /** Setting: bytes per segment of the segmented tree algorithms; 0 sends each message whole. */
    public static final String SEGMENT_BYTES = "mpj.coll.segmentBytes";
    /**
     * 8 KiB: below the default 16 KiB eager limit, so a forwarded segment never waits for its
     * receiver; Open MPI's coll/tuned uses segments of 1-32 KiB for its tree broadcasts.
     */
    public static final int DEFAULT_SEGMENT_BYTES = 8192;
    /** Largest segment: 1 GiB, well past any message that is worth cutting. */
    public static final int MAX_SEGMENT_BYTES = 1 << 30;
    /** What an MPI.OBJECT element counts for when cutting segments (its size is unknown until serialized). */
    static final int OBJECT_ELEMENT_BYTES = 8;

    /** Implemented by the collectives of a communicator, which own its {@link Trees}. */
    public interface Owner {
        Trees trees();
    }

    private final Communicator comm;
    public final int segmentBytes;
    private final Tree[][] cache = new Tree[Shape.values().length][];

    public Trees(Communicator comm, int segmentBytes) {
        this.comm = comm;
        this.segmentBytes = segmentBytes;
    }

    /** The engine state of {@code c}. */
    public static Trees of(Communicator c) {
        return ((Owner) c.collectives()).trees();
    }

    /** This rank's view of {@code shape} rooted at {@code root}, built once. */
    public Tree tree(Shape shape, int root) {
        Tree[] byRoot = cache[shape.ordinal()];
        if (byRoot == null) {
            byRoot = cache[shape.ordinal()] = new Tree[comm.size()];
        }
        Tree t = byRoot[root];
        if (t == null) {
            t = byRoot[root] = Tree.build(shape, comm.size(), root, comm.rank());
        }
        return t;
    }

    /** Items of {@code type} per segment of a message of {@code count} items: at least 1, at most count. */
    public int segmentItems(int count, TypeMap type) {
        long itemBytes = (long) type.size * (type.base.byteSize() == 0 ? OBJECT_ELEMENT_BYTES : type.base.byteSize());
        if (segmentBytes == 0 || itemBytes == 0 || count == 0) {
            return Math.max(count, 1);
        }
        return (int) Math.max(1, Math.min(count, segmentBytes / itemBytes));
    }
}
