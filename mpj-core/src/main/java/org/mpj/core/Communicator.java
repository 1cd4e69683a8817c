package org.mpj.core;

import java.util.Arrays;
import org.mpj.core.coll.Collectives;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.BufferCheck;
import org.mpj.core.datatype.ObjectCodec;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.group.ProcessGroup;
import org.mpj.core.idle.BackoffIdle;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.Waiting;
import org.mpj.core.topo.Topology;

/**
 * The engine's communicator: a group of world ranks, this rank's place in it, and a context id pair.
 * Public calls check their arguments and then make one call down to the device; the {@code coll…}
 * calls are the same operations on the collective context, unchecked, for the collectives library.
 *
 * <p>An intercommunicator sends to the ranks of its remote group ({@link #peers}) while its own rank,
 * the source of what it sends, is its rank in the local group; its local-group collectives run on a
 * hidden intracommunicator of the local group with a context pair of its own.
 */
public final class Communicator {
    private final RankContext rank;
    private final int[] worldRanks;
    /** World ranks that sends go to and receives come from: the remote group of an intercommunicator. */
    private final int[] peers;
    private final int myRank;
    private final int context;
    private final String name;
    private final Collectives collectives;
    private final Topology topology;
    /** For an intercommunicator, the local group's own intracommunicator; else null. */
    private final Communicator localOfInter;
    /** Ranks of this communicator on this rank's node, ascending; null for an intercommunicator. */
    private final int[] localMembers;
    /** This rank's index in {@link #localMembers}. */
    private final int localRank;
    /** Shared with the other members on this node (see {@link #localBoard}). */
    private final Object localBoard;
    private volatile boolean freed;

    Communicator(RankContext rank, int[] worldRanks, int myRank, int context, String name) {
        this(rank, worldRanks, worldRanks, myRank, context, name, null, null);
    }

    private Communicator(RankContext rank, int[] worldRanks, int[] peers, int myRank, int context, String name,
                         Topology topology, Communicator localOfInter) {
        this.rank = rank;
        this.worldRanks = worldRanks;
        this.peers = peers;
        this.myRank = myRank;
        this.context = context;
        this.name = name;
        this.topology = topology;
        this.localOfInter = localOfInter;
        if (localOfInter == null) {
            this.localMembers = membersOnNode(rank.device.node(rank.worldRank));
            this.localRank = Arrays.binarySearch(localMembers, myRank);
            int lowestWorld = Integer.MAX_VALUE;
            for (int r : localMembers) {
                lowestWorld = Math.min(lowestWorld, worldRanks[r]);
            }
            this.localBoard = rank.job.localBoards().attach(context, lowestWorld, localMembers.length,
                    rank.collectivesProvider()::newLocalBoard);
        } else {
            this.localMembers = null;
            this.localRank = -1;
            this.localBoard = null;
        }
        this.collectives = rank.collectivesProvider().create(this);
    }

    private int[] membersOnNode(int node) {
        int n = 0;
        int[] on = new int[worldRanks.length];
        for (int r = 0; r < worldRanks.length; r++) {
            if (rank.device.node(worldRanks[r]) == node) {
                on[n++] = r;
            }
        }
        return Arrays.copyOf(on, n);
    }

    /** The node of rank {@code r} of this communicator (see {@link org.mpj.core.device.Device#node}). */
    public int node(int r) {
        return rank.device.node(worldRanks[r]);
    }

    /** How many ranks of this intracommunicator are on this rank's node (itself included). */
    public int localSize() {
        return localMembers.length;
    }

    /** This rank's index among the ranks of this intracommunicator on its node. */
    public int localRank() {
        return localRank;
    }

    /** The rank in this communicator of the {@code i}-th of its ranks on this rank's node. */
    public int localMember(int i) {
        return localMembers[i];
    }

    /**
     * The object that the collectives library shares among the members of this intracommunicator
     * on this rank's node (threads of this JVM that may read each other's arrays), indexed by
     * {@link #localRank}; null for an intercommunicator.
     */
    public Object localBoard() {
        return localBoard;
    }

    /**
     * A new intracommunicator of this rank (Split, Create, topologies, Merge): {@code worldRanks} in
     * rank order, this rank at {@code myRank}, on the agreed even {@code context}.
     */
    static Communicator create(RankContext rank, int[] worldRanks, int myRank, int context, String name,
                               Topology topology) {
        return new Communicator(rank, worldRanks, worldRanks, myRank, context, name, topology, null);
    }

