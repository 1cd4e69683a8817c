package mpi;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.request.EngineRequest;

/**
 * What a receive (or a probe) found: the source and tag of the message and its size. {@link #index}
 * is set by {@code Request.Waitany}/{@code Testany}/{@code Waitsome}/{@code Testsome} to the
 * position of the request in the array.
 */
public class Status {
    /** Rank of the sender in the communicator of the receive. */
    public int source;
    public int tag;
    /** Position in the request array, for the Wait/Test any/some calls; MPI.UNDEFINED otherwise. */
    public int index = MatchConstants.UNDEFINED;
    private int elements;
    private BaseType base;
    private boolean cancelled;

    public Status() {
        source = MatchConstants.ANY_SOURCE;
        tag = MatchConstants.ANY_TAG;
    }

    Status(EngineRequest r) {
        source = r.statusSource;
        tag = r.statusTag;
        elements = r.statusElements;
        base = r.statusBase;
        cancelled = r.cancelled;
    }

    /** Items of {@code datatype} in the message, or MPI.UNDEFINED if they do not divide it. */
    public int Get_count(Datatype datatype) throws MPIException {
        int size = datatype.map().size;
        if (size == 0) {
            return elements == 0 ? 0 : MatchConstants.UNDEFINED;
        }
        return elements % size == 0 ? elements / size : MatchConstants.UNDEFINED;
    }

    /** Elements of the base type in the message. */
    public int Get_elements(Datatype datatype) throws MPIException {
        return elements;
    }

    /** True if the operation was cancelled by {@code Request.Cancel}. */
    public boolean Test_cancelled() throws MPIException {
        return cancelled;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", elements=" + elements
                + (base == null ? "" : " of " + base.mpiName()) + (cancelled ? ", cancelled" : "") + "]";
    }
}
