package org.mpj.coll.select;

/**
 * One line of the table: for communicators of {@code ranksLo..ranksHi} ranks and messages of
 * {@code bytesLo..bytesHi} bytes (both inclusive), the primitive runs {@code algorithm}.
 * {@code line} is the line number in the file it came from (0 for a rule made in code).
 */
public record Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm,
                   int line) {
    /** The upper bound of an open range ({@code 65536-}). */
    public static final int ANY_RANKS = Integer.MAX_VALUE;
    public static final long ANY_BYTES = Long.MAX_VALUE;

    public Rule(Primitive primitive, int ranksLo, int ranksHi, long bytesLo, long bytesHi, String algorithm) {
        this(primitive, ranksLo, ranksHi, bytesLo, bytesHi, algorithm, 0);
    }

    boolean coversRanks(int ranks) {
        return ranks >= ranksLo && ranks <= ranksHi;
    }

    /** The line as the table file holds it. */
    public String format() {
        return primitive.key + '.' + range(ranksLo, ranksHi, ANY_RANKS) + '.' + range(bytesLo, bytesHi, ANY_BYTES)
                + " = " + algorithm;
    }

    private static String range(long lo, long hi, long any) {
        return hi == any ? lo + "-" : lo + "-" + hi;
    }
}
