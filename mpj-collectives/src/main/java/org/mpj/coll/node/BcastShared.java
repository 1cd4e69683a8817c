package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Bcast through memory. Where the host's ranks outnumber its cores, messages up to
 * {@link #STAGED_BYTES}: the root copies its buffer into its stage and leaves; each other rank copies
 * out of the stage. The root rewrites a stage {@link NodeBoard#ROOT_TURNS} calls later, after waiting
 * for every rank to have finished the call that read it, so it runs at most that many calls ahead.
 * Longer messages, and every message where each rank has a core: the root publishes its buffer,
 * every other rank copies straight out of it (one copy), and the root leaves when all have.
 * Falls back to the default algorithm where ranks do not share memory and for MPI.OBJECT.
 */
public final class BcastShared {
    public static final String NAME = "shared";
    /**
     * Bcasts up to this many bytes go through the root's stage. Above the symmetric calls' limit
     * ({@link Stages#MAX_BYTES}) because a root that waits for its readers waits for p-1 threads to be
     * scheduled, while one extra copy of 64 KiB costs about 2 us: MpiJavaBench, 4 ranks, 3 runs, 32 KiB
     * 9.0-9.3 us unstaged, 1.9-2.4 staged, 64 KiB 10.0-10.9 against 3.2-4.1 (2, 3 and 8 ranks alike);
     * at 128 KiB and more staging gained nothing. Memory: {@link NodeBoard#ROOT_TURNS} stages per rank
     * that is a root.
     * <p>Only where ranks outnumber cores ({@link Shared#staged}): on 2 thread ranks with a
     * core each, 64 KiB 1.4-1.9 us against 7.0-29 staged (Open MPI 6.6-8.3).
     */
    static final long STAGED_BYTES = 64 * 1024;
    private static final Algorithm.Bcast FALLBACK = (Algorithm.Bcast) Catalog.defaultAlgorithm(Primitive.BCAST);

    private BcastShared() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, type) || c.size() == 1) {
            FALLBACK.bcast(c, buf, offset, count, type, root);
            return;
        }
        local(c, b, c.rank(), buf, offset, count, type, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object buf, int offset, int count, TypeMap type, int root) {
        int p = b.size;
        long k = b.rootDone.next(me);
        b.othersDone.next(me);
        boolean staged = Shared.staged(c, b, me, Primitive.BCAST, MessageSize.of(count, type), STAGED_BYTES);
        if (me == root) {
            if (staged) {
                int turns = b.rootStages.turns();
                if (k > turns) {
                    b.othersDone.awaitOthers(c, me, k - turns, root);
                }
                b.rootStages.put(me, k, buf, offset, count, type);
            } else {
                b.publish(me, buf, offset, count, type, null, 0);
            }
            b.othersDone.signal(me);   // every rank's flag counts every call
            b.rootDone.signal();
            if (!staged) {
                b.othersDone.awaitOthers(c, me, k, root);
            }
            return;
        }
        b.rootDone.await(c, me, k, 1);
        try {
            if (staged) {
                Shared.copyIn("Bcast", root, b.rootStages.data(root, k), 0, b.rootStages.count(root, k),
                        b.rootStages.type(root, k), buf, offset, count, type);
            } else {
                Shared.copyIn("Bcast", root, b.buf[root], b.offset[root], b.count[root], b.type[root], buf, offset,
                        count, type);
            }
        } finally {
            b.othersDone.signal(me);
        }
    }
}
