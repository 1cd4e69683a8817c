package org.mpj.coll.select;

/**
 * The rules of one primitive that apply to one communicator size, as flat arrays: a call scans
 * them for its message size, with no allocation and no lock.
 */
public final class Choice {
    private final long[] bytesLo;
    private final long[] bytesHi;
    private final Object[] algorithms;
    private final Object fallback;

    Choice(long[] bytesLo, long[] bytesHi, Object[] algorithms, Object fallback) {
        this.bytesLo = bytesLo;
        this.bytesHi = bytesHi;
        this.algorithms = algorithms;
        this.fallback = fallback;
    }

    /** The algorithm for a message of {@code bytes}; the caller casts it to its primitive's shape. */
    public Object pick(long bytes) {
        for (int i = 0; i < algorithms.length; i++) {
            if (bytes >= bytesLo[i] && bytes <= bytesHi[i]) {
                return algorithms[i];
            }
        }
        return fallback;
    }
}
