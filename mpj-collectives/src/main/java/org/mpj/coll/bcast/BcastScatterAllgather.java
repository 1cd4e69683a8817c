package org.mpj.coll.bcast;

import org.mpj.coll.base.BinomialTree;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Broadcast of large messages by scatter then ring allgather (van de Geijn): the message is cut into
 * p chunks of whole items; chunk {@code i} belongs to relative rank {@code i}. A binomial scatter
 * (see {@link BinomialTree}) hands each subtree its contiguous run of chunks, then p - 1 ring steps
 * pass every chunk around. Each rank sends and receives about 2·n bytes in all, instead of the
 * log2(p)·n of a binomial tree, at the price of p - 1 extra latencies.
 *
 * <pre>
 * p = 4, root 0, chunks A B C D
 * scatter:  0 --[C D]--> 2,  then 0 --[B]--> 1 and 2 --[D]--> 3
 * ring:     step s: relative rank v sends chunk v-s to v+1 and receives chunk v-s-1 from v-1
 * </pre>
 *
 * Every transfer lands straight in the caller's buffer at its chunk's place: no temporary buffer,
 * any datatype (chunks are runs of items, so holes of derived types stay untouched).
 */
public final class BcastScatterAllgather {
    public static final String NAME = "scatterAllgather";

    private BcastScatterAllgather() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        int p = c.size();
        if (p == 1) {
            return;
        }
        int vr = BinomialTree.relative(c.rank(), root, p);
        int chunk = (int) (((long) count + p - 1) / p);
        scatter(c, buf, offset, count, type, root, vr, chunk);
        ring(c, buf, offset, count, type, root, vr, chunk);
    }

    /** First item of chunk {@code i}; chunk {@code i} ends where chunk {@code i + 1} starts. */
    private static int start(int i, int chunk, int count) {
        return (int) Math.min((long) i * chunk, count);
    }

    private static void scatter(Communicator c, Object buf, int offset, int count, TypeMap type, int root,
                                int vr, int chunk) {
        int p = c.size();
        if (vr != 0) {
            int first = start(vr, chunk, count);
            int end = start(vr + BinomialTree.subtreeSize(vr, p), chunk, count);
            c.collRecv(buf, offset + first * type.extent, end - first, type,
                    BinomialTree.rank(BinomialTree.parent(vr), root, p), Tags.BCAST);
        }
        for (int m = BinomialTree.span(vr, p) >> 1; m > 0; m >>= 1) {
            int child = vr + m;
            if (child < p) {
                int first = start(child, chunk, count);
                int end = start(child + BinomialTree.subtreeSize(child, p), chunk, count);
                c.collSend(buf, offset + first * type.extent, end - first, type, BinomialTree.rank(child, root, p),
                        Tags.BCAST);
            }
        }
    }

    private static void ring(Communicator c, Object buf, int offset, int count, TypeMap type, int root,
                             int vr, int chunk) {
        int p = c.size();
        int right = BinomialTree.rank((vr + 1) % p, root, p);
        int left = BinomialTree.rank((vr - 1 + p) % p, root, p);
        for (int s = 0; s < p - 1; s++) {
            int out = (vr - s + p) % p, in = (vr - s - 1 + p) % p;
            int outFirst = start(out, chunk, count), outEnd = start(out + 1, chunk, count);
            int inFirst = start(in, chunk, count), inEnd = start(in + 1, chunk, count);
            c.collSendrecv(buf, offset + outFirst * type.extent, outEnd - outFirst, type, right,
                    buf, offset + inFirst * type.extent, inEnd - inFirst, type, left, Tags.BCAST_RING);
        }
    }
}
