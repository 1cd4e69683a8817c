package org.mpj.core;

import org.mpj.core.datatype.BufferCheck;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.op.Operator;

/**
 * Argument checks of the collective calls, made on every rank before the collectives library runs,
 * so algorithms can trust their arguments. Each failure names the call, the value and the limit;
 * a message is built only once a check has failed.
 */
public final class CollectiveChecks {
    private CollectiveChecks() {
    }

    public static void usable(Communicator c, String call) {
        c.checkUsable(call);
    }

    public static void root(Communicator c, String call, int root) {
        if (root < 0 || root >= c.size()) {
            throw new MpjException(ErrorClass.ERR_ROOT, call + " with root " + root + " in " + c.name() + " of size "
                    + c.size() + " (valid: 0.." + (c.size() - 1) + ")");
        }
    }

    /** A buffer holding {@code count} items. */
    public static void buffer(String call, String which, Object buf, int offset, int count, TypeMap type) {
        if (!BufferCheck.fits(buf, offset, count, type)) {
            BufferCheck.elements(call + " (" + which + ")", buf, offset, count, type);
        }
    }

    /** A buffer holding {@code blocks} blocks of {@code count} items each, back to back. */
    public static void blocks(Communicator c, String call, String which, Object buf, int offset, int count,
                              TypeMap type, int blocks) {
        long items = (long) count * blocks;
        if (items > Integer.MAX_VALUE) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": " + which + " count " + count + " x " + blocks
                    + " ranks exceeds 2^31-1 items");
        }
        if (!BufferCheck.fits(buf, offset, (int) items, type)) {
            BufferCheck.elements(call + " (" + which + ", " + count + " items for each of " + blocks + " ranks)",
                    buf, offset, (int) items, type);
        }
    }

    /** Per-rank counts: one for each rank, none negative. */
    public static void counts(Communicator c, String call, String which, int[] counts) {
        int n = c.size();
        if (counts == null || counts.length < n) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": " + which + " counts has "
                    + (counts == null ? "no" : counts.length + "") + " entries; " + c.name() + " has " + n + " ranks");
        }
        for (int r = 0; r < n; r++) {
            if (counts[r] < 0) {
                throw new MpjException(ErrorClass.ERR_COUNT, call + ": " + which + " count for rank " + r + " is "
                        + counts[r]);
            }
        }
    }

    /** Per-rank counts and displacements of a {@code …v} call, each block inside the buffer. */
    public static void vector(Communicator c, String call, String which, Object buf, int offset, int[] counts,
                              int[] displs, TypeMap type) {
        int n = c.size();
        if (type == null) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": the " + which + " datatype is null");
        }
        counts(c, call, which, counts);
        if (displs != null && displs.length < n) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": " + which + " displacements has " + displs.length
                    + " entries; " + c.name() + " has " + n + " ranks");
        }
        for (int r = 0; r < n; r++) {
            int displ = displs == null ? 0 : displs[r];
            long start = offset + (long) displ * type.extent;
            if (start < 0 || start > Integer.MAX_VALUE) {
                throw new MpjException(ErrorClass.ERR_BUFFER, call + ": " + which + " displacement " + displ
                        + " for rank " + r + " puts its block outside the buffer");
            }
            if (!BufferCheck.fits(buf, (int) start, counts[r], type)) {
                BufferCheck.elements(call + " (" + which + " block of rank " + r + ")", buf, (int) start, counts[r], type);
            }
        }
    }

    /** MPI requires the data a rank sends to match, item for item, what the receiver expects. */
    public static void sameSize(String call, int sendcount, TypeMap sendtype, int recvcount, TypeMap recvtype) {
        if (sendtype == null || recvtype == null) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": the " + (sendtype == null ? "send" : "receive")
                    + " datatype is null");
        }
        long sent = (long) sendcount * sendtype.size, room = (long) recvcount * recvtype.size;
        if (sent != room) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": send count " + sendcount + " x " + sendtype.describe()
                    + " does not match receive count " + recvcount + " x " + recvtype.describe()
                    + " (MPI requires equal amounts)");
        }
        if (!recvtype.base.receives(sendtype.base)) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": sends " + sendtype.describe() + " but receives "
                    + recvtype.describe());
        }
    }

    public static void op(String call, Operator op, TypeMap type) {
        if (op == null) {
            throw new MpjException(ErrorClass.ERR_OP, call + ": the operator is null");
        }
        op.check(call, type);
    }
}
