package org.mpj.coll.select;

/**
 * One line of the table: for communicators of {@code ranksLo..ranksHi} ranks and messages of
 * {@code bytesLo..bytesHi} bytes (both inclusive), the primitive runs {@code algorithm}; where
 * {@code placement} is not null, only on communicators placed so. {@code line} is the line number in
 * the file it came from (0 for a rule made in code).
 */
public record Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm,
                   int line, Placement placement) {
    /** The upper bound of an open range ({@code 65536-}). */
    public static final int ANY_RANKS = Integer.MAX_VALUE;
    public static final long ANY_BYTES = Long.MAX_VALUE;

    public Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm) {
        this(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, 0, null);
    }

    public Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm, int line) {
        this(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, line, null);
    }

    /** The same rule for communicators placed so only. */
    public Rule only(Placement where) {
        return new Rule(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, line, where);
    }

    /** Whether this rule may apply to a communicator placed so, by its own limit and its algorithm's. */
    boolean appliesTo(Placement where) {
        return (placement == null || placement == where) && Catalog.appliesTo(Catalog.lookup(primitive, algorithm), where);
    }

    boolean coversRanks(int ranks) {
        return ranks >= ranksLo && ranks <= ranksHi;
    }

    /** The line as the table file holds it. */
    public String format() {
        return (placement == null ? "" : placement.key + ':') + primitive.key + '.' + range(ranksLo, ranksHi, ANY_RANKS)
                + '.' + range(bytesLo, bytesHi, ANY_BYTES) + " = " + algorithm;
    }

    private static String range(long lo, long hi, long any) {
        return hi == any ? lo + "-" : lo + "-" + hi;
    }
}
