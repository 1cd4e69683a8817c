package org.mpj.coll.alltoall;

import org.mpj.coll.base.Buffers;
import org.mpj.coll.base.Scratch;
import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Bruck all-to-all (Bruck et al., 1997): ⌈log2 p⌉ steps instead of p - 1, each moving about half
 * of the blocks, so for short blocks latency wins over the extra copies. Blocks are kept packed (as
 * base elements, one after the other) in a work buffer:
 * <ol>
 * <li>rotate: slot i gets the block for rank {@code me + i};</li>
 * <li>for k = 1, 2, 4, …: pack every slot whose index has bit k set, send them to {@code me + k},
 * receive as many from {@code me - k} and unpack them into the same slots;</li>
 * <li>after the last step slot i holds the block from rank {@code me - i}: unpack it into place.</li>
 * </ol>
 *
 * <pre>
 * p = 4, rank 0 (slot i: block for 0+i, then block from 0-i)
 *   k = 1: slots 1, 3 go to rank 1, come from rank 3
 *   k = 2: slots 2, 3 go to rank 2, come from rank 2
 * </pre>
 *
 * Every block must have the same number of base elements on every rank (MPI requires matching
 * signatures); a rank whose send block and receive block differ fails with MPI_ERR_TRUNCATE.
 */
public final class AlltoallBruck {
    public static final String NAME = "bruck";

    private AlltoallBruck() {
    }

    public static void alltoall(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size(), me = c.rank();
        int block = sendcount * sendtype.size;
        if (block != recvcount * recvtype.size) {
            throw new MpjException(ErrorClass.ERR_TRUNCATE, "Alltoall (bruck): this rank sends blocks of "
                    + sendcount + " x " + sendtype.describe() + " but receives blocks of " + recvcount + " x "
                    + recvtype.describe() + "; they must hold the same number of elements");
        }
        TypeMap packed = Buffers.packed(sendtype.base);
        Object work = Scratch.get(Scratch.WORK, sendtype.base, Math.multiplyExact(p, block));
        for (int i = 0; i < p; i++) {
            Copier.copy(sendbuf, sendoffset + (me + i) % p * sendcount * sendtype.extent, sendtype, work, i * block,
                    packed, block);
        }
        // A step's blocks: those going out in the first half, those coming in in the second.
        int half = (p + 1) / 2 * block;
        Object step = Scratch.get(Scratch.TEMP, sendtype.base, Math.multiplyExact(2, half));
        for (int k = 1; k < p; k <<= 1) {
            int n = 0;
            for (int i = k; i < p; i++) {
                if ((i & k) != 0) {
                    System.arraycopy(work, i * block, step, n++ * block, block);
                }
            }
            c.collSendrecv(step, 0, n * block, packed, (me + k) % p, step, half, n * block, packed, (me - k + p) % p,
                    Tags.ALLTOALL);
            n = 0;
            for (int i = k; i < p; i++) {
                if ((i & k) != 0) {
                    System.arraycopy(step, half + n++ * block, work, i * block, block);
                }
            }
        }
        for (int i = 0; i < p; i++) {
            Copier.copy(work, i * block, packed, recvbuf, recvoffset + (me - i + p) % p * recvcount * recvtype.extent,
                    recvtype, block);
        }
    }
}
