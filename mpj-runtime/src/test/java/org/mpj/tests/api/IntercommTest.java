package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

class IntercommTest {
    /** The even and the odd world ranks, joined by an intercommunicator whose leaders are world ranks 0 and 1. */
    static Intercomm evensAndOdds() {
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
        return MPI.COMM_WORLD.Create_intercomm(half, 0, rank % 2 == 0 ? 1 : 0, 99);
    }

    static int[] parity(int p, int bit) {
        return IntStream.range(0, p).filter(r -> r % 2 == bit).toArray();
    }

    /**
     * Local rank i of each half sends its world rank to remote rank i % remoteSize; the receivers see
     * the sender's rank in the sender's own group as the source, and answer it.
     */
    public static class PingBetweenHalves {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Intercomm inter = evensAndOdds();
            int[] local = parity(p, rank % 2), remote = parity(p, 1 - rank % 2);
            assertTrue(inter.Test_inter());
            assertEquals(local.length, inter.Size());
            assertEquals(rank / 2, inter.Rank());
            assertEquals(remote.length, inter.Remote_size());
            Group world = MPI.COMM_WORLD.Group();
            assertArrayEquals(remote, Group.Translate_ranks(inter.Remote_group(), ApiCases.upTo(remote.length), world));
            assertArrayEquals(local, Group.Translate_ranks(inter.Group(), ApiCases.upTo(local.length), world));

            int me = inter.Rank();
            inter.Send(new int[] {rank}, 0, 1, MPI.INT, me % remote.length, 7);
            int[] in = new int[1];
            for (int from = 0; from < remote.length; from++) {
                if (from % local.length == me) {
                    Status s = inter.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 7);
                    assertEquals(remote[s.source], in[0], "payload from remote rank " + s.source);
                    inter.Send(new int[] {-rank}, 0, 1, MPI.INT, s.source, 8);
                }
            }
            Status s = inter.Recv(in, 0, 1, MPI.INT, me % remote.length, 8);
            assertEquals(-remote[me % remote.length], in[0]);
            assertEquals(me % remote.length, s.source);

