package org.mpj.coll.select;

import org.mpj.core.datatype.TypeMap;

/**
 * The message size a table rule compares with, in bytes: the whole vector for Bcast, Reduce,
 * Allreduce and Scan; one rank's block for Gather (send count), Scatter (receive count), Allgather
 * and Alltoall (send count); the mean block for Allgatherv; the whole vector (sum of the receive
 * counts) for Reduce_scatter; 0 for Barrier, and for Gatherv, Scatterv and Alltoallv, whose counts
 * differ between ranks (every rank must pick the same algorithm). {@code MPI.OBJECT} has no size before it is
 * serialized and counts as 0 bytes.
 */
public final class MessageSize {
    private MessageSize() {
    }

    public static long of(int count, TypeMap type) {
        return (long) count * type.size * type.base.byteSize();
    }

    public static long mean(int[] counts, int ranks, TypeMap type) {
        long sum = 0;
        for (int i = 0; i < ranks; i++) {
            sum += counts[i];
        }
        return sum / ranks * type.size * type.base.byteSize();
    }

    public static long sum(int[] counts, int ranks, TypeMap type) {
        long sum = 0;
        for (int i = 0; i < ranks; i++) {
            sum += counts[i];
        }
        return sum * type.size * type.base.byteSize();
    }
}
