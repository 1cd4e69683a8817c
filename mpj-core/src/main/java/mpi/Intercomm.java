package mpi;

import org.mpj.core.Communicator;
import org.mpj.core.Intercommunicators;
import org.mpj.core.MpjException;

/**
 * A communicator between two disjoint groups, made by {@link Comm#Create_intercomm}. {@code Rank()}
 * and {@code Size()} describe the local group; point-to-point calls address the remote group: a
 * Send to rank r goes to rank r of the remote group, and a receive's {@code Status.source} is the
 * sender's rank in its own (the remote) group.
 *
 * <pre>{@code
 * // evens and odds of COMM_WORLD, each group's rank 0 as leader
 * Intercomm inter = MPI.COMM_WORLD.Create_intercomm(half, 0, rank % 2 == 0 ? 1 : 0, 99);
 * if (inter.Rank() == 0) inter.Send(msg, 0, 1, MPI.INT, 0, 0);       // to the other group's rank 0
 * Intracomm all = inter.Merge(rank % 2 == 1);                         // evens first, then odds
 * }</pre>
 */
public class Intercomm extends Comm {
    Intercomm(Communicator engine) {
        super(engine);
    }

    /** Number of ranks in the remote group. */
    public int Remote_size() throws MPIException {
        return remote("Remote_size").size();
    }

    /** The remote group. */
    public Group Remote_group() throws MPIException {
        return new Group(remote("Remote_group"));
    }

    private org.mpj.core.group.ProcessGroup remote(String call) {
        Communicator e = engine(call);
        try {
            e.checkUsable(call);
        } catch (MpjException x) {
            throw MPIException.of(x);
        }
        return e.remoteGroup();
    }

    /**
     * An intracommunicator of both groups: the group whose ranks pass {@code high = false} comes first,
     * each group in its own order. If both groups pass the same value, the group holding the lower
     * COMM_WORLD rank among the two groups' rank 0s comes first. Collective over both groups.
     */
    public Intracomm Merge(boolean high) throws MPIException {
        try {
            return (Intracomm) wrap(Intercommunicators.merge(engine("Merge"), high), this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** A new intercommunicator between the same groups, with contexts of its own. Collective over both groups. */
    @Override
    public Intercomm Dup() throws MPIException {
        return (Intercomm) wrap(dupEngine(), this);
    }

    /** mpiJava's name for {@link #Dup()}. */
    @Override
    public Object clone() throws MPIException {
        return Dup();
    }
}
