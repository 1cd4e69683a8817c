package org.mpj.core.match;

/** Wildcards and special ranks, with the values that {@code mpi.MPI} exports. */
public final class MatchConstants {
    public static final int ANY_SOURCE = -2;
    public static final int ANY_TAG = -1;
    public static final int PROC_NULL = -3;
    public static final int UNDEFINED = -32766;
    /** Largest tag a user may send with (MPI.TAG_UB). */
    public static final int TAG_UB = Integer.MAX_VALUE;

    private MatchConstants() {
    }
}
