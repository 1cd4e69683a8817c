package org.mpj.examples.npb;

/**
 * NPB's linear congruential generator x(k+1) = a * x(k) mod 2^46, returning x * 2^-46 in (0, 1).
 * NPB computes it in doubles split into 23-bit halves; the result is exact, so the low 46 bits of a
 * Java long product (which wraps modulo 2^64, a multiple of 2^46) give the same sequence bit for bit.
 */
final class Randlc {
    /** NPB's multiplier 5^13. */
    static final long A = 1220703125L;
    private static final long MASK46 = (1L << 46) - 1;
    private static final double R46 = 0x1p-46;

    private long x;
    private final long a;

    Randlc(long seed, long a) {
        this.x = seed & MASK46;
        this.a = a;
    }

    /** The next number of the sequence (NPB's randlc). */
    double next() {
        x = mul(a, x);
        return x * R46;
    }

    /** Fills y[off .. off+n) with the next n numbers (NPB's vranlc). */
    void fill(double[] y, int off, int n) {
        long s = x;
        for (int i = off, end = off + n; i < end; i++) {
            s = (a * s) & MASK46;
            y[i] = s * R46;
        }
        x = s;
    }

    /** a * x mod 2^46. */
    static long mul(long a, long x) {
        return (a * x) & MASK46;
    }

    /** a^n mod 2^46: the multiplier that skips n numbers ahead. */
    static long power(long a, long n) {
        long result = 1;
        long sq = a & MASK46;
        for (long k = n; k > 0; k >>>= 1) {
            if ((k & 1) != 0) {
                result = mul(result, sq);
            }
            sq = mul(sq, sq);
        }
        return result;
    }

    /** The seed after skipping n numbers from seed s: where a rank's share of one global sequence starts. */
    static long skip(long s, long a, long n) {
        return mul(s, power(a, n));
    }
}
