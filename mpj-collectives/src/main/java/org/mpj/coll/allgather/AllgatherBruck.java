package org.mpj.coll.allgather;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Bruck allgather (Bruck et al., 1997): ⌈log2 p⌉ steps for any p, instead of the ring's p - 1. A
 * work buffer holds blocks packed as base elements; slot i receives the block of rank
 * {@code me + i}. A rank starts with its own block in slot 0; in the step of distance k it sends its
 * first min(k, p - k) slots to {@code me - k} and receives as many into slots k.. from {@code me + k};
 * finally slot i is unpacked into rank {@code me + i}'s place.
 *
 * <pre>
 * p = 5, rank 0 holds slots   start [0]   k=1 [0 1]   k=2 [0 1 2 3]   k=4 [0 1 2 3 4]
 * </pre>
 *
 * For short blocks, where latency wins over the extra copies in and out of the work buffer.
 */
public final class AllgatherBruck {
    public static final String NAME = "bruck";

    private AllgatherBruck() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        int block = sendcount * sendtype.size;
        if (block != recvcount * recvtype.size) {
            throw new MpjException(ErrorClass.ERR_TRUNCATE, "Allgather (bruck): this rank sends " + sendcount
                    + " x " + sendtype.describe() + " but receives blocks of " + recvcount + " x "
                    + recvtype.describe() + "; they must hold the same number of elements");
        }
        TypeMap packed = Buffers.packed(recvtype.base);
        Object work = Scratch.get(Scratch.WORK, recvtype.base, Math.multiplyExact(p, block));
        Copier.copy(sendbuf, sendoffset, sendtype, work, 0, packed, block);
        for (int k = 1; k < p; k <<= 1) {
            int n = Math.min(k, p - k);
            c.collSendrecv(work, 0, n * block, packed, (me - k + p) % p, work, k * block, n * block, packed,
                    (me + k) % p, Tags.ALLGATHER);
        }
        for (int i = 0; i < p; i++) {
            Copier.copy(work, i * block, packed, recvbuf, recvoffset + (me + i) % p * recvcount * recvtype.extent,
                    recvtype, block);
        }
    }
}
