package org.mpj.coll.node;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Alltoallv through memory: every rank makes its send data and its counts and displacements
 * readable, then copies its block of every rank's data straight into its receive buffer. Where ranks
 * outnumber cores ({@link Shared#staged}), a rank whose send data is short copies it into
 * its stage and need not wait for its readers; a rank with
 * long data publishes its send buffer, and then every rank (each sees every rank's choice once all
 * have arrived) leaves only once nobody reads it. So short calls take one synchronisation, others two,
 * whatever the rank count, where the message algorithms match p - 1 sends and receives per rank
 * (16 ranks on 16 cores, 1 KiB blocks: 10 us against 26-28).
 */
public final class AlltoallvShared {
    public static final String NAME = "shared";
    private static final Algorithm.Alltoallv FALLBACK =
            (Algorithm.Alltoallv) Catalog.defaultAlgorithm(Primitive.ALLTOALLV);

    private AlltoallvShared() {
    }

    public static void alltoallv(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                 TypeMap recvtype) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, sendtype) || c.size() == 1) {
            FALLBACK.alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf, recvoffset,
                    recvcounts, rdispls, recvtype);
            return;
        }
        int me = c.rank(), p = b.size;
        // Its own block first, as the message algorithms do: a rank without room for it fails before any other moves.
        Buffers.copyOwn("Alltoallv", sendbuf, sendoffset + Buffers.displ(sdispls, me) * sendtype.extent,
                sendcounts[me], sendtype, recvbuf, recvoffset + Buffers.displ(rdispls, me) * recvtype.extent,
                recvcounts[me], recvtype);
        long k = b.arrived.next(me);
        int turn = (int) (k % b.stages.turns());
        int first = firstBlock(sendcounts, sdispls);
        int span = describe(b, me, turn, sendcounts, sdispls, first);
        boolean staged = Shared.staged(c, b, me, Primitive.ALLTOALLV, MessageSize.of(span, sendtype),
                Stages.MAX_BYTES);
        b.sendStaged[me][turn] = staged;
        if (staged) {
            b.stages.put(me, k, sendbuf, sendoffset + first * sendtype.extent, span, sendtype);
        } else {
            b.publish(me, sendbuf, sendoffset + first * sendtype.extent, span, sendtype, null, 0);
        }
        b.arrived.signal();
        b.arrived.await(c, me, k, p);
        boolean anyPublished = false;
        for (int r = 0; r < p; r++) {
            anyPublished |= !b.sendStaged[r][turn];
        }
        try {
            for (int i = 1; i < p; i++) {
                int r = me + i < p ? me + i : me + i - p;   // start at different ranks: spread the reads
                int n = b.sendCounts[r][turn][me];
                if (n == 0) {
                    continue;   // nothing to copy (its displacement may lie before the first block)
                }
                boolean fromStage = b.sendStaged[r][turn];
                Object src = fromStage ? b.stages.data(r, k) : b.buf[r];
                int base = fromStage ? 0 : b.offset[r];
                TypeMap t = fromStage ? b.stages.type(r, k) : b.type[r];
                Shared.copyIn("Alltoallv", r, src, base + b.sendDispls[r][turn][me] * t.extent,
                        n, t, recvbuf, recvoffset + Buffers.displ(rdispls, r) * recvtype.extent,
                        recvcounts[r], recvtype);
            }
        } finally {
            if (anyPublished) {
                b.departAll(c, me);
            }
        }
    }

    /** The displacement of the first block that holds items (displacements may be negative, or absent: 0). */
    private static int firstBlock(int[] sendcounts, int[] sdispls) {
        int first = Integer.MAX_VALUE;
        for (int r = 0; r < sendcounts.length; r++) {
            if (sendcounts[r] > 0) {
                first = Math.min(first, Buffers.displ(sdispls, r));
            }
        }
        return first == Integer.MAX_VALUE ? 0 : first;
    }

    /**
     * Copies this rank's counts, and its displacements made relative to {@code first}, into its slots
     * of {@code turn}; returns the items its data spans from the first block to the end of the last.
     */
    private static int describe(NodeBoard b, int me, int turn, int[] sendcounts, int[] sdispls, int first) {
        int p = b.size;
        int[] counts = b.sendCounts[me][turn], displs = b.sendDispls[me][turn];
        if (counts == null) {
            counts = b.sendCounts[me][turn] = new int[p];
            displs = b.sendDispls[me][turn] = new int[p];
        }
        int end = 0;
        for (int r = 0; r < p; r++) {
            counts[r] = sendcounts[r];
            displs[r] = Buffers.displ(sdispls, r) - first;
            if (counts[r] > 0) {
                end = Math.max(end, displs[r] + counts[r]);
            }
        }
        return end;
    }
}