    /** A new intercommunicator whose local group {@code localOfInter} has, in the same order. */
    static Communicator createInter(Communicator localOfInter, int[] remoteWorldRanks, int context, String name) {
        return new Communicator(localOfInter.rank, localOfInter.worldRanks, remoteWorldRanks, localOfInter.myRank,
                context, name, null, localOfInter);
    }

    public RankContext rankContext() {
        return rank;
    }

    public int size() {
        return worldRanks.length;
    }

    /** Whether the ranks on this rank's host outnumber its cores ({@link BackoffIdle#oversubscribed}). */
    public boolean ranksOutnumberCores() {
        return rank.idle.oversubscribed;
    }

    /**
     * Whether every rank of the job is on this rank's host and they outnumber its cores. Unlike
     * {@link #ranksOutnumberCores}, every rank of the job computes the same answer (they see one host,
     * and the launcher tells each JVM the same count), so a choice made on it is the same everywhere.
     */
    public boolean jobOutnumbersCores() {
        return rank.idle.jobOversubscribed(rank.worldSize);
    }

    public int rank() {
        return myRank;
    }

    /** The world rank of {@code r}, a rank of this communicator. */
    public int worldRank(int r) {
        return worldRanks[r];
    }

    public int[] worldRanks() {
        return worldRanks.clone();
    }

    /** The (local) group. */
    public ProcessGroup group() {
        return ProcessGroup.of(worldRanks);
    }

    public boolean isInter() {
        return localOfInter != null;
    }

    /** The remote group of an intercommunicator; the group itself for an intracommunicator. */
    public ProcessGroup remoteGroup() {
        return ProcessGroup.of(peers);
    }

    /** The Cartesian or graph topology attached when the communicator was made, or null. */
    public Topology topology() {
        return topology;
    }

    /** The intracommunicator of an intercommunicator's local group; null for an intracommunicator. */
    Communicator localOfInter() {
        return localOfInter;
    }

    /** Context id of point-to-point traffic; the collectives use {@code context() + 1}. */
    public int context() {
        return context;
    }

    public String name() {
        return name;
    }

    public Collectives collectives() {
        return collectives;
    }

    // ---- checks -------------------------------------------------------------------------------

    /** Throws unless MPI is active and this communicator is usable. */
    public void checkUsable(String call) {
        rank.checkActive(call);
        if (freed) {
            throw new MpjException(ErrorClass.ERR_COMM, call + " on " + name + ", which was freed");
        }
    }

    private void checkDest(String call, int dest) {
        if (dest != MatchConstants.PROC_NULL && (dest < 0 || dest >= peers.length)) {
            throw new MpjException(ErrorClass.ERR_RANK, call + " to rank " + dest + " in " + name + " of "
                    + peerSize() + " (valid: 0.." + (peers.length - 1) + " or MPI.PROC_NULL)");
        }
    }

    private void checkSource(String call, int source) {
        if (source != MatchConstants.PROC_NULL && source != MatchConstants.ANY_SOURCE
                && (source < 0 || source >= peers.length)) {
            throw new MpjException(ErrorClass.ERR_RANK, call + " from rank " + source + " in " + name + " of "
                    + peerSize() + " (valid: 0.." + (peers.length - 1) + ", MPI.ANY_SOURCE or MPI.PROC_NULL)");
        }
    }

    private String peerSize() {
        return (isInter() ? "remote size " : "size ") + peers.length;
    }

    private static void checkSendTag(String call, int tag) {
        if (tag < 0) {
            throw new MpjException(ErrorClass.ERR_TAG, call + " with tag " + tag + " (valid: 0.." + MatchConstants.TAG_UB + ")");
        }
    }

    private static void checkRecvTag(String call, int tag) {
        if (tag < 0 && tag != MatchConstants.ANY_TAG) {
            throw new MpjException(ErrorClass.ERR_TAG, call + " with tag " + tag + " (valid: 0.."
                    + MatchConstants.TAG_UB + " or MPI.ANY_TAG)");
        }
    }

    /** Checks a send's arguments; returns its number of base elements. */
    private int checkSend(String call, Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        checkUsable(call);
        checkDest(call, dest);
        checkSendTag(call, tag);
        return BufferCheck.elements(call, buf, offset, count, type);
    }

