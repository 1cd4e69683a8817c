package org.mpj.coll.allgather;

import org.mpj.coll.base.Blocks;
import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Bucket (ring) allgather, for Allgather and Allgatherv: a rank copies its own block into place,
 * then in each of p - 1 steps passes the block it received last to its right neighbour while it
 * receives the next one from its left. Every block moves straight between the ranks' receive
 * buffers, in the receive type; each rank sends and receives each foreign block exactly once.
 *
 * <pre>
 * p = 4           step 0     step 1     step 2
 * rank r sends    block r    block r-1  block r-2   to r+1
 * rank r gets     block r-1  block r-2  block r-3   from r-1
 * </pre>
 *
 * {@code bBKT} runs each step as a blocking send-receive. {@code nbBKT} posts all p - 1 receives
 * first (no block ever waits as an unexpected message) and starts each send as soon as the block
 * it forwards has arrived, waiting for the sends once at the end. p - 1 latencies; bandwidth-optimal,
 * so the choice for long vectors and for uneven blocks.
 */
public final class AllgatherBKT {
    public static final String BLOCKING = "bBKT";
    public static final String NON_BLOCKING = "nbBKT";

    private AllgatherBKT() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        run(c, true, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, null, null, recvcount, recvtype);
    }

    public static void blockingV(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        run(c, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, 0, recvtype);
    }

    public static void nonBlockingV(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                    Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, TypeMap recvtype) {
        run(c, true, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, 0, recvtype);
    }

    static void run(Communicator c, boolean nonBlocking, Object sendbuf, int sendoffset, int sendcount,
                    TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, int recvcount,
                    TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        boolean v = recvcounts != null;
        int tag = v ? Tags.ALLGATHERV : Tags.ALLGATHER;
        Buffers.copyOwn(v ? "Allgatherv" : "Allgather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, at(recvoffset, recvcounts, displs, recvcount, recvtype, me),
                Blocks.count(recvcounts, recvcount, me), recvtype);
        int right = me + 1 == p ? 0 : me + 1, left = me == 0 ? p - 1 : me - 1;
        if (!nonBlocking) {
            for (int s = 0; s < p - 1; s++) {
                int out = (me - s + p) % p, in = (me - s - 1 + p) % p;
                c.collSendrecv(recvbuf, at(recvoffset, recvcounts, displs, recvcount, recvtype, out),
                        Blocks.count(recvcounts, recvcount, out), recvtype, right,
                        recvbuf, at(recvoffset, recvcounts, displs, recvcount, recvtype, in),
                        Blocks.count(recvcounts, recvcount, in), recvtype, left, tag);
            }
            return;
        }
        EngineRequest[] recvs = new EngineRequest[p], sends = new EngineRequest[p];
        for (int s = 0; s < p - 1; s++) {
            int in = (me - s - 1 + p) % p;
            recvs[s] = c.collIrecv(recvbuf, at(recvoffset, recvcounts, displs, recvcount, recvtype, in),
                    Blocks.count(recvcounts, recvcount, in), recvtype, left, tag);
        }
        for (int s = 0; s < p - 1; s++) {
            if (s > 0) {
                c.waitAll(recvs[s - 1]);
            }
            int out = (me - s + p) % p;
            sends[s] = c.collIsend(recvbuf, at(recvoffset, recvcounts, displs, recvcount, recvtype, out),
                    Blocks.count(recvcounts, recvcount, out), recvtype, right, tag);
        }
        c.waitAll(recvs);
        c.waitAll(sends);
    }

    private static int at(int recvoffset, int[] recvcounts, int[] displs, int recvcount, TypeMap recvtype, int r) {
        return recvoffset + Blocks.start(recvcounts, displs, recvcount, r) * recvtype.extent;
    }
}
