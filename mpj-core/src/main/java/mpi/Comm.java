package mpi;

import java.util.Arrays;
import org.mpj.core.Bootstrap;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;
import org.mpj.core.SendMode;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.topo.CartTopology;
import org.mpj.core.topo.GraphTopology;

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
    private volatile Errhandler errhandler = Errhandler.FATAL;

    /** COMM_WORLD (0) or COMM_SELF (1) before Init; -1 for every communicator made after it. */
    private final int placeholder;

    Comm(String placeholderName, int placeholder) {
        this.placeholderName = placeholderName;
        this.placeholder = placeholder;
    }

    Comm(Communicator engine) {
        this.placeholderName = engine.name();
        this.placeholder = -1;
        this.engine = engine;
    }

    void bind(Communicator e) {
        this.engine = e;
    }

    /** The engine communicator; MPIException before Init. */
    final Communicator engine(String call) {
        Communicator e = engine;
        if (e == null && (e = sharedPlaceholder()) == null) {
            throw new MPIException(ErrorClass.ERR_OTHER, ErrorClass.name(ErrorClass.ERR_OTHER) + ": "
                    + MPI.notInitialized(placeholderName + "." + call), null);
        }
        return e;
    }

    /**
     * Where one facade serves every thread rank ({@code mpjrun --shared-classes}), COMM_WORLD and
     * COMM_SELF stay unbound and stand for the calling rank's; null before its Init.
     */
    private Communicator sharedPlaceholder() {
        RankContext r = sharedOwner();
        if (r == null || !r.isInitialized()) {
            return null;
        }
        return placeholder == 0 ? r.world() : r.self();
    }

    /** The calling rank, where this is an unbound COMM_WORLD or COMM_SELF of a shared facade; else null. */
    private RankContext sharedOwner() {
        return placeholder >= 0 && engine == null ? Bootstrap.sharedRank() : null;
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
            Communicator e = engine(mode.nonBlockingCall());
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
        try {
            return new Status(engine("Sendrecv").sendrecv(sendbuf, sendoffset, sendcount, map(sendtype), dest, sendtag,
                    recvbuf, recvoffset, recvcount, map(recvtype), source, recvtag));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
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
        if (a.isInter() != b.isInter()) {
            return MPI.UNEQUAL;
        }
        // An intercommunicator is compared by both its groups (MPI 6.4.1): the weaker result wins.
        int local = compareGroups(a.worldRanks(), b.worldRanks());
        int remote = a.isInter() ? compareGroups(a.remoteGroup().worldRanks(), b.remoteGroup().worldRanks()) : MPI.CONGRUENT;
        return Math.max(local, remote);
    }

    /** CONGRUENT for the same ranks in the same order, SIMILAR in another order, else UNEQUAL. */
    private static int compareGroups(int[] ga, int[] gb) {
        if (Arrays.equals(ga, gb)) {
            return MPI.CONGRUENT;
        }
        Arrays.sort(ga);
        Arrays.sort(gb);
        return Arrays.equals(ga, gb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** A new communicator with the same group and a context of its own. Collective. */
    public Comm Dup() throws MPIException {
        return wrap(dupEngine(), this);
    }

    /**
     * The facade of a new engine communicator, of the class its kind calls for (Intercomm, Cartcomm,
     * Graphcomm or Intracomm), with {@code parent}'s error handler; null stays null.
     */
    static Comm wrap(Communicator e, Comm parent) {
        if (e == null) {
            return null;
        }
        Comm c;
        if (e.isInter()) {
            c = new Intercomm(e);
        } else if (e.topology() instanceof CartTopology) {
            c = new Cartcomm(e);
        } else if (e.topology() instanceof GraphTopology) {
            c = new Graphcomm(e);
        } else {
            c = new Intracomm(e);
        }
        c.errhandler = parent.errhandler();
        return c;
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

    /** True for an intercommunicator ({@link Intercomm}). */
    public boolean Test_inter() throws MPIException {
        return engine("Test_inter").isInter();
    }

    /** The group of this communicator (the local group of an intercommunicator). */
    public Group Group() throws MPIException {
        Communicator e = engine("Group");
        check(e, "Group");
        return new Group(e.group());
    }

    /** {@code MPI.CART}, {@code MPI.GRAPH}, or {@code MPI.UNDEFINED} for a communicator without a topology. */
    public int Topo_test() throws MPIException {
        Communicator e = engine("Topo_test");
        check(e, "Topo_test");
        return e.topology() == null ? MPI.UNDEFINED : e.topology().kind();
    }

    /**
     * The value of a predefined attribute, as an Integer: {@code MPI.TAG_UB} (the largest tag),
     * {@code MPI.HOST} (MPI.PROC_NULL: no host process), {@code MPI.IO} (MPI.ANY_SOURCE: every rank
     * can do I/O), {@code MPI.WTIME_IS_GLOBAL} (0: each rank's clock has its own origin). Any other key
     * has no value here: null, as mpiJava returns.
     *
     * <pre>{@code
     * int tagUb = (Integer) MPI.COMM_WORLD.Attr_get(MPI.TAG_UB);
     * }</pre>
     */
    public Object Attr_get(int keyval) throws MPIException {
        check(engine("Attr_get"), "Attr_get");
        switch (keyval) {
            case MPI.TAG_UB: return MPI.TAG_UB;
            case MPI.HOST: return MPI.PROC_NULL;
            case MPI.IO: return MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL: return 0;
            default: return null;
        }
    }

    /**
     * Sets the error handler: {@code MPI.ERRORS_ARE_FATAL} (the default) or {@code MPI.ERRORS_RETURN}.
     * Either way a failing call throws MPIException; see {@link Errhandler} for what each promises.
     */
    public void Errhandler_set(Errhandler errhandler) throws MPIException {
        check(engine("Errhandler_set"), "Errhandler_set");
        if (errhandler == null) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_ARG, "Errhandler_set on " + this
                    + ": the handler is null (use MPI.ERRORS_ARE_FATAL or MPI.ERRORS_RETURN)"));
        }
        RankContext shared = sharedOwner();
        if (shared != null) {
            shared.facadeSlot(placeholder, errhandler);
        } else {
            this.errhandler = errhandler;
        }
    }

    /** The error handler: {@code MPI.ERRORS_ARE_FATAL} unless set, or inherited from the parent communicator. */
    public Errhandler Errhandler_get() throws MPIException {
        check(engine("Errhandler_get"), "Errhandler_get");
        return errhandler();
    }

    /** The error handler; a shared COMM_WORLD's or COMM_SELF's is the calling rank's. */
    private Errhandler errhandler() {
        RankContext shared = sharedOwner();
        if (shared != null) {
            Object h = shared.facadeSlot(placeholder);
            return h == null ? Errhandler.FATAL : (Errhandler) h;
        }
        return errhandler;
    }

    /**
     * Makes an intercommunicator between the group of {@code local_comm} and another, disjoint group.
     * Called on the peer communicator (one that holds both leaders, usually COMM_WORLD) by every rank
     * of {@code local_comm}: {@code local_leader} is a rank of local_comm, {@code remote_leader} the
     * other group's leader as a rank of this communicator; the leaders exchange their groups here with
     * {@code tag}. Collective over both groups.
     *
     * <pre>{@code
     * int rank = MPI.COMM_WORLD.Rank();
     * Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);   // evens and odds
     * Intercomm inter = MPI.COMM_WORLD.Create_intercomm(half, 0, rank % 2 == 0 ? 1 : 0, 99);
     * inter.Send(buf, 0, n, MPI.INT, 0, 5);   // to rank 0 of the other half
     * }</pre>
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        try {
            Communicator peer = engine("Create_intercomm");
            peer.checkUsable("Create_intercomm");
            if (local_comm == null) {
                throw new MpjException(ErrorClass.ERR_COMM, "Create_intercomm: local_comm is null");
            }
            Communicator local = local_comm.engine("Create_intercomm");
            return (Intercomm) wrap(org.mpj.core.Intercommunicators.create(peer, local, local_leader, remote_leader,
                    tag), local_comm);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    // ---- persistent requests --------------------------------------------------------------------

    /** A persistent standard send; see {@link Prequest}. */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return Prequest.send(engine("Send_init"), SendMode.STANDARD, buf, offset, count, map(datatype), dest, tag);
    }

    /** A persistent buffered send; see {@link Prequest}. */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return Prequest.send(engine("Bsend_init"), SendMode.BUFFERED, buf, offset, count, map(datatype), dest, tag);
    }

    /** A persistent synchronous send; see {@link Prequest}. */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return Prequest.send(engine("Ssend_init"), SendMode.SYNCHRONOUS, buf, offset, count, map(datatype), dest,
                tag);
    }

    /** A persistent ready send; see {@link Prequest}. */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return Prequest.send(engine("Rsend_init"), SendMode.READY, buf, offset, count, map(datatype), dest, tag);
    }

    /** A persistent receive; see {@link Prequest}. */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        return Prequest.recv(engine("Recv_init"), buf, offset, count, map(datatype), source, tag);
    }

    static org.mpj.core.datatype.TypeMap map(Datatype t) {
        return t == null ? null : t.map;
    }

    @Override
    public String toString() {
        return engine == null ? placeholderName : engine.name();
    }
}
