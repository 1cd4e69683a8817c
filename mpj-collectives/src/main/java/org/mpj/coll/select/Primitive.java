package org.mpj.coll.select;

/** The collective primitives, by the key that settings and the table use for them. */
public enum Primitive {
    BARRIER("barrier"),
    BCAST("bcast"),
    GATHER("gather"),
    GATHERV("gatherv"),
    SCATTER("scatter"),
    SCATTERV("scatterv"),
    ALLGATHER("allgather"),
    ALLGATHERV("allgatherv"),
    ALLTOALL("alltoall"),
    ALLTOALLV("alltoallv"),
    REDUCE("reduce"),
    ALLREDUCE("allreduce"),
    REDUCE_SCATTER("reduce_scatter"),
    SCAN("scan");

    /** Name in {@code mpj.coll.<key>} settings and in table lines. */
    public final String key;

    Primitive(String key) {
        this.key = key;
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