    private int checkRecv(String call, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        checkUsable(call);
        checkSource(call, source);
        checkRecvTag(call, tag);
        return BufferCheck.elements(call, buf, offset, count, type);
    }

    // ---- point to point ---------------------------------------------------------------------

    /** Blocking send in the given mode. */
    public void send(Object buf, int offset, int count, TypeMap type, int dest, int tag, SendMode mode) {
        int elements = checkSend(mode.call(), buf, offset, count, type, dest, tag);
        if (dest == MatchConstants.PROC_NULL) {
            return;
        }
        if (mode == SendMode.BUFFERED) {
            rank.buffered().send(this, context, buf, offset, type, elements, dest, tag);
            return;
        }
        sendBlocking(context, buf, offset, type, elements, dest, tag, mode != SendMode.SYNCHRONOUS,
                ThreadRequests.of(rank).send);
    }

    /** Non-blocking send in the given mode; the request completes as the blocking call would return. */
    public EngineRequest isend(Object buf, int offset, int count, TypeMap type, int dest, int tag, SendMode mode) {
        EngineRequest s = new EngineRequest(EngineRequest.SEND);
        isendInto(s, mode.nonBlockingCall(), buf, offset, count, type, dest, tag, mode);
        return s;
    }

    /**
     * {@link #isend} into a request the caller owns and reuses (a persistent request's Start), which
     * must be complete; {@code call} names the operation in error messages.
     */
    public void isendInto(EngineRequest s, String call, Object buf, int offset, int count, TypeMap type, int dest,
                          int tag, SendMode mode) {
        int elements = checkSend(call, buf, offset, count, type, dest, tag);
        s.reset();
        if (dest == MatchConstants.PROC_NULL) {
            s.complete(MatchConstants.PROC_NULL, MatchConstants.ANY_TAG, 0, type.base);
            return;
        }
        if (mode == SendMode.BUFFERED) {
            rank.buffered().send(this, context, buf, offset, type, elements, dest, tag);
            s.complete(dest, tag, elements, type.base);
            return;
        }
        startSend(context, buf, offset, type, elements, dest, tag, mode != SendMode.SYNCHRONOUS, s);
    }

    /** Checks a send's arguments without sending (a persistent request's init). */
    public void checkSendArguments(String call, Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        checkSend(call, buf, offset, count, type, dest, tag);
    }

    /** Checks a receive's arguments without posting it. */
    public void checkRecvArguments(String call, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        checkRecv(call, buf, offset, count, type, source, tag);
    }

    /** Blocking receive; the returned request is the thread's own and valid until its next blocking call. */
    public EngineRequest recv(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        int elements = checkRecv("Recv", buf, offset, count, type, source, tag);
        EngineRequest r = ThreadRequests.of(rank).recv;
        startRecv(context, buf, offset, type, elements, source, tag, r);
        Waiting.await(r, rank);
        throwIfFailed(r);
        return r;
    }

