package mpi;

import java.util.ArrayList;
import java.util.List;
import org.mpj.core.Communicator;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.Waiting;

/**
 * A non-blocking operation in flight, returned by {@code Isend}, {@code Irecv} and their kin. Once a
 * Wait or a successful Test has returned its status, the request is null ({@link #Is_null()}), and
 * the Wait/Test any/some calls skip it, so each completion is reported once.
 *
 * <pre>{@code
 * Request[] rs = { comm.Irecv(a, 0, n, MPI.INT, 1, 0), comm.Isend(b, 0, n, MPI.INT, 1, 0) };
 * Request.Waitall(rs);
 * }</pre>
 */
public class Request {
    EngineRequest req;
    final Communicator comm;

    Request(EngineRequest req, Communicator comm) {
        this.req = req;
        this.comm = comm;
    }

    /** Waits for the operation; returns its status (an empty one if the request is null). */
    public Status Wait() throws MPIException {
        if (req == null) {
            return emptyStatus();
        }
        try {
            Waiting.await(req, comm.rankContext());
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
        return take();
    }

    /** The status if the operation is complete, else null. */
    public Status Test() throws MPIException {
        if (req == null) {
            return emptyStatus();
        }
        poll(comm.rankContext());
        return req.isComplete() ? take() : null;
    }

    public boolean Is_null() {
        return req == null;
    }

    /** Releases the request; the operation itself still completes. */
    public void Free() throws MPIException {
        req = null;
    }

    /** Cancels a receive not yet matched, or a send still waiting for its receive; then Wait or Test it. */
    public void Cancel() throws MPIException {
        if (req != null) {
            try {
                comm.cancel(req);
            } catch (MpjException e) {
                throw MPIException.of(e);
            }
        }
    }

    /** Waits for every request; statuses in the order of the array. */
    public static Status[] Waitall(Request[] array) throws MPIException {
        Status[] out = new Status[array.length];
        MPIException first = null;
        for (int i = 0; i < array.length; i++) {
            try {
                out[i] = array[i] == null ? emptyStatus() : array[i].Wait();
            } catch (MPIException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return out;
    }

    /** Waits for one request to complete; its status carries its position in {@code index}. */
    public static Status Waitany(Request[] array) throws MPIException {
        EngineRequest[] engine = engineRequests(array);
        RankContext rank = rankOf(array);
        if (rank == null) {
            return emptyStatus();
        }
        int i;
        try {
            i = Waiting.awaitAny(engine, rank);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
        if (i < 0) {
            return emptyStatus();
        }
        Status s = array[i].take();
        s.index = i;
        return s;
    }

    /** Waits until at least one request is complete; returns the statuses of all that are. */
    public static Status[] Waitsome(Request[] array) throws MPIException {
        Status any = Waitany(array);
        if (any.index == MatchConstants.UNDEFINED) {
            return new Status[0];
        }
        List<Status> done = new ArrayList<>();
        done.add(any);
        collectComplete(array, done);
        return done.toArray(new Status[0]);
    }

    /** The status of one complete request (with its index), or null when none is complete. */
    public static Status Testany(Request[] array) throws MPIException {
        RankContext rank = rankOf(array);
        if (rank == null) {
            return emptyStatus();
        }
        poll(rank);
        for (int i = 0; i < array.length; i++) {
            Request r = array[i];
            if (r != null && r.req != null && r.req.isComplete()) {
                Status s = r.take();
                s.index = i;
                return s;
            }
        }
        return null;
    }

    /** Every status if all requests are complete, else null (and no request is consumed). */
    public static Status[] Testall(Request[] array) throws MPIException {
        RankContext rank = rankOf(array);
        if (rank != null) {
            poll(rank);
        }
        for (Request r : array) {
            if (r != null && r.req != null && !r.req.isComplete()) {
                return null;
            }
        }
        return Waitall(array);
    }

    /** The statuses of the requests that are complete now (possibly none). */
    public static Status[] Testsome(Request[] array) throws MPIException {
        RankContext rank = rankOf(array);
        if (rank != null) {
            poll(rank);
        }
        List<Status> done = new ArrayList<>();
        collectComplete(array, done);
        return done.toArray(new Status[0]);
    }

    private static void collectComplete(Request[] array, List<Status> done) {
        for (int i = 0; i < array.length; i++) {
            Request r = array[i];
            if (r != null && r.req != null && r.req.isComplete()) {
                Status s = r.take();
                s.index = i;
                done.add(s);
            }
        }
    }

    /** Consumes the completed operation: the request becomes null; a failed one throws here. */
    Status take() {
        EngineRequest r = req;
        req = null;
        if (r.error != null) {
            throw MPIException.of(r.error.rethrowable());
        }
        return new Status(r);
    }

    private static void poll(RankContext rank) {
        try {
            rank.device.progress();
            rank.job.check();
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    private static EngineRequest[] engineRequests(Request[] array) {
        EngineRequest[] out = new EngineRequest[array.length];
        for (int i = 0; i < array.length; i++) {
            out[i] = array[i] == null ? null : array[i].req;
        }
        return out;
    }

    private static RankContext rankOf(Request[] array) {
        for (Request r : array) {
            if (r != null && r.req != null) {
                return r.comm.rankContext();
            }
        }
        return null;
    }

    static Status emptyStatus() {
        return new Status();
    }
}
