package org.mpj.coll;

import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Choice;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.select.Selector;
import org.mpj.coll.select.Table;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * Communicators whose collectives choose otherwise than the job's settings say: a Dup that always
 * runs one algorithm of one primitive, or a Dup that chooses from another table. This is how a
 * benchmark compares algorithms and tables inside one job, each on a communicator of its own, where
 * settings ({@code mpj.coll.<key>}, {@code mpj.coll.table}) could only change them for a whole job.
 *
 * <p>Each method makes a Dup, so it is collective over {@code comm}: every rank calls it with the same
 * arguments (all ranks must pick the same algorithm). The choices are resolved once, here, as they are
 * when any communicator is made; the calls on the Dup then scan them as usual, with no allocation and
 * no lock. A table resolves for the Dup's own size and placement ({@link Placement}), so one table
 * still serves shm, hybrid and tcp.
 *
 * <pre>{@code
 * Communicator world = Bootstrap.contextFor(MPI.class.getClassLoader()).world();
 * Communicator bt = CollectiveChoices.dupWithAlgorithm(world, "bcast", "BT");
 * Communicator tuned = CollectiveChoices.dupWithTable(world, table);
 * }</pre>
 */
public final class CollectiveChoices {
    private CollectiveChoices() {
    }

    /**
     * A Dup of {@code comm} whose {@code key} collective runs {@code algorithm} at every size, as the
     * setting {@code mpj.coll.<key>=algorithm} would make a job's; its other primitives choose as
     * {@code comm}'s do.
     *
     * @throws MpjException MPI_ERR_ARG for an unknown primitive or algorithm (naming the valid ones),
     *                      MPI_ERR_COMM for an intercommunicator
     */
    public static Communicator dupWithAlgorithm(Communicator comm, String key, String algorithm) {
        Primitive p = primitive(key);
        Choice only = Selector.only(p, algorithm);
        Choice[] choices = collectivesOf(comm, "dupWithAlgorithm").choices();
        choices[p.ordinal()] = only;
        Communicator dup = comm.dup();
        collectivesOf(dup, "dupWithAlgorithm").choose(choices);
        return dup;
    }

    /**
     * A Dup of {@code comm} whose collectives choose from {@code table} alone, as a job started with
     * {@code mpj.coll.table} naming that table and no {@code mpj.coll.<key>} setting would: the rules
     * that cover the Dup's size and may apply to its placement, else each primitive's default.
     * {@link Selector#shippedTable()} is the table shipped with MPJ.
     *
     * @throws MpjException MPI_ERR_COMM for an intercommunicator
     */
    public static Communicator dupWithTable(Communicator comm, Table table) {
        collectivesOf(comm, "dupWithTable");
        Communicator dup = comm.dup();
        collectivesOf(dup, "dupWithTable").choose(Selector.fromTable(table, dup));
        return dup;
    }

    /**
     * The name of the algorithm that {@code comm}'s {@code key} collective runs for a message of
     * {@code bytes} (as {@link org.mpj.coll.select.MessageSize} measures it).
     */
    public static String algorithm(Communicator comm, String key, long bytes) {
        Primitive p = primitive(key);
        return Catalog.nameOf(p, collectivesOf(comm, "algorithm").choices()[p.ordinal()].pick(bytes));
    }

    private static Primitive primitive(String key) {
        Primitive p = Primitive.ofKey(key);
        if (p == null) {
            throw new MpjException(ErrorClass.ERR_ARG, "no collective primitive '" + key + "'; valid: "
                    + Primitive.keys());
        }
        return p;
    }

    private static CommCollectives collectivesOf(Communicator comm, String call) {
        if (comm.isInter()) {
            throw new MpjException(ErrorClass.ERR_COMM, "CollectiveChoices." + call + " on " + comm.name()
                    + ", an intercommunicator: give it an intracommunicator");
        }
        if (!(comm.collectives() instanceof CommCollectives c)) {
            throw new MpjException(ErrorClass.ERR_INTERN, "CollectiveChoices." + call + " on " + comm.name()
                    + ", whose collectives (" + comm.collectives().getClass().getName()
                    + ") are not those of org.mpj.coll");
        }
        return c;
    }
}
