package org.mpj.coll.base;

/**
 * Where rank {@code r}'s block lies in a buffer of per-rank blocks, for algorithms written once for
 * a primitive and its v-form: with {@code counts == null} every block has {@code uniform} items and
 * block r starts at item {@code r * uniform}; otherwise {@code counts[r]} items at {@code displs[r]}
 * (0 for a null {@code displs}). Saves the plain form from building count arrays on every call.
 */
public final class Blocks {
    private Blocks() {
    }

    public static int count(int[] counts, int uniform, int r) {
        return counts == null ? uniform : counts[r];
    }

    /** The first item of block r. */
    public static int start(int[] counts, int[] displs, int uniform, int r) {
        return counts == null ? r * uniform : displs == null ? 0 : displs[r];
    }
}
