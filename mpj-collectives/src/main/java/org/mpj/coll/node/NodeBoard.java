package org.mpj.coll.node;

import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * What the members of a communicator whose ranks are all threads of one JVM share: each rank's
 * published buffers and the synchronisation steps of the node-aware algorithms.
 *
 * <p>A rank writes its slot before it signals a step; a reader waits for the step before it reads
 * the slot, so the counter's release/acquire orders the two. A rank leaves a call only once every
 * rank that reads its buffers has signalled that it is done with them, so the caller may reuse its
 * arrays at once.
 */
public final class NodeBoard {
    final int size;
    /** Symmetric calls: everyone has published its buffers. */
    final Phase arrived;
    /** Symmetric calls in two rounds: the first round is done everywhere. */
    final Phase midway;
    /** Symmetric calls: everyone has finished reading the others' buffers. */
    final Phase departed;
    /** Rooted calls: the root has published (Bcast, Scatter) or has read everything (Gather, Reduce). */
    final Phase rootDone;
    /** Rooted calls: each non-root has copied (Bcast, Scatter) or published (Gather, Reduce). */
    final RankFlags othersDone;

    final Object[] buf;
    final int[] offset;
    final int[] count;
    final TypeMap[] type;
    final Object[] out;
    final int[] outOffset;
    final int[][] counts;
    final int[][] displs;

    public NodeBoard(int size) {
        this.size = size;
        this.arrived = new Phase(size);
        this.midway = new Phase(size);
        this.departed = new Phase(size);
        this.rootDone = new Phase(size);
        this.othersDone = new RankFlags(size);
        this.buf = new Object[size];
        this.offset = new int[size];
        this.count = new int[size];
        this.type = new TypeMap[size];
        this.out = new Object[size];
        this.outOffset = new int[size];
        this.counts = new int[size][];
        this.displs = new int[size][];
    }

    /** The board of {@code c}, or null when some member is not a thread of this JVM. */
    static NodeBoard of(Communicator c) {
        return (NodeBoard) c.localBoard();
    }

    /** Publishes this rank's buffers (without signalling). */
    void publish(int me, Object b, int off, int n, TypeMap t, Object o, int oOff) {
        buf[me] = b;
        offset[me] = off;
        count[me] = n;
        type[me] = t;
        out[me] = o;
        outOffset[me] = oOff;
    }

    /** Publishes, signals {@link #arrived} and waits for everyone's arrival: returns the pass of departed to use. */
    void arriveAll(Communicator c, Object b, int off, int n, TypeMap t, Object o, int oOff) {
        int me = c.rank();
        publish(me, b, off, n, t, o, oOff);
        long k = arrived.next(me);
        arrived.signal();
        arrived.await(c, k, size);
    }

    /** Signals that this rank is done reading and waits until every rank is. */
    void departAll(Communicator c) {
        long k = departed.next(c.rank());
        departed.signal();
        departed.await(c, k, size);
    }
}
