package org.mpj.coll.select;

/** The collective primitives, by the key that settings and the table use for them. */
public enum Primitive {
    BARRIER("barrier", false),
    BCAST("bcast", true),
    GATHER("gather", true),
    GATHERV("gatherv", false),
    SCATTER("scatter", true),
    SCATTERV("scatterv", false),
    ALLGATHER("allgather", true),
    ALLGATHERV("allgatherv", true),
    ALLTOALL("alltoall", true),
    ALLTOALLV("alltoallv", false),
    REDUCE("reduce", true),
    ALLREDUCE("allreduce", true),
    REDUCE_SCATTER("reduce_scatter", true),
    SCAN("scan", true);

    /** Name in {@code mpj.coll.<key>} settings and in table lines. */
    public final String key;
    /**
     * Whether a call picks its algorithm by message size. Barrier has no message; in Gatherv, Scatterv
     * and Alltoallv only some ranks know the counts, or every rank knows others, yet all must pick the
     * same algorithm: those pick by the rule that covers 0 bytes.
     */
    public final boolean bySize;

    Primitive(String key, boolean bySize) {
        this.key = key;
        this.bySize = bySize;
    }

    /** The primitive with this key, or null. */
    public static Primitive ofKey(String key) {
        for (Primitive p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }

    /** Every key, for error messages. */
    public static String keys() {
        StringBuilder sb = new StringBuilder();
        for (Primitive p : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(p.key);
        }
        return sb.toString();
    }
}
