package org.mpj.coll.node;

import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.coll.LocalCounter;
import org.mpj.core.datatype.TypeMap;

/**
 * What the members of a communicator whose ranks are all threads of one JVM share: each rank's
 * published buffers and the synchronisation steps of the node-aware algorithms. Slots are indexed
 * by local rank (the members of the communicator in this JVM, in rank order); the algorithms take
 * the local rank {@code me} and the local root, so that hierarchical algorithms can run them on the
 * members of one JVM of a larger communicator.
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
    /** Symmetric calls: everyone has finished reading the others' buffers. */
    final Phase departed;
    /** Rooted calls: the root has published (Bcast, Scatter) or has read everything (Gather, Reduce). */
    final Phase rootDone;
    /** Rooted calls: each non-root has copied (Bcast, Scatter) or published (Gather, Reduce). */
    final RankFlags othersDone;

    /**
     * Short messages, copied in so that their owner need not wait for its readers: one set for the
     * symmetric calls (turns of {@link #arrived}) and one for the rooted calls (turns of {@link #rootDone}).
     */
    final Stages stages;
    final Stages rootStages;
    /**
     * How many calls a Bcast root may run ahead of its slowest reader. Symmetric calls need no more
     * than two turns (everyone waits for everyone each call); a root that need not wait can hand
     * several short messages over before its readers are scheduled, which matters when ranks
     * outnumber cores.
     */
    static final int ROOT_TURNS = 8;
    /** Gather and Reduce: each rank has published its send buffer (every rank signals every call). */
    final RankFlags published;
    /** Gather and Reduce: the root has read every send buffer. */
    final Phase rootRead;
    /**
     * Gather and Reduce: the root has read rank r's buffer in the k-th such call when flag r reaches k
     * (counted by this flag set's own turns, as other calls pass {@link #published}); the root
     * advances every rank's flag (its own too) once per call, so a rank whose long contribution has
     * been read leaves while the root reads the others'.
     */
    final RankFlags taken;
    /**
     * Gather and Reduce: short contributions, copied in by turns of {@link #published} so that a
     * non-root need not wait for the root to read them; a stage is rewritten {@link #ROOT_TURNS} calls
     * later, once {@link #rootRead} says the root has read that call.
     */
    final Stages contributions;

    /**
     * Per local rank, {@link #STAGED_STRIDE} apart, and per primitive (its ordinal), the calls that asked
     * {@link Shared#staged}: every rank asks once per call, in the order of the calls, so all agree on
     * the count of a call.
     */
    private final long[] stagedCalls;
    /** A rank's counts apart from the next rank's: a cache line or two ({@link LocalCounter#PAD}). */
    private static final int STAGED_STRIDE = Math.max(LocalCounter.PAD, Primitive.values().length);

    /**
     * 0 where this is rank {@code me}'s 1st, 2nd, 4th, 8th ... call of {@code p} that asks, else 1, with no
     * branch: {@code n & (n - 1)} is 0 only for a power of two, and adding Long.MAX_VALUE carries any
     * other value into the sign bit.
     */
    long stageable(int me, Primitive p) {
        long n = ++stagedCalls[me * STAGED_STRIDE + p.ordinal()];
        return ((n & (n - 1)) + Long.MAX_VALUE) >>> 63;
    }

    /** Hierarchical calls: how the communicator's ranks lie on nodes; made on first use. */
    volatile NodeLayout layout;

    final Object[] buf;
    final int[] offset;
    final int[] count;
    final TypeMap[] type;
    final Object[] out;
    final int[] outOffset;
    /**
     * Alltoallv: each rank's send counts and displacements and whether its data is staged, per turn
     * of {@link #stages}; copies, since a rank whose data is staged leaves
     * before its readers. Only the owner writes (and allocates) its slots.
     */
    final int[][][] sendCounts;
    final int[][][] sendDispls;
    final boolean[][] sendStaged;

    public NodeBoard(int size) {
        this.size = size;
        this.arrived = new Phase(size);
        this.departed = new Phase(size);
        this.rootDone = new Phase(size);
        this.othersDone = new RankFlags(size);
        this.published = new RankFlags(size);
        this.rootRead = new Phase(size);
        this.contributions = new Stages(size, ROOT_TURNS, Stages.SMALL_FIRST_BYTES);
        this.taken = new RankFlags(size);
        this.stages = new Stages(size, 2, Stages.MAX_BYTES);
        this.rootStages = new Stages(size, ROOT_TURNS, Stages.SMALL_FIRST_BYTES);
        this.buf = new Object[size];
        this.offset = new int[size];
        this.count = new int[size];
        this.type = new TypeMap[size];
        this.out = new Object[size];
        this.outOffset = new int[size];
        this.sendCounts = new int[size][stages.turns()][];
        this.sendDispls = new int[size][stages.turns()][];
        this.sendStaged = new boolean[size][stages.turns()];
        this.stagedCalls = new long[(size + 1) * STAGED_STRIDE];
    }

    /**
     * The board of the members of {@code c} that are threads of this JVM (indexed by
     * {@link Communicator#localRank}), or null for an intercommunicator.
     */
    static NodeBoard of(Communicator c) {
        return (NodeBoard) c.localBoard();
    }

    /** The board of {@code c} when every member is a thread of this JVM, else null. */
    static NodeBoard whole(Communicator c) {
        NodeBoard b = (NodeBoard) c.localBoard();
        return b != null && b.size == c.size() ? b : null;
    }

    /**
     * Gather and Reduce, a non-root's part: a short contribution ({@code staged}) is copied into this
     * rank's stage, once the root has read the call that last used it, and the rank leaves; a long one
     * is published and the rank waits until the root has read it ({@link #taken}). {@code k} and
     * {@code j} are this call's turns of {@link #published} and {@link #rootRead}.
     */
    void contribute(Communicator c, int me, long k, long j, boolean staged, Object b, int off, int n, TypeMap t) {
        long turn = taken.next(me);
        if (staged) {
            if (j > ROOT_TURNS) {
                rootRead.await(c, me, j - ROOT_TURNS, 1);
            }
            contributions.put(me, k, b, off, n, t);
            published.signal(me);
            return;
        }
        publish(me, b, off, n, t, null, 0);
        published.signal(me);
        taken.awaitMine(c, me, turn);
    }

    /** Gather and Reduce, the root's turn of {@link #taken}: call once per call, before {@link #took}. */
    void takeTurn(int me) {
        taken.next(me);
    }

    /** Gather and Reduce, the root's part: it has read rank {@code r}'s contribution to this call. */
    void took(int r) {
        taken.signal(r);
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
    void arriveAll(Communicator c, int me, Object b, int off, int n, TypeMap t, Object o, int oOff) {
        publish(me, b, off, n, t, o, oOff);
        long k = arrived.next(me);
        arrived.signal();
        arrived.await(c, me, k, size);
    }

    /**
     * Copies this rank's vector into its stage of the next turn of {@link #arrived}, signals and waits
     * for everyone's: returns the turn, whose stages every rank may now read.
     */
    long stageAll(Communicator c, int me, Object b, int off, int n, TypeMap t) {
        long k = arrived.next(me);
        stages.put(me, k, b, off, n, t);
        arrived.signal();
        arrived.await(c, me, k, size);
        return k;
    }

    /**
     * True when every rank's stage of turn {@code k} is laid out as {@code t}, so that operators can
     * combine them item by item; else (same signature, other holes) every rank sees it and takes messages.
     */
    boolean stagedAlike(long k, TypeMap t) {
        for (int r = 0; r < size; r++) {
            if (!stages.type(r, k).sameShape(t)) {
                return false;
            }
        }
        return true;
    }

    /** The same for the buffers published at {@link #arriveAll}. */
    boolean publishedAlike(TypeMap t) {
        for (int r = 0; r < size; r++) {
            if (!type[r].sameShape(t)) {
                return false;
            }
        }
        return true;
    }

    /** Signals that this rank is done reading and waits until every rank is. */
    void departAll(Communicator c, int me) {
        long k = departed.next(me);
        departed.signal();
        departed.await(c, me, k, size);
    }
}
