package org.mpj.core;

import java.util.Arrays;
import org.mpj.core.group.ProcessGroup;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.topo.CartTopology;
import org.mpj.core.topo.GraphTopology;
import org.mpj.core.topo.Topology;

/**
 * New intracommunicators made from a parent: Split, Create, and the topologies. Each is collective
 * over the parent, whose ranks agree on one fresh context pair; every new communicator made by the
 * call uses it (the communicators are disjoint, so no rank holds the pair twice). A rank left out
 * gives the pair back at once and receives null.
 */
public final class Intracommunicators {
    private Intracommunicators() {
    }

    /**
     * The ranks of {@code parent} with this rank's {@code color}, ordered by {@code key}, then by rank
     * in the parent; null for {@code MPI.UNDEFINED}.
     */
    public static Communicator split(Communicator parent, int color, int key) {
        return split(parent, "Split", color, key, null);
    }

    private static Communicator split(Communicator parent, String call, int color, int key, Topology topology) {
        requireIntra(parent, call);
        if (color < 0 && color != MatchConstants.UNDEFINED) {
            throw new MpjException(ErrorClass.ERR_ARG, call + " of " + parent.name() + " with color " + color
                    + " (valid: >= 0 or MPI.UNDEFINED)");
        }
        int[] colorsAndKeys = AgreedInts.allgather(parent, new int[] {color, key});
        int context = parent.rankContext().contextIds().agree(parent);
        if (color == MatchConstants.UNDEFINED) {
            parent.rankContext().contextIds().release(context);
            return null;
        }
        Integer[] members = sameColor(colorsAndKeys, color);
        Arrays.sort(members, (a, b) -> colorsAndKeys[2 * a + 1] != colorsAndKeys[2 * b + 1]
                ? Integer.compare(colorsAndKeys[2 * a + 1], colorsAndKeys[2 * b + 1]) : Integer.compare(a, b));
        int[] world = new int[members.length];
        int me = -1;
        for (int i = 0; i < members.length; i++) {
            world[i] = parent.worldRank(members[i]);
            if (members[i] == parent.rank()) {
                me = i;
            }
        }
        return Communicator.create(parent.rankContext(), world, me, context,
                "a split of " + parent.name() + " (color " + color + ")", topology);
    }

    private static Integer[] sameColor(int[] colorsAndKeys, int color) {
        int n = 0;
        for (int r = 0; r < colorsAndKeys.length / 2; r++) {
            n += colorsAndKeys[2 * r] == color ? 1 : 0;
        }
        Integer[] members = new Integer[n];
        for (int r = 0, i = 0; r < colorsAndKeys.length / 2; r++) {
            if (colorsAndKeys[2 * r] == color) {
                members[i++] = r;
            }
        }
        return members;
    }

    /** The ranks of {@code group}, in its order; null on ranks of the parent outside it. */
    public static Communicator create(Communicator parent, ProcessGroup group) {
        requireIntra(parent, "Create");
        ProcessGroup members = parent.group();
        for (int i = 0; i < group.size(); i++) {
            if (!members.contains(group.worldRank(i))) {
                throw new MpjException(ErrorClass.ERR_GROUP, "Create: rank " + i + " of the group (world rank "
                        + group.worldRank(i) + ") is not a member of " + parent.name());
            }
        }
        return subset(parent, group.worldRanks(), "a communicator created from " + parent.name(), null);
    }

    /** The first {@code dims} product ranks of the parent as a grid; null on the others. */
    public static Communicator cart(Communicator parent, int[] dims, boolean[] periods) {
        requireIntra(parent, "Create_cart");
        CartTopology grid = CartTopology.of("Create_cart", dims, periods, parent.size(), parent.name());
        return firstRanks(parent, grid, "a Cartesian grid " + Arrays.toString(dims) + " of " + parent.name());
    }

    /** The first {@code index.length} ranks of the parent as a graph; null on the others. */
    public static Communicator graph(Communicator parent, int[] index, int[] edges) {
        requireIntra(parent, "Create_graph");
        GraphTopology graph = GraphTopology.of("Create_graph", index, edges, parent.size(), parent.name());
        return firstRanks(parent, graph, "a graph of " + index.length + " nodes of " + parent.name());
    }

    /** The sub-grid of this rank's grid that keeps the dimensions {@code remain}; collective over the grid. */
    public static Communicator subGrid(Communicator grid, boolean[] remain) {
        if (!(grid.topology() instanceof CartTopology cart)) {
            throw new MpjException(ErrorClass.ERR_TOPOLOGY, "Sub of " + grid.name() + ", which has no Cartesian topology");
        }
        return split(grid, "Sub", cart.subGridOf(grid.rank(), remain), grid.rank(), cart.sub(remain));
    }

    private static Communicator firstRanks(Communicator parent, Topology topology, String name) {
        int[] world = new int[topology.size()];
        for (int i = 0; i < world.length; i++) {
            world[i] = parent.worldRank(i);
        }
        return subset(parent, world, name, topology);
    }

    private static Communicator subset(Communicator parent, int[] world, String name, Topology topology) {
        int context = parent.rankContext().contextIds().agree(parent);
        int me = ProcessGroup.of(world).rankOf(parent.worldRank(parent.rank()));
        if (me == MatchConstants.UNDEFINED) {
            parent.rankContext().contextIds().release(context);
            return null;
        }
        return Communicator.create(parent.rankContext(), world, me, context, name, topology);
    }

    private static void requireIntra(Communicator c, String call) {
        c.checkUsable(call);
        if (c.isInter()) {
            throw new MpjException(ErrorClass.ERR_COMM, call + " of " + c.name() + ", an intercommunicator");
        }
    }
}
