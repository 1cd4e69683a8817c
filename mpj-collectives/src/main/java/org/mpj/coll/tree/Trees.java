package org.mpj.coll.tree;

import java.util.Arrays;
import org.mpj.coll.base.KeptArrays;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.Waiting;

/**
 * The segmented tree engine's state of one communicator: the job's segment size, the trees built
 * so far, one per (shape, root), built on first use and reused by every later call, and the walks'
 * buffers and requests, kept so that a call allocates none once they have grown. Each rank has
 * its own communicator object (and so its own Trees), and a communicator's collectives run one at a
 * time (MPI forbids concurrent collectives on one communicator), so nothing here needs a lock.
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

    /**
     * Largest array kept between calls, per slot and base type: 1 MiB (128 segments of the default
     * size). A communicator keeps at most {@link #BUFFER_SLOTS} of them per base type it reduces, for
     * as long as it lives; past the bound a call allocates, which costs little beside moving that much.
     */
    public static final long MAX_KEPT_BYTES = 1L << 20;
    /** Slots of {@link #buffers}: the reduction walk's accumulator and its two segment buffers. */
    static final int ACC = 0, SEGMENT_A = 1, SEGMENT_B = 2, BUFFER_SLOTS = 3;
    /** Most requests of each kind kept: a leaf receiving more segments than this allocates its requests. */
    static final int MAX_KEPT_REQUESTS = 1024;

    private final Communicator comm;
    public final int segmentBytes;
    private final Tree[][] cache = new Tree[Shape.values().length][];
    /** The walks' buffers ({@link #ACC}, {@link #SEGMENT_A}, {@link #SEGMENT_B}). */
    final KeptArrays buffers = new KeptArrays(BUFFER_SLOTS, MAX_KEPT_BYTES);
    /** The walks' requests, reused call after call: each is complete whenever no walk runs. */
    private EngineRequest[] sends = new EngineRequest[0], receives = new EngineRequest[0];

    public Trees(Communicator comm, int segmentBytes) {
        this.comm = comm;
        this.segmentBytes = segmentBytes;
    }

    /** At least {@code n} complete send requests for a walk to start with {@link Communicator#collIsendInto}. */
    EngineRequest[] sends(int n) {
        return n > MAX_KEPT_REQUESTS ? fresh(n, EngineRequest.SEND) : (sends = grown(sends, n, EngineRequest.SEND));
    }

    /** At least {@code n} complete receive requests for a walk to start with {@link Communicator#collIrecvInto}. */
    EngineRequest[] receives(int n) {
        return n > MAX_KEPT_REQUESTS ? fresh(n, EngineRequest.RECV)
                : (receives = grown(receives, n, EngineRequest.RECV));
    }

    /**
     * {@code a}, grown to n requests at least. A request still pending (a call that failed part-way
     * and was caught) is replaced, never restarted while it may still be posted.
     */
    private static EngineRequest[] grown(EngineRequest[] a, int n, int kind) {
        if (a.length < n) {
            EngineRequest[] b = Arrays.copyOf(a, Math.min(MAX_KEPT_REQUESTS, Math.max(n, 2 * a.length)));
            for (int i = a.length; i < b.length; i++) {
                b[i] = new EngineRequest(kind);
            }
            a = b;
        }
        for (int i = 0; i < n; i++) {
            if (!a[i].isComplete()) {
                a[i] = new EngineRequest(kind);
            }
        }
        return a;
    }

    private static EngineRequest[] fresh(int n, int kind) {
        return grown(new EngineRequest[0], n, kind);
    }

    /** Waits for {@code r} and throws its failure; unlike c.waitAll(r), no varargs array. */
    static void await(Communicator c, EngineRequest r) {
        Waiting.await(r, c.rankContext());
        Communicator.throwIfFailed(r);
    }

    /** Waits for requests {@code [0, n)} of {@code a} in order. */
    static void awaitAll(Communicator c, EngineRequest[] a, int n) {
        for (int i = 0; i < n; i++) {
            await(c, a[i]);
        }
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
