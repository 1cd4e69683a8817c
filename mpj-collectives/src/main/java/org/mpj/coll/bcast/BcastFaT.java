package org.mpj.coll.bcast;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Four-ary tree broadcast ({@code bFaT}, the broadcast of MPJ Express): over ranks relative to the
 * root, rank {@code v} receives from {@code (v - 1) / 4} and sends, blocking, to {@code 4v + 1 ..
 * 4v + 4}. ⌈log4 p⌉ levels, but up to four sends in sequence per level.
 *
 * <pre>
 * p = 9, root 0:        0
 *                 /   /   \   \
 *                1   2     3   4
 *              / | | \
 *             5  6 7  8
 * </pre>
 */
public final class BcastFaT {
    public static final String NAME = "bFaT";
    static final int FAN_OUT = 4;

    private BcastFaT() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        int vr = (c.rank() - root + p) % p;
        if (vr != 0) {
            c.collRecv(buf, offset, count, type, ((vr - 1) / FAN_OUT + root) % p, Tags.BCAST);
        }
        for (int child = FAN_OUT * vr + 1; child <= FAN_OUT * vr + FAN_OUT && child < p; child++) {
            c.collSend(buf, offset, count, type, (child + root) % p, Tags.BCAST);
        }
    }
}