            // Traffic on a Dup of the intercommunicator never matches traffic on it.
            Intercomm dup = inter.Dup();
            assertEquals(remote.length, dup.Remote_size());
            if (me == 0) {
                dup.Send(new int[] {1}, 0, 1, MPI.INT, 0, 3);
                inter.Send(new int[] {2}, 0, 1, MPI.INT, 0, 3);
                inter.Recv(in, 0, 1, MPI.INT, 0, 3);
                assertEquals(2, in[0]);
                dup.Recv(in, 0, 1, MPI.INT, 0, 3);
                assertEquals(1, in[0]);
            }
            MPIException e = assertThrows(MPIException.class, () -> inter.Send(in, 0, 1, MPI.INT, remote.length, 0));
            assertTrue(e.getMessage().contains("remote size " + remote.length), e.getMessage());
            dup.Free();
            inter.Free();
            MPI.Finalize();
        }
    }

    /** Merge orders the group with high = false first; equal values put the group of world rank 0 first. */
    public static class MergeOrder {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Intercomm inter = evensAndOdds();
            int[] evens = parity(p, 0), odds = parity(p, 1);
            boolean odd = rank % 2 == 1;
            checkMerged(inter.Merge(odd), concat(evens, odds));
            checkMerged(inter.Merge(!odd), concat(odds, evens));
            checkMerged(inter.Merge(true), concat(evens, odds));
            checkMerged(inter.Merge(false), concat(evens, odds));
            MPI.Finalize();
        }

        private static void checkMerged(Intracomm merged, int[] order) {
            int p = MPI.COMM_WORLD.Size();
            assertEquals(p, merged.Size());
            assertArrayEquals(order, Group.Translate_ranks(merged.Group(), ApiCases.upTo(p), MPI.COMM_WORLD.Group()));
            assertEquals(SplitCreateTest.indexOf(order, MPI.COMM_WORLD.Rank()), merged.Rank());
            SplitCreateTest.ringChecksSources(merged, order);
            merged.Barrier();
            merged.Free();
        }

        private static int[] concat(int[] a, int[] b) {
            return IntStream.concat(IntStream.of(a), IntStream.of(b)).toArray();
        }
    }

    /**
     * Compare on intercommunicators looks at both groups: a Dup is CONGRUENT, the same halves with
     * their members in reverse order SIMILAR, and the local intracommunicator or a merge UNEQUAL.
     */
    public static class CompareIntercomms {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Intercomm inter = evensAndOdds();
            Intercomm dup = inter.Dup();
            assertEquals(MPI.IDENT, Comm.Compare(inter, inter), "rank " + rank + ": an intercommunicator with itself");
            assertEquals(MPI.CONGRUENT, Comm.Compare(inter, dup), "rank " + rank + ": with its Dup");
            // The same halves ordered by descending world rank; each leader is its half's highest rank.
            Intracomm reversedHalf = MPI.COMM_WORLD.Split(rank % 2, -rank);
            int otherParity = 1 - rank % 2;
            int remoteLeader = (p - 1) % 2 == otherParity ? p - 1 : p - 2;
            Intercomm reversed = MPI.COMM_WORLD.Create_intercomm(reversedHalf, 0, remoteLeader, 98);
            int expected = p >= 3 ? MPI.SIMILAR : MPI.CONGRUENT;
            assertEquals(expected, Comm.Compare(inter, reversed), "rank " + rank + " of " + p + ": halves reversed");
            Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
            assertEquals(MPI.UNEQUAL, Comm.Compare(inter, half), "rank " + rank + ": with its local intracommunicator");
            assertEquals(MPI.UNEQUAL, Comm.Compare(half, inter), "rank " + rank + ": the other way round");
            Intracomm merged = inter.Merge(rank % 2 == 1);
            assertEquals(MPI.UNEQUAL, Comm.Compare(inter, merged), "rank " + rank + ": with its merge");
            assertEquals(p == 2 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.Compare(merged, MPI.COMM_WORLD),
                    "rank " + rank + ": evens then odds against the world");
            reversed.Free();
            dup.Free();
            inter.Free();
            MPI.Finalize();
        }
    }

    /** Intercommunicators of three groups (rank % 3), each group linked to the next, and bad arguments. */
    public static class ThreeGroupsAndErrors {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int g = rank % 3;
            Intracomm mine = MPI.COMM_WORLD.Split(g, rank);
            // Group g's leader is world rank g; the link between g and g+1 uses tag 10+g. Groups 0 and 2
            // make their link to the next group first, group 1 its link to the previous one: every pair
            // of groups then makes their common link at the same point.
            int next = (g + 1) % 3, prev = (g + 2) % 3;
            Intercomm toNext, toPrev;
            if (g % 2 == 0) {
                toNext = MPI.COMM_WORLD.Create_intercomm(mine, 0, next, 10 + g);
                toPrev = MPI.COMM_WORLD.Create_intercomm(mine, 0, prev, 10 + prev);
            } else {
                toPrev = MPI.COMM_WORLD.Create_intercomm(mine, 0, prev, 10 + prev);
                toNext = MPI.COMM_WORLD.Create_intercomm(mine, 0, next, 10 + g);
            }
            Group world = MPI.COMM_WORLD.Group();
            assertEquals(next, Group.Translate_ranks(toNext.Remote_group(), new int[] {0}, world)[0]);
            assertEquals(prev, Group.Translate_ranks(toPrev.Remote_group(), new int[] {0}, world)[0]);
            int[] in = new int[1];
            if (mine.Rank() == 0) {
                toNext.Send(new int[] {g}, 0, 1, MPI.INT, 0, 1);
                toPrev.Recv(in, 0, 1, MPI.INT, 0, 1);
                assertEquals(prev, in[0]);
            }
            MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_intercomm(mine, mine.Size() + 3, 0, 1));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertTrue(e.getMessage().contains("local leader " + (mine.Size() + 3)), e.getMessage());
            assertThrows(MPIException.class, () -> toNext.Create_intercomm(toPrev, 0, 0, 1));
            Intracomm self = MPI.COMM_SELF;
            e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Create_intercomm(self, 0, p + 2, 1));
            assertTrue(e.getMessage().contains("remote leader " + (p + 2) + " in MPI.COMM_WORLD of size " + p),
                    e.getMessage());
            assertNull(mine.Split(MPI.UNDEFINED, 0));
            toNext.Free();
            toPrev.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("org.mpj.tests.api.ApiCases#devicesAndTwoOrMore")
    @Timeout(90)
    void pingBetweenEvenAndOddHalves(String dev, int np) {
        Jobs.runOk(np, ApiCases.on(dev), PingBetweenHalves.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#twoOrMore")
    @Timeout(30)
    void mergePutsTheLowGroupFirst(int np) {
        Jobs.runOk(np, MergeOrder.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#twoOrMore")
    @Timeout(30)
    void compareLooksAtBothGroups(int np) {
        Jobs.runOk(np, CompareIntercomms.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("threeOrMore")
    @Timeout(30)
    void threeGroupsLinkedInARing(int np) {
        Jobs.runOk(np, ThreeGroupsAndErrors.class);
    }

    static java.util.stream.Stream<Integer> threeOrMore() {
        return ApiCases.ranks().filter(np -> np >= 3);
    }
}
