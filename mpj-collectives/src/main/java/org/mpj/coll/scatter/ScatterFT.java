package org.mpj.coll.scatter;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree scatter, for Scatter and Scatterv: the root sends every rank its block straight from its
 * send buffer, in rank order; {@code bFT} one blocking send after another, {@code nbFT} all started at
 * once, then one wait (with the shm device the receivers of large blocks then copy in parallel).
 * Any datatype and block sizes, MPI.OBJECT included; p - 1 messages out of one rank.
 */
public final class ScatterFT {
    public static final String BLOCKING = "bFT";
    public static final String NON_BLOCKING = "nbFT";

    private ScatterFT() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, false, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                root);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        run(c, false, true, sendbuf, sendoffset, null, null, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                root);
    }

    public static void blockingV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                                 int root) {
        run(c, true, false, sendbuf, sendoffset, sendcounts, displs, 0, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                root);
    }

    public static void nonBlockingV(Communicator c, Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
                                    TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                                    int root) {
        run(c, true, true, sendbuf, sendoffset, sendcounts, displs, 0, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                root);
    }

    static void run(Communicator c, boolean v, boolean nonBlocking, Object sendbuf, int sendoffset, int[] sendcounts,
                    int[] displs, int sendcount, TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount,
                    TypeMap recvtype, int root) {
        int p = c.size(), me = c.rank();
        int tag = v ? Tags.SCATTERV : Tags.SCATTER;
        if (me != root) {
            c.collRecv(recvbuf, recvoffset, recvcount, recvtype, root, tag);
            return;
        }
        // Own block first: a root that cannot take its own data fails before any message is in flight.
        Buffers.copyOwn(v ? "Scatterv" : "Scatter", sendbuf,
                sendoffset + Blocks.start(sendcounts, displs, sendcount, me) * sendtype.extent,
                Blocks.count(sendcounts, sendcount, me), sendtype, recvbuf, recvoffset, recvcount, recvtype);
        EngineRequest[] sends = nonBlocking ? new EngineRequest[p] : null;
        for (int r = 0; r < p; r++) {
            if (r == me) {
                continue;
            }
            int at = sendoffset + Blocks.start(sendcounts, displs, sendcount, r) * sendtype.extent;
            int n = Blocks.count(sendcounts, sendcount, r);
            if (nonBlocking) {
                sends[r] = c.collIsend(sendbuf, at, n, sendtype, r, tag);
            } else {
                c.collSend(sendbuf, at, n, sendtype, r, tag);
            }
        }
        if (nonBlocking) {
            c.waitAll(sends);
        }
    }
}
