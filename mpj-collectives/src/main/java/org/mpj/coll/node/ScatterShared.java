package org.mpj.coll.node;

import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.MessageSize;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Scatter through memory: every rank copies its block straight out of the root's send data (one copy per
 * block). Where ranks outnumber cores ({@link Shared#staged}) and all p blocks together are at most
 * {@link BcastShared#STAGED_BYTES}, the root copies them into its stage and leaves at once, running at
 * most {@link NodeBoard#ROOT_TURNS} calls ahead, as Bcast's root does; else the root publishes its send
 * buffer and leaves once every rank has copied.
 */
public final class ScatterShared {
    public static final String NAME = "shared";
    private static final Algorithm.Rooted FALLBACK = (Algorithm.Rooted) Catalog.defaultAlgorithm(Primitive.SCATTER);

    private ScatterShared() {
    }

    public static void scatter(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        NodeBoard b = NodeBoard.whole(c);
        if (!Shared.usable(b, recvtype) || c.size() == 1) {
            FALLBACK.run(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        local(c, b, c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** The call among the members of one JVM: {@code me} and {@code root} are local ranks. */
    static void local(Communicator c, NodeBoard b, int me, Object sendbuf, int sendoffset, int sendcount,
                TypeMap sendtype,  Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        int p = b.size;
        long k = b.rootDone.next(me);
        b.othersDone.next(me);
        boolean staged = Shared.staged(c, b, me, Primitive.SCATTER, p * MessageSize.of(recvcount, recvtype),
                BcastShared.STAGED_BYTES);
        if (me == root) {
            if (staged) {
                int turns = b.rootStages.turns();
                if (k > turns) {
                    b.othersDone.awaitOthers(c, me, k - turns, root);
                }
                b.rootStages.put(me, k, sendbuf, sendoffset, p * sendcount, sendtype);
            } else {
                b.publish(me, sendbuf, sendoffset, sendcount, sendtype, null, 0);
            }
            b.othersDone.signal(me);   // every rank's flag counts every call
            b.rootDone.signal();
            try {
                Shared.copyIn("Scatter", root, sendbuf, sendoffset + me * sendcount * sendtype.extent, sendcount,
                        sendtype, recvbuf, recvoffset, recvcount, recvtype);
            } finally {
                if (!staged) {
                    b.othersDone.awaitOthers(c, me, k, root);
                }
            }
            return;
        }
        b.rootDone.await(c, me, k, 1);
        try {
            TypeMap t = staged ? b.rootStages.type(root, k) : b.type[root];
            int n = staged ? b.rootStages.count(root, k) / p : b.count[root];
            Object from = staged ? b.rootStages.data(root, k) : b.buf[root];
            int at = (staged ? 0 : b.offset[root]) + me * n * t.extent;
            Shared.copyIn("Scatter", root, from, at, n, t, recvbuf, recvoffset, recvcount, recvtype);
        } finally {
            b.othersDone.signal(me);
        }
    }
}
