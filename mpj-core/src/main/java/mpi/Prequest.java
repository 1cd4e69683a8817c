package mpi;

import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.SendMode;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * A persistent request: a send or receive whose arguments are fixed once ({@code Comm.Send_init},
 * {@code Recv_init} and kin) and that is started again and again. {@link #Start()} begins one
 * operation; a Wait or Test that completes it leaves the request inactive, not null, so it can be
 * started again; {@link #Free()} releases it. Wait and Test on an inactive request return at once,
 * and the Wait/Test any/some/all calls skip it. Its engine request is reused from start to start.
 *
 * <pre>{@code
 * Prequest send = comm.Send_init(out, 0, n, MPI.DOUBLE, right, 0);
 * Prequest recv = comm.Recv_init(in, 0, n, MPI.DOUBLE, left, 0);
 * for (int step = 0; step < steps; step++) {
 *     Prequest.Startall(new Prequest[] {recv, send});
 *     Request.Waitall(new Request[] {recv, send});
 * }
 * send.Free();
 * recv.Free();
 * }</pre>
 */
public class Prequest extends Request {
    /** The send mode, or null for a receive. */
    private final SendMode mode;
    private final Object buf;
    private final int offset;
    private final int count;
    private final TypeMap type;
    /** Destination of a send, source of a receive. */
    private final int peer;
    private final int tag;
    private final EngineRequest operation;
    private boolean freed;

    private Prequest(Communicator comm, SendMode mode, Object buf, int offset, int count, TypeMap type, int peer,
                     int tag) {
        super(null, comm);
        this.mode = mode;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.peer = peer;
        this.tag = tag;
        this.operation = new EngineRequest(mode == null ? EngineRequest.RECV : EngineRequest.SEND);
    }

    /** A persistent send, its arguments checked now as the send would check them. */
    static Prequest send(Communicator comm, SendMode mode, Object buf, int offset, int count, TypeMap type,
                         int dest, int tag) {
        try {
            comm.checkSendArguments(mode.persistentCall(), buf, offset, count, type, dest, tag);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
        return new Prequest(comm, mode, buf, offset, count, type, dest, tag);
    }

    /** A persistent receive, its arguments checked now. */
    static Prequest recv(Communicator comm, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        try {
            comm.checkRecvArguments("Recv_init", buf, offset, count, type, source, tag);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
        return new Prequest(comm, null, buf, offset, count, type, source, tag);
    }

    /** Starts the operation; the request must be inactive (new, or completed by a Wait or Test). */
    public void Start() throws MPIException {
        String call = mode == null ? "Recv_init" : mode.persistentCall();
        if (freed) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_REQUEST, "Start of a persistent request ("
                    + call + ") that was freed"));
        }
        if (req != null) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_REQUEST, "Start of a persistent request ("
                    + call + " with " + (mode == null ? "source " : "dest ") + peer + ", tag " + tag
                    + ") that is still active: Wait or Test it to completion first"));
        }
        try {
            if (mode == null) {
                comm.irecvInto(operation, call, buf, offset, count, type, peer, tag);
            } else {
                comm.isendInto(operation, call, buf, offset, count, type, peer, tag, mode);
            }
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
        req = operation;
    }

    /** Starts every request of the array, in order; null entries are skipped. */
    public static void Startall(Prequest[] array_of_requests) throws MPIException {
        for (Prequest p : array_of_requests) {
            if (p != null) {
                p.Start();
            }
        }
    }

    /** False until {@link #Free()}: an inactive persistent request is not a null request. */
    @Override
    public boolean Is_null() {
        return freed;
    }

    /** Releases the request; an operation in flight still completes, but the request cannot be started again. */
    @Override
    public void Free() throws MPIException {
        freed = true;
        super.Free();
    }
}
