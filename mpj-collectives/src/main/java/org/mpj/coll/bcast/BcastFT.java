package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree broadcast: the root sends the whole message to every other rank itself, in rank order
 * after it. {@code bFT} sends one message at a time (blocking sends); {@code nbFT} starts them all
 * and waits once, so that with the shm device the receivers of large messages copy in parallel.
 *
 * <pre>
 * p = 4, root 1:   1 → 2, 1 → 3, 1 → 0
 * </pre>
 *
 * p - 1 sends from one rank: for small communicators, and as the base case of the comparison.
 */
public final class BcastFT {
    public static final String BLOCKING = "bFT";
    public static final String NON_BLOCKING = "nbFT";

    private BcastFT() {
    }

    public static void blocking(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        if (c.rank() != root) {
            c.collRecv(buf, offset, count, type, root, Tags.BCAST);
            return;
        }
        for (int k = 1; k < p; k++) {
            c.collSend(buf, offset, count, type, (root + k) % p, Tags.BCAST);
        }
    }

    public static void nonBlocking(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        if (c.rank() != root) {
            c.collRecv(buf, offset, count, type, root, Tags.BCAST);
            return;
        }
        EngineRequest[] sends = new EngineRequest[p - 1];
        for (int k = 1; k < p; k++) {
            sends[k - 1] = c.collIsend(buf, offset, count, type, (root + k) % p, Tags.BCAST);
        }
        c.waitAll(sends);
    }
}
