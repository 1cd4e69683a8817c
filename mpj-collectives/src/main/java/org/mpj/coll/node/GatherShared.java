package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Gather through memory, one copy per block. Where ranks outnumber cores ({@link Shared#staged}), blocks up
 * to {@link #STAGED_BYTES} go through their owners' stages: a non-root copies its block and leaves at once,
 * as an eager send would, and the root copies each block out of its stage as soon as it is there. Other
 * ones go straight from each rank's send buffer into the root's receive buffer, which the root publishes:
 * every rank copies its own block, so the copies run side by side, and the root leaves once all have; a
 * rank whose block is longer than the root's room fails with ERR_TRUNCATE (there, not at the root, which
 * cannot see it in time).
 */
public final class GatherShared {
    public static final String NAME = "shared";
    /**
     * Blocks up to this many bytes go through stages where ranks outnumber cores. Past it, staged, the
     * root's time a call between barriers (autotuner's check, 3-8 thread ranks on 2 cores) was 12-41%
     * over nbFT's at 4-16 KiB; straight, level. Below it the stages keep back-to-back calls 2-5x faster.
     * benchmarks/results/2026-11-28/shm-rooted-staging.txt.
     */
    static final long STAGED_BYTES = 1024;
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.GATHER);

    private GatherShared() {
    }

    public static void gather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, sendtype) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = b.size;
        if (!Shared.staged(c, b, me, Primitive.GATHER, MessageSize.of(sendcount, sendtype), STAGED_BYTES)) {
            pushed(c, b, me, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        // Turns of the steps this call passes; a pushed call passes rootDone and othersDone instead.
        long k = b.published.next(me), j = b.rootRead.next(me);
        if (me != root) {
            b.contribute(c, me, k, j, true, sendbuf, sendoffset, sendcount, sendtype);
            return;
        }
        b.published.signal(me);   // every rank's flag counts every call, the root's too
        b.takeTurn(me);
        int r = 0;
        try {
            int block = recvcount * recvtype.extent;
            for (; r < p; r++) {   // each block as soon as it is there, while later ranks still arrive
                int at = recvoffset + r * block;
                if (r == root) {
                    Shared.copyIn("Gather", r, sendbuf, sendoffset, sendcount, sendtype, recvbuf, at, recvcount, recvtype);
                } else {
                    b.published.await(c, me, r, k);
                    Shared.copyIn("Gather", r, b.contributions.data(r, k), 0, b.contributions.count(r, k),
                            b.contributions.type(r, k), recvbuf, at, recvcount, recvtype);
                }
                b.took(r);
            }
        } finally {
            for (; r < p; r++) {
                b.took(r);   // after an error too, so that no rank waits for the root forever
            }
            b.rootRead.signal();
        }
    }

    /** Long blocks: the root publishes its receive buffer, every rank copies its own block into it. */
    private static void pushed(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                               TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                               int root) {
        long k = b.rootDone.next(me);
        b.othersDone.next(me);
        if (me != root) {
            b.rootDone.await(c, me, k, 1);
            try {
                int room = b.count[root];
                TypeMap into = b.type[root];
                if (!Shared.fits(sendcount, sendtype, room, into)) {
                    // The root cannot see this rank's count before this rank leaves: the error is raised here.
                    throw new MpjException(ErrorClass.ERR_TRUNCATE, "Gather: this rank sends " + sendcount + " x "
                            + sendtype.describe() + "; root " + root + " has room for " + room + " x "
                            + into.describe() + " per rank");
                }
                Copier.copy(sendbuf, sendoffset, sendtype, b.out[root], b.outOffset[root] + me * room * into.extent,
                        into, sendcount * sendtype.size);
            } finally {
                b.othersDone.signal(me);
            }
            return;
        }
        b.publish(me, null, 0, recvcount, recvtype, recvbuf, recvoffset);
        b.othersDone.signal(me);   // every rank's flag counts every call
        b.rootDone.signal();
        try {
            Shared.copyIn("Gather", root, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                    recvoffset + root * recvcount * recvtype.extent, recvcount, recvtype);
        } finally {
            b.othersDone.awaitOthers(c, me, k, root);
        }
    }
}
