package org.mpj.core;

import java.util.Arrays;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.group.ProcessGroup;
import org.mpj.core.request.EngineRequest;

/**
 * Making intercommunicators, and the calls that span both of their groups (Dup, Merge). Each group
 * first agrees on its mask of free context pairs over its own intracommunicator; the two leaders
 * (local rank 0, or the leaders named to Create_intercomm) swap masks and AND them; each leader hands
 * the result to its group. Then every rank of both groups takes the same lowest free pairs: one for
 * the intercommunicator and one for the hidden intracommunicator of each local group (the two
 * groups are disjoint, so they can share that one as Split's colors do).
 */
public final class Intercommunicators {
    private static final TypeMap INTS = TypeMap.primitive(BaseType.INT, null);
    /** Tags of the leaders' exchanges on an intercommunicator's collective context. */
    private static final int DUP_TAG = 1;
    private static final int MERGE_TAG = 2;

    private Intercommunicators() {
    }

    /**
     * Create_intercomm: collective over {@code local}; the local leader talks to the remote leader
     * (rank {@code remoteLeader} of {@code peer}) over {@code peer} with {@code tag}.
     */
    public static Communicator create(Communicator peer, Communicator local, int localLeader, int remoteLeader,
                                      int tag) {
        local.checkUsable("Create_intercomm");
        if (local.isInter()) {
            throw new MpjException(ErrorClass.ERR_COMM, "Create_intercomm: the local communicator " + local.name()
                    + " is an intercommunicator");
        }
        if (localLeader < 0 || localLeader >= local.size()) {
            throw new MpjException(ErrorClass.ERR_RANK, "Create_intercomm: local leader " + localLeader + " in "
                    + local.name() + " of size " + local.size() + " (valid: 0.." + (local.size() - 1) + ")");
        }
        int[] mask = local.rankContext().contextIds().agreedMask(local);
        int[] fromRemote = null;
        int remoteSize = 0;
        if (local.rank() == localLeader) {
            int peerSize = peer.remoteGroup().size();
            if (remoteLeader < 0 || remoteLeader >= peerSize) {
                throw new MpjException(ErrorClass.ERR_RANK, "Create_intercomm: remote leader " + remoteLeader
                        + " in " + peer.name() + " of size " + peerSize + " (valid: 0.." + (peerSize - 1) + ")");
            }
            fromRemote = exchangeOverPeer(peer, remoteLeader, tag, concat(mask, local.worldRanks()));
            remoteSize = fromRemote.length - mask.length;
            for (int w = 0; w < mask.length; w++) {
                fromRemote[w] &= mask[w];
            }
        }
        remoteSize = AgreedInts.fromLeader(local, localLeader, new int[] {remoteSize}, 1)[0];
        int[] shared = AgreedInts.fromLeader(local, localLeader, fromRemote, mask.length + remoteSize);
        int[] remote = Arrays.copyOfRange(shared, mask.length, shared.length);
        checkDisjoint(local, remote);
        return build(local, remote, Arrays.copyOf(shared, mask.length), "an intercommunicator made over "
                + peer.name());
    }

    /** Dup of an intercommunicator: the same groups, fresh contexts. Collective over both groups. */
    static Communicator dup(Communicator inter) {
        Communicator local = inter.localOfInter();
        int[] mask = local.rankContext().contextIds().agreedMask(local);
        int[] combined = null;
        if (local.rank() == 0) {
            combined = leaderExchange(inter, DUP_TAG, mask);
            for (int w = 0; w < mask.length; w++) {
                combined[w] &= mask[w];
            }
        }
        int[] agreed = AgreedInts.fromLeader(local, 0, combined, mask.length);
        return build(local, inter.remoteGroup().worldRanks(), agreed, "a duplicate of " + inter.name());
    }

    /**
     * Merge: an intracommunicator of both groups, the group that passed {@code high = false} first.
     * When both passed the same, the group whose rank 0 has the lower world rank comes first. Each
     * group uses its rank 0's {@code high}.
     */
    public static Communicator merge(Communicator inter, boolean high) {
        inter.checkUsable("Merge");
        Communicator local = inter.localOfInter();
        if (local == null) {
            throw new MpjException(ErrorClass.ERR_COMM, "Merge of " + inter.name() + ", an intracommunicator");
        }
        int[] mask = local.rankContext().contextIds().agreedMask(local);
        int[] highsAndMask = null;
        if (local.rank() == 0) {
            int[] theirs = leaderExchange(inter, MERGE_TAG, concat(new int[] {high ? 1 : 0}, mask));
            highsAndMask = new int[2 + mask.length];
            highsAndMask[0] = high ? 1 : 0;
            highsAndMask[1] = theirs[0];
            for (int w = 0; w < mask.length; w++) {
                highsAndMask[2 + w] = theirs[1 + w] & mask[w];
            }
        }
        int[] shared = AgreedInts.fromLeader(local, 0, highsAndMask, 2 + mask.length);
        int[] remote = inter.remoteGroup().worldRanks();
        boolean localFirst = shared[0] != shared[1] ? shared[0] == 0 : local.worldRank(0) < remote[0];
        int context = local.rankContext().contextIds().takeLowest(Arrays.copyOfRange(shared, 2, shared.length), 1)[0];
        int[] mine = local.worldRanks();
        int[] world = localFirst ? concat(mine, remote) : concat(remote, mine);
        int me = (localFirst ? 0 : remote.length) + local.rank();
        return Communicator.create(local.rankContext(), world, me, context, "the merge of " + inter.name(), null);
    }

    private static Communicator build(Communicator local, int[] remote, int[] agreed, String name) {
        RankContext rank = local.rankContext();
        int[] contexts = rank.contextIds().takeLowest(agreed, 2);
        Communicator hidden = Communicator.create(rank, local.worldRanks(), local.rank(), contexts[1],
                "the local group of " + name, null);
        return Communicator.createInter(hidden, remote, contexts[0], name);
    }

    /** Swaps arrays of unknown length with the remote leader over the user's peer communicator. */
    private static int[] exchangeOverPeer(Communicator peer, int remoteLeader, int tag, int[] mine) {
        int[] length = new int[1];
        EngineRequest r = peer.irecv(length, 0, 1, INTS, remoteLeader, tag);
        peer.send(new int[] {mine.length}, 0, 1, INTS, remoteLeader, tag, SendMode.STANDARD);
        peer.waitAll(r);
        int[] theirs = new int[length[0]];
        r = peer.irecv(theirs, 0, theirs.length, INTS, remoteLeader, tag);
        peer.send(mine, 0, mine.length, INTS, remoteLeader, tag, SendMode.STANDARD);
        peer.waitAll(r);
        return theirs;
    }

    /** Swaps arrays of one known length between the two rank-0 leaders of an intercommunicator. */
    private static int[] leaderExchange(Communicator inter, int tag, int[] mine) {
        int[] theirs = new int[mine.length];
        EngineRequest r = inter.collIrecv(theirs, 0, theirs.length, INTS, 0, tag);
        inter.collSend(mine, 0, mine.length, INTS, 0, tag);
        inter.waitAll(r);
        return theirs;
    }

    private static void checkDisjoint(Communicator local, int[] remote) {
        ProcessGroup mine = local.group();
        for (int w : remote) {
            if (mine.contains(w)) {
                throw new MpjException(ErrorClass.ERR_COMM, "Create_intercomm: world rank " + w
                        + " is in both the local and the remote group (they must be disjoint)");
            }
        }
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
