package org.mpj.coll.gather;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree gather, for Gather and Gatherv: every rank sends its block to the root, which receives
 * each straight into its place in the receive buffer, in rank order. The variants differ in how many
 * receives the root keeps posted ahead of the one it waits for:
 * <ul>
 * <li>{@code bFT}: none, one blocking receive after another;
 * <li>{@code nb1FT}, {@code nb2FT}: one or two, so the next senders find their receive posted while
 *     the root waits, without p receives (and p unexpected-queue lookups) at once;
 * <li>{@code nbFT}: all p - 1 posted at once, then one wait.
 * </ul>
 * (MPJ's definitions of the nb1FT/nb2FT variants named in Taboada et al.'s MPJ collectives paper.)
 *
 * <pre>
 * p = 4, root 2, nb1FT:  post 0, post 1 | wait 0, post 3 | wait 1 | wait 3
 * </pre>
 *
 * Any datatype and any block sizes, MPI.OBJECT included; p - 1 messages into one rank.
 */
public final class GatherFT {
    public static final String BLOCKING = "bFT";
    public static final String NON_BLOCKING = "nbFT";
    public static final String ONE_AHEAD = "nb1FT";
    public static final String TWO_AHEAD = "nb2FT";

    private GatherFT() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, 0, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype,
                root);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, Integer.MAX_VALUE, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null,
                recvcount, recvtype, root);
    }

    public static void oneAhead(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, 1, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype,
                root);
    }

    public static void twoAhead(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, 2, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype,
                root);
    }

    public static void blockingV(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype,
                                 int root) {
        run(c, true, 0, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, 0, recvtype,
                root);
    }

    public static void nonBlockingV(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                    Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype,
                                    int root) {
        run(c, true, Integer.MAX_VALUE, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs,
                0, recvtype, root);
    }

    /**
     * The gather with {@code ahead} receives posted beyond the one waited for; {@code v}: Gatherv,
     * whose counts only the root has.
     */
    static void run(Communicator c, boolean v, int ahead, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                    Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, int recvcount, TypeMap recvtype,
                    int root) {
        int p = c.size(), me = c.rank();
        int tag = v ? Tags.GATHERV : Tags.GATHER;
        if (me != root) {
            c.collSend(sendbuf, sendoffset, sendcount, sendtype, root, tag);
            return;
        }
        // Own block first: a root that cannot take its own data fails before any message is in flight.
        Buffers.copyOwn(v ? "Gatherv" : "Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset + Blocks.start(recvcounts, displs, recvcount, me) * recvtype.extent,
                Blocks.count(recvcounts, recvcount, me), recvtype);
        int n = p - 1;
        EngineRequest[] recvs = new EngineRequest[n];
        int posted = 0;
        for (int waited = 0; waited < n; waited++) {
            while (posted < n && posted - waited <= ahead) {
                int r = posted < root ? posted : posted + 1;
                recvs[posted++] = c.collIrecv(recvbuf,
                        recvoffset + Blocks.start(recvcounts, displs, recvcount, r) * recvtype.extent,
                        Blocks.count(recvcounts, recvcount, r), recvtype, r, tag);
            }
            if (ahead == Integer.MAX_VALUE) {
                c.waitAll(recvs);
                return;
            }
            c.waitAll(recvs[waited]);
        }
    }
}
