package mpi;

import java.util.Arrays;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.SendMode;
import org.mpj.core.request.EngineRequest;

/**
 * A communicator: a group of ranks and a context in which their messages match. Point-to-point
 * calls take a buffer (a Java array), an offset into it, a count of items, a datatype, a rank and a
 * tag.
 *
 * <pre>{@code
 * int[] data = new int[100];
 * if (rank == 0) MPI.COMM_WORLD.Send(data, 0, 100, MPI.INT, 1, 99);
 * else if (rank == 1) { Status s = MPI.COMM_WORLD.Recv(data, 0, 100, MPI.INT, 0, 99); }
 * }</pre>
 */
public class Comm implements Cloneable {
    private final String placeholderName;
    Communicator engine;

    Comm(String placeholderName) {
        this.placeholderName = placeholderName;
    }

    Comm(Communicator engine) {
        this.placeholderName = engine.name();
        this.engine = engine;
    }

    void bind(Communicator e) {
        this.engine = e;
    }

    /** The engine communicator; MPIException before Init. */
    final Communicator engine(String call) {
        Communicator e = engine;
        if (e == null) {
            throw new MPIException(ErrorClass.ERR_OTHER, ErrorClass.name(ErrorClass.ERR_OTHER) + ": "
                    + placeholderName + "." + call + " called before MPI.Init", null);
        }
        return e;
    }

    public int Size() throws MPIException {
        Communicator e = engine("Size");
        check(e, "Size");
        return e.size();
    }

    public int Rank() throws MPIException {
        Communicator e = engine("Rank");
        check(e, "Rank");
        return e.rank();
    }

    private static void check(Communicator e, String call) {
        try {
            e.checkUsable(call);
        } catch (MpjException x) {
            throw MPIException.of(x);
        }
    }

    // ---- blocking sends -------------------------------------------------------------------------

    /** Standard-mode send: returns once {@code buf} may be reused. */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** Synchronous send: returns once the matching receive has started. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** Buffered send: copies into the buffer attached with {@code MPI.Buffer_attach} and returns. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    /** Ready send: the matching receive must already be posted. */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    private void send(Object buf, int offset, int count, Datatype datatype, int dest, int tag, SendMode mode) {
        try {
            engine(mode.call()).send(buf, offset, count, map(datatype), dest, tag, mode);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    // ---- non-blocking sends ---------------------------------------------------------------------

    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    private Request isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag, SendMode mode) {
        try {
            Communicator e = engine("I" + mode.call().toLowerCase(java.util.Locale.ROOT));
            return new Request(e.isend(buf, offset, count, map(datatype), dest, tag, mode), e);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    // ---- receives and probes --------------------------------------------------------------------

    /** Receives a message into {@code buf}; {@code source} may be ANY_SOURCE and {@code tag} ANY_TAG. */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag) throws MPIException {
        try {
            return new Status(engine("Recv").recv(buf, offset, count, map(datatype), source, tag));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) throws MPIException {
        try {
            Communicator e = engine("Irecv");
            return new Request(e.irecv(buf, offset, count, map(datatype), source, tag), e);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Sends and receives in one call, without deadlock between two ranks that both call it. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        Request r = Irecv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        try {
            Send(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        } catch (MPIException e) {
            r.Cancel();
            throw e;
        }
        return r.Wait();
    }

    /** Sendrecv with one buffer: the message received replaces the one sent. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                   int source, int recvtag) throws MPIException {
        Object copy = copyOf(buf);
        return Sendrecv(copy, offset, count, datatype, dest, sendtag, buf, offset, count, datatype, source, recvtag);
    }

    private static Object copyOf(Object buf) {
        if (buf == null || !buf.getClass().isArray()) {
            return buf;
        }
        int n = java.lang.reflect.Array.getLength(buf);
        Object c = java.lang.reflect.Array.newInstance(buf.getClass().getComponentType(), n);
        System.arraycopy(buf, 0, c, 0, n);
        return c;
    }

    /** Waits for a message matching (source, tag) and returns its status without receiving it. */
    public Status Probe(int source, int tag) throws MPIException {
        try {
            return new Status(engine("Probe").probe(source, tag));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** The status of a matching message that has arrived, or null if none has. */
    public Status Iprobe(int source, int tag) throws MPIException {
        try {
            EngineRequest r = engine("Iprobe").iprobe(source, tag);
            return r == null ? null : new Status(r);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    // ---- packing --------------------------------------------------------------------------------

    /**
     * Packs {@code incount} items of {@code datatype} from {@code inbuf} into {@code outbuf} at
     * {@code position}; returns the position after them. Send the bytes as MPI.PACKED.
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position)
            throws MPIException {
        try {
            engine("Pack").checkUsable("Pack");
            int elements = org.mpj.core.datatype.BufferCheck.elements("Pack", inbuf, offset, incount, map(datatype));
            return org.mpj.core.datatype.Packer.pack(inbuf, offset, incount, map(datatype), elements, outbuf, position);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Unpacks {@code outcount} items of {@code datatype} from {@code inbuf} at {@code position}; returns the new position. */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws MPIException {
        try {
            Communicator e = engine("Unpack");
            e.checkUsable("Unpack");
            int elements = org.mpj.core.datatype.BufferCheck.elements("Unpack", outbuf, offset, outcount, map(datatype));
            return org.mpj.core.datatype.Packer.unpack(inbuf, position, outbuf, offset, outcount, map(datatype),
                    elements, e.rankContext().loader());
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Bytes that Pack needs for {@code incount} items of {@code datatype}. */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        try {
            engine("Pack_size").checkUsable("Pack_size");
            if (incount < 0) {
                throw new MpjException(org.mpj.core.ErrorClass.ERR_COUNT, "Pack_size: count " + incount + " is negative");
            }
            return org.mpj.core.datatype.Packer.packSize(incount, map(datatype));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    // ---- communicator management ----------------------------------------------------------------

    /** Ends the whole job with {@code errorcode}; every rank's pending and later calls fail. */
    public void Abort(int errorcode) throws MPIException {
        throw MPIException.of(engine("Abort").rankContext().abort(errorcode));
    }

    /** IDENT, CONGRUENT (same ranks, same order), SIMILAR (same ranks) or UNEQUAL. */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        Communicator a = comm1.engine("Compare"), b = comm2.engine("Compare");
        if (a == b) {
            return MPI.IDENT;
        }
        int[] ga = a.worldRanks(), gb = b.worldRanks();
        if (Arrays.equals(ga, gb)) {
            return MPI.CONGRUENT;
        }
        Arrays.sort(ga);
        Arrays.sort(gb);
        return Arrays.equals(ga, gb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** A new communicator with the same group and a context of its own. Collective. */
    public Comm Dup() throws MPIException {
        return new Comm(dupEngine());
    }

    final Communicator dupEngine() {
        try {
            return engine("Dup").dup();
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** mpiJava's name for {@link #Dup()}. */
    @Override
    public Object clone() throws MPIException {
        return Dup();
    }

    /** Releases the communicator; later calls on it raise MPI_ERR_COMM. */
    public void Free() throws MPIException {
        try {
            engine("Free").free();
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** True for an intercommunicator. */
    public boolean Test_inter() throws MPIException {
        return false;
    }

    static org.mpj.core.datatype.TypeMap map(Datatype t) {
        return t == null ? null : t.map;
    }

    @Override
    public String toString() {
        return engine == null ? placeholderName : engine.name();
    }
}
