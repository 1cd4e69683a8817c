package org.mpj.coll.alltoall;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree all-to-all, for Alltoall and Alltoallv: every rank sends one block straight from its
 * send buffer to every other and receives one straight into place from each. The variants differ in
 * how much is in flight at once:
 * <ul>
 * <li>{@code bFT}: blocking send-receives with the partners in rank order, the same order on every
 *     rank (a deadlock-free order: of the pending pairs, the lowest one can always proceed);
 * <li>{@code nbFT}: every receive and every send started at once, one wait;
 * <li>{@code nb1FT}: every receive posted first, then the sends one blocking send at a time (to
 *     me + 1, me + 2, …), so no block ever arrives unexpected;
 * <li>{@code nb2FT}: the pairwise-exchange steps (send to me + k, receive from me - k) started two
 *     steps ahead of the one waited for: overlap without p requests at once.
 * </ul>
 * (MPJ's definitions of the nb1FT/nb2FT variants named in Taboada et al.'s MPJ collectives paper.)
 * Any datatype, MPI.OBJECT included; p - 1 messages each way per rank.
 */
public final class AlltoallFT {
    public static final String BLOCKING = "bFT";
    public static final String NON_BLOCKING = "nbFT";
    public static final String RECEIVES_FIRST = "nb1FT";
    public static final String WINDOW = "nb2FT";

    /** Variants, as passed to {@link #run}. */
    static final int B = 0, NB = 1, NB1 = 2, NB2 = 3;
    /** Steps of nb2FT in flight beyond the one waited for. */
    static final int NB2_AHEAD = 2;

    private AlltoallFT() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, B, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount,
                recvtype);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, NB, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount,
                recvtype);
    }

    public static void receivesFirst(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                     Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, NB1, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount,
                recvtype);
    }

    public static void window(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, NB2, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount,
                recvtype);
    }

    public static void blockingV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                 TypeMap recvtype) {
        run(c, B, sendbuf, sendoffset, sendcounts, sdispls, 0, sendtype, recvbuf, recvoffset, recvcounts, rdispls, 0,
                recvtype);
    }

    public static void nonBlockingV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                    TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                    TypeMap recvtype) {
        run(c, NB, sendbuf, sendoffset, sendcounts, sdispls, 0, sendtype, recvbuf, recvoffset, recvcounts, rdispls, 0,
                recvtype);
    }

    public static void receivesFirstV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                                      TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                                      TypeMap recvtype) {
        run(c, NB1, sendbuf, sendoffset, sendcounts, sdispls, 0, sendtype, recvbuf, recvoffset, recvcounts, rdispls, 0,
                recvtype);
    }

    public static void windowV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                               TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                               TypeMap recvtype) {
        run(c, NB2, sendbuf, sendoffset, sendcounts, sdispls, 0, sendtype, recvbuf, recvoffset, recvcounts, rdispls, 0,
                recvtype);
    }

    static void run(Communicator c, int variant, Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
                    int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls,
                    int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        boolean v = sendcounts != null;
        int tag = v ? Tags.ALLTOALLV : Tags.ALLTOALL;
        Buffers.copyOwn(v ? "Alltoallv" : "Alltoall",
                sendbuf, sendoffset + Blocks.start(sendcounts, sdispls, sendcount, me) * sendtype.extent,
                Blocks.count(sendcounts, sendcount, me), sendtype,
                recvbuf, recvoffset + Blocks.start(recvcounts, rdispls, recvcount, me) * recvtype.extent,
                Blocks.count(recvcounts, recvcount, me), recvtype);
        if (p == 1) {
            return;
        }
        if (variant == B) {
            for (int r = 0; r < p; r++) {
                if (r != me) {
                    c.collSendrecv(sendbuf, sendAt(sendoffset, sendcounts, sdispls, sendcount, sendtype, r),
                            Blocks.count(sendcounts, sendcount, r), sendtype, r,
                            recvbuf, recvAt(recvoffset, recvcounts, rdispls, recvcount, recvtype, r),
                            Blocks.count(recvcounts, recvcount, r), recvtype, r, tag);
                }
            }
            return;
        }
        // Slot k - 1 of each array serves step k: receive from me - k, send to me + k.
        EngineRequest[] recvs = new EngineRequest[p - 1], sends = new EngineRequest[p - 1];
        int posted = 0;
        if (variant != NB2) {
            for (int k = 1; k < p; k++) {
                int from = (me - k + p) % p;
                recvs[k - 1] = c.collIrecv(recvbuf, recvAt(recvoffset, recvcounts, rdispls, recvcount, recvtype, from),
                        Blocks.count(recvcounts, recvcount, from), recvtype, from, tag);
            }
            for (int k = 1; k < p; k++) {
                int to = (me + k) % p;
                int at = sendAt(sendoffset, sendcounts, sdispls, sendcount, sendtype, to);
                if (variant == NB) {
                    sends[k - 1] = c.collIsend(sendbuf, at, Blocks.count(sendcounts, sendcount, to), sendtype, to, tag);
                } else {
                    c.collSend(sendbuf, at, Blocks.count(sendcounts, sendcount, to), sendtype, to, tag);
                }
            }
            c.waitAll(recvs);
            c.waitAll(sends);
            return;
        }
        for (int waited = 0; waited < p - 1; waited++) {
            while (posted < p - 1 && posted - waited <= NB2_AHEAD) {
                int k = posted + 1, from = (me - k + p) % p, to = (me + k) % p;
                recvs[posted] = c.collIrecv(recvbuf, recvAt(recvoffset, recvcounts, rdispls, recvcount, recvtype, from),
                        Blocks.count(recvcounts, recvcount, from), recvtype, from, tag);
                sends[posted] = c.collIsend(sendbuf, sendAt(sendoffset, sendcounts, sdispls, sendcount, sendtype, to),
                        Blocks.count(sendcounts, sendcount, to), sendtype, to, tag);
                posted++;
            }
            c.waitAll(recvs[waited], sends[waited]);
        }
    }

    private static int sendAt(int sendoffset, int[] sendcounts, int[] sdispls, int sendcount, TypeMap sendtype, int r) {
        return sendoffset + Blocks.start(sendcounts, sdispls, sendcount, r) * sendtype.extent;
    }

    private static int recvAt(int recvoffset, int[] recvcounts, int[] rdispls, int recvcount, TypeMap recvtype, int r) {
        return recvoffset + Blocks.start(recvcounts, rdispls, recvcount, r) * recvtype.extent;
    }
}
