package org.mpj.coll.tree;

/** The virtual topologies of the segmented tree engine (drawn in {@link Tree}). */
public enum Shape {
    /** The root sends to / receives from every rank itself. */
    FLAT,
    /** One chain through all ranks: each segment moves one hop per step, so the pipe fills fast. */
    PIPELINE,
    /** {@link #KCHAIN_FANOUT} chains from the root. */
    KCHAIN,
    BINOMIAL,
    /** Binary tree with mirror-image subtrees (odd and even relative ranks). */
    BINARY,
    /** Binary tree in rank order, rooted at rank p-1, for non-commutative reductions. */
    IN_ORDER_BINARY;

    /** Chains of the k-chain tree: Open MPI's coll/tuned default fanout for its chain algorithms. */
    public static final int KCHAIN_FANOUT = 4;
}
