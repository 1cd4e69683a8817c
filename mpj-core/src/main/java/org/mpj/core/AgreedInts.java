package org.mpj.core;

import java.util.Arrays;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.PredefinedOp;

/**
 * Small integer exchanges that making a communicator needs, all done with one primitive, an
 * Allreduce of bitwise AND over {@code int[]}: a rank that has nothing to say contributes all ones
 * (-1), the identity of AND, so the result carries exactly what the others put in. This keeps the
 * control path to the one collective that context-id agreement needs anyway.
 */
final class AgreedInts {
    private static final TypeMap INTS = TypeMap.primitive(BaseType.INT, null);
    private static final PredefinedOp BAND = new PredefinedOp(PredefinedOp.Kind.BAND);

    private AgreedInts() {
    }

    /**
     * Every rank's {@code mine} (each of the same length), concatenated in rank order: rank r's entries
     * start at {@code r * mine.length}. Collective over {@code c}.
     */
    static int[] allgather(Communicator c, int[] mine) {
        int n = mine.length;
        int[] contribution = new int[c.size() * n];
        Arrays.fill(contribution, -1);
        System.arraycopy(mine, 0, contribution, c.rank() * n, n);
        return and(c, contribution);
    }

    /** The leader's {@code data} on every rank; the others pass null and the length they expect. */
    static int[] fromLeader(Communicator c, int leader, int[] data, int length) {
        int[] contribution;
        if (c.rank() == leader) {
            contribution = data;
        } else {
            contribution = new int[length];
            Arrays.fill(contribution, -1);
        }
        return and(c, contribution);
    }

    private static int[] and(Communicator c, int[] contribution) {
        int[] out = new int[contribution.length];
        c.collectives().allreduce(contribution, 0, out, 0, contribution.length, INTS, BAND);
        return out;
    }
}