    /**
     * Blocking send and receive: the receive is posted before the send starts, so two ranks that call it
     * towards each other do not deadlock. Both halves use the thread's own requests (a Sendrecv allocates
     * nothing but its status); the returned request is valid until the thread's next blocking call.
     */
    public EngineRequest sendrecv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, int dest, int sendtag,
                                  Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int source,
                                  int recvtag) {
        int sent = checkSend("Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        int room = checkRecv("Sendrecv", recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        return exchange(context, sendbuf, sendoffset, sendtype, sent, dest, sendtag, recvbuf, recvoffset, recvtype, room,
                source, recvtag);
    }

    /**
     * A blocking send and receive in context {@code ctx} of {@code sent} and at most {@code room}
     * elements, on the thread's own requests: the receive is posted first, and taken back if the send
     * fails. The returned request is valid until the thread's next blocking call.
     */
    private EngineRequest exchange(int ctx, Object sendbuf, int sendoffset, TypeMap sendtype, int sent, int dest,
                                   int sendtag, Object recvbuf, int recvoffset, TypeMap recvtype, int room, int source,
                                   int recvtag) {
        ThreadRequests own = ThreadRequests.of(rank);
        EngineRequest r = own.recv;
        startRecv(ctx, recvbuf, recvoffset, recvtype, room, source, recvtag, r);
        if (dest != MatchConstants.PROC_NULL) {
            try {
                sendBlocking(ctx, sendbuf, sendoffset, sendtype, sent, dest, sendtag, true, own.send);
            } catch (RuntimeException e) {
                cancel(r);
                throw e;
            }
        }
        Waiting.await(r, rank);
        throwIfFailed(r);
        return r;
    }

    public EngineRequest irecv(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        EngineRequest r = new EngineRequest(EngineRequest.RECV);
        irecvInto(r, "Irecv", buf, offset, count, type, source, tag);
        return r;
    }

    /** {@link #irecv} into a request the caller owns and reuses, which must be complete. */
    public void irecvInto(EngineRequest r, String call, Object buf, int offset, int count, TypeMap type, int source,
                          int tag) {
        int elements = checkRecv(call, buf, offset, count, type, source, tag);
        startRecv(context, buf, offset, type, elements, source, tag, r);
    }

    /** Waits for a message matching (source, tag) without receiving it; fills {@code into}'s status. */
    public EngineRequest probe(int source, int tag) {
        checkUsable("Probe");
        checkSource("Probe", source);
        checkRecvTag("Probe", tag);
        EngineRequest into = new EngineRequest(EngineRequest.RECV);
        if (source == MatchConstants.PROC_NULL) {
            into.complete(MatchConstants.PROC_NULL, MatchConstants.ANY_TAG, 0, BaseType.BYTE);
            return into;
        }
        long n = 0;
        boolean parked = false;
        try {
            while (!rank.engine.probe(context, source, tag, into)) {
                if (rank.device.progress() > 0) {
                    n = 0;
                    parked = rank.awake(parked);
                    continue;
                }
                rank.job.check();
                if (rank.idle.shouldPark(n)) {
                    parked = rank.parking(parked);
                    if (rank.device.idleWait(rank.idle.parkNs(n)) > 0) {
                        n = 0;
                        parked = rank.awake(parked);
                        continue;
                    }
                } else {
                    rank.idle.idle(n);
                }
                n++;
            }
        } finally {
            rank.awake(parked);
        }
        return into;
    }

    /** A matching queued message's status, or null when there is none yet. */
    public EngineRequest iprobe(int source, int tag) {
        checkUsable("Iprobe");
        checkSource("Iprobe", source);
        checkRecvTag("Iprobe", tag);
        EngineRequest into = new EngineRequest(EngineRequest.RECV);
        if (source == MatchConstants.PROC_NULL) {
            into.complete(MatchConstants.PROC_NULL, MatchConstants.ANY_TAG, 0, BaseType.BYTE);
            return into;
        }
        rank.device.progress();
        rank.job.check();
        return rank.engine.probe(context, source, tag, into) ? into : null;
    }

    // ---- the collective context, for the collectives library ------------------------------------

    public void collSend(Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        sendBlocking(context + 1, buf, offset, type, count * type.size, dest, tag, true, ThreadRequests.of(rank).send);
    }

    public void collRecv(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        EngineRequest r = ThreadRequests.of(rank).recv;
        startRecv(context + 1, buf, offset, type, count * type.size, source, tag, r);
        Waiting.await(r, rank);
        throwIfFailed(r);
    }

    public EngineRequest collIsend(Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        EngineRequest s = new EngineRequest(EngineRequest.SEND);
        startSend(context + 1, buf, offset, type, count * type.size, dest, tag, true, s);
        return s;
    }

    /** {@link #collIsend} into a request the caller owns and reuses, which must be complete. */
    public void collIsendInto(EngineRequest s, Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        s.reset();
        startSend(context + 1, buf, offset, type, count * type.size, dest, tag, true, s);
    }

    public EngineRequest collIrecv(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        EngineRequest r = new EngineRequest(EngineRequest.RECV);
        startRecv(context + 1, buf, offset, type, count * type.size, source, tag, r);
        return r;
    }

    /** {@link #collIrecv} into a request the caller owns and reuses, which must be complete. */
    public void collIrecvInto(EngineRequest r, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        startRecv(context + 1, buf, offset, type, count * type.size, source, tag, r);
    }

    /** Waits for each request and throws the first failure. */
    public void waitAll(EngineRequest... requests) {
        for (EngineRequest r : requests) {
            if (r != null) {
                Waiting.await(r, rank);
                throwIfFailed(r);
            }
        }
    }

    /** As {@link #sendrecv}, on the thread's own requests: the algorithms' exchanges allocate nothing. */
    public void collSendrecv(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, int dest,
                             Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int source, int tag) {
        exchange(context + 1, sendbuf, sendoffset, sendtype, sendcount * sendtype.size, dest, tag, recvbuf, recvoffset,
                recvtype, recvcount * recvtype.size, source, tag);
    }

    // ---- the one path down ----------------------------------------------------------------------

    /** A blocking send on {@code s}, the thread's own send request. */
    private void sendBlocking(int ctx, Object buf, int offset, TypeMap type, int elements, int dest, int tag,
                              boolean mayBuffer, EngineRequest s) {
        if (!deliver(ctx, buf, offset, type, elements, dest, tag, mayBuffer, s)) {
            Waiting.await(s, rank);
        }
    }

    void startSend(int ctx, Object buf, int offset, TypeMap type, int elements, int dest, int tag,
                   boolean mayBuffer, EngineRequest s) {
        if (deliver(ctx, buf, offset, type, elements, dest, tag, mayBuffer, s)) {
            s.complete(dest, tag, elements, type.base);
        }
    }

    private boolean deliver(int ctx, Object buf, int offset, TypeMap type, int elements, int dest, int tag,
                            boolean mayBuffer, EngineRequest s) {
        if (type.base == BaseType.OBJECT) {
            byte[] bytes = ObjectCodec.serialize("Send", (Object[]) buf, offset, type, elements);
            return rank.device.send(peers[dest], ctx, myRank, tag, BaseType.OBJECT, elements, bytes, 0, null,
                    mayBuffer, s);
        }
        return rank.device.send(peers[dest], ctx, myRank, tag, type.base, elements, buf, offset, type, mayBuffer, s);
    }

    /**
     * Sends data already copied out of the user's buffer (buffered mode): a contiguous array of
     * {@code base}, or serialized bytes ({@code layout} null) for MPI.OBJECT. Waits for nothing. A
     * message within the eager limit is sent eagerly and {@code s} completes at once, so its room in
     * the attached buffer is free again before any receive: {@code Bsend; Buffer_detach; Recv} around
     * a ring then works as with other MPIs. A larger one waits, in its copy, for its receive.
     */
    void sendPrepared(int ctx, BaseType base, int elements, Object data, TypeMap layout, int dest, int tag,
                      EngineRequest s) {
        if (rank.device.send(peers[dest], ctx, myRank, tag, base, elements, data, 0, layout, true, s)) {
            s.complete(dest, tag, elements, base);
        }
    }

    private void startRecv(int ctx, Object buf, int offset, TypeMap type, int elements, int source, int tag,
                           EngineRequest r) {
        r.reset();
        if (source == MatchConstants.PROC_NULL) {
            r.complete(MatchConstants.PROC_NULL, MatchConstants.ANY_TAG, 0, type.base);
            return;
        }
        r.buf = buf;
        r.offset = offset;
        r.capacity = elements;
        r.type = type;
        r.context = ctx;
        r.source = source;
        r.tag = tag;
        r.loader = rank.loader();
        rank.engine.post(r);
    }

    /** Throws the error a request completed with (truncation, type mismatch) on the waiting thread. */
    public static void throwIfFailed(EngineRequest r) {
        if (r.error != null) {
            throw r.error.rethrowable();
        }
    }

    /** Cancels a pending request: a posted receive, or a send still waiting for its receive. */
    public void cancel(EngineRequest r) {
        if (r.isComplete()) {
            return;
        }
        if (r.kind == EngineRequest.RECV) {
            rank.engine.cancelReceive(r);
        } else if (r.cancelTarget != null) {
            r.cancelTarget.cancelSend(r);
        }
    }

    // ---- life cycle -----------------------------------------------------------------------------

    /** A new communicator over the same group with a fresh context: collective over this one. */
    public Communicator dup() {
        checkUsable("Dup");
        if (isInter()) {
            return Intercommunicators.dup(this);
        }
        int ctx = rank.contextIds().agree(this);
        return create(rank, worldRanks, myRank, ctx, "a duplicate of " + name, topology);
    }

    public void free() {
        checkUsable("Free");
        if (context == ContextIds.WORLD || context == ContextIds.SELF) {
            throw new MpjException(ErrorClass.ERR_COMM, "Free of " + name + ", which MPI owns");
        }
        freed = true;
        rank.contextIds().release(context);
        if (localOfInter != null) {
            localOfInter.free();
        }
    }

    public boolean isFreed() {
        return freed;
    }
}
