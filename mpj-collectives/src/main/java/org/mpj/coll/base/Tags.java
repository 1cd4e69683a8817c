package org.mpj.coll.base;

/**
 * Message tags of the collectives, one per primitive (and per phase where an algorithm has two), on
 * the collective context of a communicator. Distinct tags keep one primitive's messages from ever
 * matching another's, even when a fast rank enters the next collective early. Every algorithm of a
 * primitive uses that primitive's tags; a composition (Allgather as Gather+Bcast) uses the tags of its
 * parts, which is safe because no collective receives from ANY_SOURCE and messages between two ranks
 * never overtake each other. Init's warm-up exchange (org.mpj.core.WarmUp) uses tag 1 << 20 on the same
 * context.
 */
public final class Tags {
    public static final int BARRIER = 1;
    public static final int BCAST = 2;
    /** The ring (allgather) phase of a scatter-allgather broadcast. */
    public static final int BCAST_RING = 3;
    public static final int REDUCE = 4;
    public static final int ALLREDUCE = 5;
    public static final int GATHER = 6;
    public static final int GATHERV = 7;
    public static final int SCATTER = 8;
    public static final int SCATTERV = 9;
    public static final int ALLGATHER = 10;
    public static final int ALLGATHERV = 11;
    public static final int ALLTOALL = 12;
    public static final int ALLTOALLV = 13;
    public static final int REDUCE_SCATTER = 14;
    public static final int SCAN = 15;
    /** The mirror exchange of halves of a split-binary broadcast. */
    public static final int BCAST_EXCHANGE = 16;

    private Tags() {
    }
}
