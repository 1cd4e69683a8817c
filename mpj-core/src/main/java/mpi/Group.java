package mpi;

import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.group.ProcessGroup;

/**
 * An ordered set of processes, as a communicator's {@link Comm#Group()} returns it. Groups are
 * local objects: making one communicates with nobody. Use them to name the ranks of a new
 * communicator ({@link Intracomm#Create(Group)}) or to translate ranks between communicators.
 *
 * <pre>{@code
 * Group world = MPI.COMM_WORLD.Group();
 * Group evens = world.Range_incl(new int[][] {{0, world.Size() - 1, 2}});
 * Intracomm evenComm = MPI.COMM_WORLD.Create(evens);        // null on odd ranks
 * int[] inWorld = Group.Translate_ranks(evens, new int[] {1}, world);   // {2}
 * }</pre>
 */
public class Group {
    final ProcessGroup group;
    private volatile boolean freed;

    Group(ProcessGroup group) {
        this.group = group;
    }

    private ProcessGroup use(String call) {
        if (freed) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_GROUP, "Group." + call + " on a group that was freed"));
        }
        return group;
    }

    private static ProcessGroup use(Group g, String call) {
        if (g == null) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_GROUP, "Group." + call + " of a null group"));
        }
        return g.use(call);
    }

    /** Number of processes in the group. */
    public int Size() throws MPIException {
        return use("Size").size();
    }

    /** The calling process's rank in the group, or {@code MPI.UNDEFINED} when it is not a member. */
    public int Rank() throws MPIException {
        ProcessGroup g = use("Rank");
        try {
            return g.rankOf(MPI.requireRank("Group.Rank").worldRank);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * For each rank of {@code group1} in {@code ranks1}, the rank of the same process in
     * {@code group2}, or {@code MPI.UNDEFINED} where it is not a member ({@code MPI.PROC_NULL} maps to
     * itself).
     */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        ProcessGroup a = use(group1, "Translate_ranks"), b = use(group2, "Translate_ranks");
        if (ranks1 == null) {
            throw MPIException.of(new MpjException(ErrorClass.ERR_ARG, "Group.Translate_ranks: ranks1 is null"));
        }
        try {
            return a.translate(ranks1, b);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * {@code MPI.IDENT} when both groups have the same members in the same order, {@code MPI.SIMILAR}
     * when the same members in another order, else {@code MPI.UNEQUAL}.
     */
    public static int Compare(Group group1, Group group2) throws MPIException {
        switch (use(group1, "Compare").compare(use(group2, "Compare"))) {
            case ProcessGroup.IDENT: return MPI.IDENT;
            case ProcessGroup.SIMILAR: return MPI.SIMILAR;
            default: return MPI.UNEQUAL;
        }
    }

    /** The members of {@code group1}, then those of {@code group2} that are not in group1, each in order. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        return new Group(use(group1, "Union").union(use(group2, "Union")));
    }

    /** The members of {@code group1} that are also in {@code group2}, in group1's order. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        return new Group(use(group1, "Intersection").intersection(use(group2, "Intersection")));
    }

    /** The members of {@code group1} that are not in {@code group2}, in group1's order. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        return new Group(use(group1, "Difference").difference(use(group2, "Difference")));
    }

    /** The members at {@code ranks}, in that order: rank i of the result is rank {@code ranks[i]} here. */
    public Group Incl(int[] ranks) throws MPIException {
        try {
            return new Group(use("Incl").incl(ranks));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** The members not at {@code ranks}, in this group's order. */
    public Group Excl(int[] ranks) throws MPIException {
        try {
            return new Group(use("Excl").excl(ranks));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * Incl of the ranks named by triplets {@code {first, last, stride}}: {@code {{0, 6, 3}, {7, 5, -1}}}
     * names 0, 3, 6, 7, 6, 5 (here an error: 6 twice).
     */
    public Group Range_incl(int[][] ranges) throws MPIException {
        try {
            return new Group(use("Range_incl").rangeIncl(ranges));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Excl of the ranks named by triplets {@code {first, last, stride}}. */
    public Group Range_excl(int[][] ranges) throws MPIException {
        try {
            return new Group(use("Range_excl").rangeExcl(ranges));
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * Releases the group: later calls on this object raise MPI_ERR_GROUP. Communicators made from it
     * are not affected. Freeing {@code MPI.GROUP_EMPTY} does nothing, as MPI allows.
     */
    public void Free() throws MPIException {
        if (this != MPI.GROUP_EMPTY) {
            use("Free");
            freed = true;
        }
    }

    @Override
    public String toString() {
        return freed ? "a freed group" : group.toString();
    }
}
