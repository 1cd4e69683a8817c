package org.mpj.core;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.PredefinedOp;

/**
 * Context ids of one rank's communicators. Each communicator takes a pair: an even id for its
 * point-to-point traffic and the next odd one for its collectives, so the two never match. A new
 * communicator's pair is agreed by its parent's ranks with an Allreduce (bitwise AND) of their masks
 * of free pairs: the lowest pair free everywhere. Pairs 0 and 1 are COMM_WORLD's and COMM_SELF's.
 */
final class ContextIds {
    static final int WORLD = 0;
    static final int SELF = 2;
    /** Pairs a rank can hold at once: the mask is this many bits. */
    static final int MAX_PAIRS = 32 * 128;
    private static final TypeMap MASK_TYPE = TypeMap.primitive(BaseType.INT, null);
    private static final PredefinedOp BAND = new PredefinedOp(PredefinedOp.Kind.BAND);

    private final int[] free = new int[MAX_PAIRS / 32];

    ContextIds() {
        java.util.Arrays.fill(free, -1);
        take(WORLD / 2);
        take(SELF / 2);
    }

    /** Agrees with the other ranks of {@code parent} on a fresh pair; collective over parent. */
    int agree(Communicator parent) {
        return takeLowest(agreedMask(parent), 1)[0];
    }

    /**
     * The pairs free on every rank of {@code parent} (a bitwise AND of their masks); collective over
     * parent. Intercommunicators AND two such masks, one per group, before they take pairs.
     */
    int[] agreedMask(Communicator parent) {
        int[] mine = freeMask();
        int[] all = new int[mine.length];
        parent.collectives().allreduce(mine, 0, all, 0, mine.length, MASK_TYPE, BAND);
        return all;
    }

    /** This rank's mask of free pairs: bit {@code p} of word {@code p / 32} is set when pair p is free. */
    synchronized int[] freeMask() {
        return free.clone();
    }

    /**
     * Takes the {@code n} lowest pairs set in {@code agreed}, a mask that every rank concerned computed
     * alike, and returns their (even) context ids, lowest first.
     */
    synchronized int[] takeLowest(int[] agreed, int n) {
        int[] contexts = new int[n];
        int found = 0;
        for (int w = 0; w < agreed.length && found < n; w++) {
            for (int bits = agreed[w]; bits != 0 && found < n; bits &= bits - 1) {
                contexts[found++] = 2 * (w * 32 + Integer.numberOfTrailingZeros(bits));
            }
        }
        if (found < n) {
            throw new MpjException(ErrorClass.ERR_INTERN, "all " + MAX_PAIRS
                    + " communicator context ids are in use; free communicators that are no longer needed");
        }
        for (int c : contexts) {
            take(c / 2);
        }
        return contexts;
    }

    synchronized void release(int context) {
        int pair = context / 2;
        free[pair >>> 5] |= 1 << (pair & 31);
    }

    private void take(int pair) {
        free[pair >>> 5] &= ~(1 << (pair & 31));
    }
}
