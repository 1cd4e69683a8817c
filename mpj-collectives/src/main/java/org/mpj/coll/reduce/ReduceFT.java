package org.mpj.coll.reduce;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;
import org.mpj.core.request.EngineRequest;

/**
 * Flat-tree reduction: every rank sends its vector to the root, which combines them in rank order.
 * {@code bFT} receives one vector at a time, rank 0 first, folding {@code acc = acc op in(r)};
 * {@code nbFT} posts every receive at once into p blocks of scratch, waits, and folds from the top
 * rank down into the receive buffer ({@code out = in(r) op out}). p - 1 messages into one rank.
 *
 * <pre>
 * p = 4, root 2:   0 → 2, 1 → 2, 3 → 2;   result = ((in0 op in1) op in2) op in3
 * </pre>
 */
public final class ReduceFT {
    public static final String BLOCKING = "bFT";
    public static final String NON_BLOCKING = "nbFT";

    private ReduceFT() {
    }

    public static void blocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                int count, TypeMap type, Operator op, int root) {
        int p = c.size(), me = c.rank();
        if (me != root) {
            c.collSend(sendbuf, sendoffset, count, type, root, Tags.REDUCE);
            return;
        }
        int elements = count * type.size;
        Object acc = Scratch.items(Scratch.WORK, count, type), tmp = Scratch.items(Scratch.TEMP, count, type);
        if (root == 0) {
            Copier.copy(sendbuf, sendoffset, type, acc, 0, type, elements);
        } else {
            c.collRecv(acc, 0, count, type, 0, Tags.REDUCE);
        }
        for (int r = 1; r < p; r++) {
            if (r == root) {
                Copier.copy(sendbuf, sendoffset, type, tmp, 0, type, elements);
            } else {
                c.collRecv(tmp, 0, count, type, r, Tags.REDUCE);
            }
            op.combine(acc, 0, tmp, 0, count, type);
            Object t = acc;
            acc = tmp;
            tmp = t;
        }
        Copier.copy(acc, 0, type, recvbuf, recvoffset, type, elements);
    }

    public static void nonBlocking(Communicator c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                   int count, TypeMap type, Operator op, int root) {
        int p = c.size(), me = c.rank();
        if (me != root) {
            c.collSend(sendbuf, sendoffset, count, type, root, Tags.REDUCE);
            return;
        }
        int span = Buffers.span(count, type);
        Object all = Scratch.get(Scratch.WORK, type.base, Math.multiplyExact(span, p));
        EngineRequest[] recvs = new EngineRequest[p];
        for (int r = 0; r < p; r++) {
            if (r != me) {
                recvs[r] = c.collIrecv(all, r * span, count, type, r, Tags.REDUCE);
            }
        }
        c.waitAll(recvs);
        foldDown(me, sendbuf, sendoffset, all, span, recvbuf, recvoffset, count, type, op, p);
    }

    /**
     * {@code out = in(0) op (in(1) op (... op in(p-1)))}: block r of {@code all} is rank r's vector,
     * except that this rank's own is read from its send buffer. Shared with the flat allreduce.
     */
    public static void foldDown(int me, Object sendbuf, int sendoffset, Object all, int span, Object out,
                                int outOffset, int count, TypeMap type, Operator op, int p) {
        int top = p - 1;
        Copier.copy(top == me ? sendbuf : all, top == me ? sendoffset : top * span, type, out, outOffset, type,
                count * type.size);
        for (int r = p - 2; r >= 0; r--) {
            op.combine(r == me ? sendbuf : all, r == me ? sendoffset : r * span, out, outOffset, count, type);
        }
    }
}
