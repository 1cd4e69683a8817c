package org.mpj.coll.select;

/**
 * One line of the table: for communicators of {@code ranksLo..ranksHi} ranks and messages of
 * {@code bytesLo..bytesHi} bytes (both inclusive), the primitive runs {@code algorithm}; where
 * {@code placement} is not null, only on communicators placed so; where {@code oversubscribed}, only
 * where the ranks outnumber their host's cores ({@link Selector#oversubscribed}). {@code line} is the
 * line number in the file it came from (0 for a rule made in code).
 */
public record Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm,
                   int line, Placement placement, boolean oversubscribed) {
    /** The upper bound of an open range ({@code 65536-}). */
    public static final int ANY_RANKS = Integer.MAX_VALUE;
    public static final long ANY_BYTES = Long.MAX_VALUE;
    /** The table's word for {@link #oversubscribed} rules: {@code oversubscribed:shm:bcast.3-8.0- = nbFT}. */
    public static final String OVERSUBSCRIBED = "oversubscribed";

    public Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm) {
        this(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, 0, null, false);
    }

    public Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm, int line) {
        this(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, line, null, false);
    }

    /** The same rule for communicators placed so only. */
    public Rule only(Placement where) {
        return new Rule(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, line, where, oversubscribed);
    }

    /** The same rule for ranks that outnumber their cores only. */
    public Rule whenOversubscribed() {
        return new Rule(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, line, placement, true);
    }

    /** The same rule for communicators of {@code lo..hi} ranks. */
    public Rule ranks(int lo, int hi) {
        return new Rule(primitive, lo, hi, bytesLo, bytesHi, algorithm, line, placement, oversubscribed);
    }

    /**
     * Whether this rule may apply to a communicator placed so, by its own limits and its algorithm's;
     * an oversubscribed rule only where {@code oversubscribed} ({@link Selector#oversubscribed}).
     */
    boolean appliesTo(Placement where, boolean oversubscribed) {
        return (placement == null || placement == where)
                && (!this.oversubscribed || oversubscribed)
                && Catalog.appliesTo(Catalog.lookup(primitive, algorithm), where);
    }

    boolean coversRanks(int ranks) {
        return ranks >= ranksLo && ranks <= ranksHi;
    }

    /** The line as the table file holds it. */
    public String format() {
        return (oversubscribed ? OVERSUBSCRIBED + ':' : "") + (placement == null ? "" : placement.key + ':')
                + primitive.key + '.' + range(ranksLo, ranksHi, ANY_RANKS) + '.' + range(bytesLo, bytesHi, ANY_BYTES)
                + " = " + algorithm;
    }

    private static String range(long lo, long hi, long any) {
        return hi == any ? lo + "-" : lo + "-" + hi;
    }
}
