package org.mpj.coll.node;

import org.mpj.core.Communicator;
import org.mpj.core.coll.LocalCounter;

/**
 * A counter per rank that only its rank advances, once per call that uses it: where one rank waits
 * for the others (the root of a Bcast for their copies), a shared count could be reached by a fast
 * rank's next call before a slow rank has finished this one; a flag per rank cannot.
 */
final class RankFlags {
    private final LocalCounter[] flags;
    /** Calls per rank, each written only by its rank, {@link LocalCounter#PAD} apart (a cache line or two). */
    private final long[] passes;

    RankFlags(int size) {
        this.flags = new LocalCounter[size];
        for (int r = 0; r < size; r++) {
            flags[r] = new LocalCounter(size);
        }
        this.passes = new long[size * LocalCounter.PAD];
    }

    /** This rank's next call: returns its number k. */
    long next(int me) {
        return ++passes[me * LocalCounter.PAD];
    }

    /** Marks this rank's current call done (release); every rank signals every call, the root included. */
    void signal(int me) {
        flags[me].add(1);
    }

    /** Waits (as local rank {@code me}) until its own flag has reached call {@code k} (another rank advances it). */
    void awaitMine(Communicator c, int me, long k) {
        flags[me].awaitAtLeast(k, me, c.rankContext());
    }

    /** Waits (as local rank {@code me}) until rank {@code r} has signalled call {@code k}. */
    void await(Communicator c, int me, int r, long k) {
        flags[r].awaitAtLeast(k, me, c.rankContext());
    }

    /** Waits (as local rank {@code me}) until every rank but {@code except} has signalled call {@code k}. */
    void awaitOthers(Communicator c, int me, long k, int except) {
        for (int r = 0; r < flags.length; r++) {
            if (r != except) {
                await(c, me, r, k);
            }
        }
    }
}
