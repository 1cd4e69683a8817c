package org.mpj.coll.node;

import org.mpj.core.Communicator;
import org.mpj.core.coll.LocalCounter;

/**
 * One synchronisation step that some calls of a communicator pass through: a shared counter and,
 * per rank, how many times that rank has passed the step. Every rank passes the steps of one
 * communicator in the same order, so rank r's k-th pass and rank s's k-th pass belong to the same
 * call: the step of that call is complete for n contributors per call once the counter reaches k × n.
 * That holds only where a rank cannot pass k+1 before the count of pass k is complete — where
 * every contributor waits for the full count (all ranks), or the one contributor of each call
 * waits for the previous full count (the root) — else use {@link RankFlags}.
 */
final class Phase {
    private final LocalCounter counter;
    /** Passes per rank, each written only by its rank, {@link LocalCounter#PAD} apart (a cache line or two). */
    private final long[] passes;

    Phase(int size) {
        this.counter = new LocalCounter(size);
        this.passes = new long[size * LocalCounter.PAD];
    }

    /** This rank's next pass: returns k, to wait for with {@link #await}. */
    long next(int me) {
        return ++passes[me * LocalCounter.PAD];
    }

    /** Adds this rank's contribution to its current pass (release: what it wrote before is visible). */
    void signal() {
        counter.add(1);
    }

    /** Waits, as local rank {@code me}, until {@code perPass} contributions per pass reached pass {@code k}. */
    void await(Communicator c, int me, long k, int perPass) {
        counter.awaitAtLeast(k * perPass, me, c.rankContext());
    }
}
