package org.mpj.core;

import java.util.concurrent.locks.LockSupport;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.ObjectCodec;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Buffered mode of one rank: the buffer attached with {@code MPI.Buffer_attach} is a budget of bytes.
 * A Bsend reserves its message's size plus {@link #OVERHEAD_BYTES}, copies the data, and returns at
 * once; the reservation is given back once the message is sent: at once for a message within the eager
 * limit (unless the receiver's backlog of eager copies is full, see MatchingEngine), when the receiver
 * has taken it for a larger one. A Bsend that does not
 * fit fails with MPI_ERR_BUFFER, as MPI requires.
 */
final class BufferedMode {
    /** Bytes reserved per buffered message beside its data (MPI.BSEND_OVERHEAD). */
    static final int OVERHEAD_BYTES = 64;

    private final RankContext rank;
    private Object attached;
    private long capacityBytes;
    private long usedBytes;

    BufferedMode(RankContext rank) {
        this.rank = rank;
    }

    synchronized void attach(Object buffer, long bytes) {
        if (attached != null) {
            throw new MpjException(ErrorClass.ERR_BUFFER, "Buffer_attach: a buffer of " + capacityBytes
                    + " bytes is already attached; call MPI.Buffer_detach first");
        }
        attached = buffer;
        capacityBytes = bytes;
    }

    /** Waits until every buffered message has been delivered, then returns the buffer (null if none). */
    Object detach() {
        long n = 0;
        boolean parked = false;
        try {
            while (true) {
                synchronized (this) {
                    if (usedBytes == 0) {
                        Object b = attached;
                        attached = null;
                        capacityBytes = 0;
                        return b;
                    }
                }
                rank.job.check();
                if (rank.device.progress() == 0) {
                    if (rank.idle.shouldPark(n)) {
                        parked = rank.parking(parked);
                        LockSupport.parkNanos(rank.idle.parkNs(n));
                    } else {
                        rank.idle.idle(n);
                    }
                    n++;
                } else {
                    parked = rank.awake(parked);
                }
            }
        } finally {
            rank.awake(parked);
        }
    }

    void send(Communicator comm, int ctx, Object buf, int offset, TypeMap type, int elements, int dest, int tag) {
        Object data;
        TypeMap layout;
        long bytes;
        if (type.base == BaseType.OBJECT) {
            byte[] serialized = ObjectCodec.serialize("Bsend", (Object[]) buf, offset, type, elements);
            data = serialized;
            layout = null;
            bytes = serialized.length;
        } else {
            layout = TypeMap.primitive(type.base, null);
            data = java.lang.reflect.Array.newInstance(type.base.arrayClass().getComponentType(), elements);
            Copier.copy(buf, offset, type, data, 0, layout, elements);
            bytes = (long) elements * type.base.byteSize();
        }
        long need = bytes + OVERHEAD_BYTES;
        reserve(need, bytes, dest, comm);
        comm.sendPrepared(ctx, type.base, elements, data, layout, dest, tag, new Release(this, need));
    }

    private synchronized void reserve(long need, long bytes, int dest, Communicator comm) {
        if (attached == null) {
            throw new MpjException(ErrorClass.ERR_BUFFER, "Bsend of " + bytes + " bytes to rank " + dest + " in "
                    + comm.name() + ": no buffer is attached (call MPI.Buffer_attach with at least "
                    + need + " bytes)");
        }
        if (usedBytes + need > capacityBytes) {
            throw new MpjException(ErrorClass.ERR_BUFFER, "Bsend of " + bytes + " bytes (+" + OVERHEAD_BYTES
                    + " overhead) to rank " + dest + " in " + comm.name() + ": the attached buffer has "
                    + (capacityBytes - usedBytes) + " of " + capacityBytes + " bytes free");
        }
        usedBytes += need;
    }

    private synchronized void release(long bytes) {
        usedBytes -= bytes;
    }

    /** The request of a buffered message: gives its bytes back once the receiver has it. */
    private static final class Release extends EngineRequest {
        private final BufferedMode owner;
        private final long bytes;

        Release(BufferedMode owner, long bytes) {
            super(EngineRequest.SEND);
            this.owner = owner;
            this.bytes = bytes;
        }

        @Override
        protected void onComplete() {
            owner.release(bytes);
        }
    }
}
