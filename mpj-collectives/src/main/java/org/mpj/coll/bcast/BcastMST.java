package org.mpj.coll.bcast;

import org.mpj.coll.base.Mst;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Minimum-spanning-tree broadcast (see {@link Mst}): at each level a rank that has the message sends
 * it to the far end of the other half of its range. ⌈log2 p⌉ rounds of the whole message, straight
 * between the caller's buffers, any datatype.
 */
public final class BcastMST {
    public static final String NAME = "MST";

    private BcastMST() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int me = c.rank();
        Mst s = Mst.of(me, root, c.size());
        for (int k = 0; k < s.levels; k++) {
            if (s.root[k] == me) {
                c.collSend(buf, offset, count, type, s.partner[k], Tags.BCAST);
            } else {
                c.collRecv(buf, offset, count, type, s.root[k], Tags.BCAST);
            }
        }
    }
}
