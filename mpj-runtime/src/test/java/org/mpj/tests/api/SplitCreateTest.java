package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import mpi.Comm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

class SplitCreateTest {
    /** Split by rank % 3 with key -rank: each color's ranks in reverse world order; color 2 left out. */
    public static class SplitReversed {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int color = rank % 3;
            Intracomm c = MPI.COMM_WORLD.Split(color, -rank);
            int[] members = IntStream.range(0, p).map(i -> p - 1 - i).filter(r -> r % 3 == color).toArray();
            assertEquals(members.length, c.Size());
            assertEquals(indexOf(members, rank), c.Rank());
            assertArrayEquals(members, Group.Translate_ranks(c.Group(), ApiCases.upTo(c.Size()), MPI.COMM_WORLD.Group()));
            ringChecksSources(c, members);
            c.Barrier();

            Intracomm some = MPI.COMM_WORLD.Split(color == 2 ? MPI.UNDEFINED : color, rank);
            if (color == 2) {
                assertNull(some);
                assertSame(MPI.COMM_NULL, some);
            } else {
                assertEquals(indexOf(IntStream.range(0, p).filter(r -> r % 3 == color).toArray(), rank), some.Rank());
                some.Barrier();
                some.Free();
            }
            c.Free();
            MPI.Finalize();
        }
    }

    /** A ring inside {@code c}: each rank receives from its left neighbour and checks the world rank it sent. */
    static void ringChecksSources(Intracomm c, int[] worldOfRank) {
        int me = c.Rank(), n = c.Size();
        int[] in = new int[1];
        Status s = c.Sendrecv(new int[] {MPI.COMM_WORLD.Rank()}, 0, 1, MPI.INT, (me + 1) % n, 4,
                in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 4);
        int left = (me - 1 + n) % n;
        assertEquals(left, s.source);
        assertEquals(worldOfRank[left], in[0]);
    }

    static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    /**
     * Messages with the same source and tag on COMM_WORLD, a Dup and a Split never match each
     * other: rank 0 sends on the Dup first, the receiver receives on COMM_WORLD first.
     */
    public static class ContextsIsolateTraffic {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Intracomm dup = MPI.COMM_WORLD.Dup();
            Intracomm split = MPI.COMM_WORLD.Split(0, rank);
            assertEquals(MPI.CONGRUENT, Comm.Compare(dup, MPI.COMM_WORLD));
            assertEquals(MPI.IDENT, Comm.Compare(dup, dup));
            int tag = 5;
            if (rank == 0) {
                dup.Send(new int[] {1}, 0, 1, MPI.INT, p - 1, tag);
                split.Send(new int[] {2}, 0, 1, MPI.INT, p - 1, tag);
                MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, p - 1, tag);
            }
            if (rank == p - 1) {
                int[] v = new int[1];
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(3, v[0]);
                split.Recv(v, 0, 1, MPI.INT, 0, tag);
                assertEquals(2, v[0]);
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                dup.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, tag);
                assertEquals(1, v[0]);
            }
            // Contexts are given back on Free: far more Dup/Free rounds than one rank could hold at once
            // would exhaust them otherwise, so this also checks that Free releases.
            for (int i = 0; i < 40; i++) {
                Intracomm d = dup.Dup();
                d.Barrier();
                d.Free();
            }
            MPIException freed = assertThrows(MPIException.class, () -> {
                Intracomm d = MPI.COMM_WORLD.Dup();
                d.Free();
                d.Barrier();
            });
            assertEquals(MPI.ERR_COMM, freed.getErrorClass());
            dup.Free();
            split.Free();
            MPI.Finalize();
        }
    }

    /** Create from the even ranks, and from the world group reversed. */
    public static class CreateFromGroups {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Group world = MPI.COMM_WORLD.Group();
            int[] evens = IntStream.range(0, p).filter(r -> r % 2 == 0).toArray();
            Intracomm even = MPI.COMM_WORLD.Create(world.Incl(evens));
            if (rank % 2 == 1) {
                assertNull(even);
            } else {
                assertEquals(evens.length, even.Size());
                assertEquals(rank / 2, even.Rank());
                ringChecksSources(even, evens);
            }
            Group reversed = world.Range_incl(new int[][] {{p - 1, 0, -1}});
            Intracomm rev = MPI.COMM_WORLD.Create(reversed);
            assertEquals(p - 1 - rank, rev.Rank());
            assertEquals(p == 1 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.Compare(rev, MPI.COMM_WORLD));
            ringChecksSources(rev, IntStream.range(0, p).map(i -> p - 1 - i).toArray());
            Intracomm none = MPI.COMM_WORLD.Create(MPI.GROUP_EMPTY);
            assertNull(none);

            // A group with ranks outside the communicator: every rank of the half raises.
            Intracomm half = MPI.COMM_WORLD.Split(rank < p / 2 ? 0 : 1, rank);
            if (p > 1) {
                MPIException e = assertThrows(MPIException.class, () -> half.Create(world));
                assertEquals(MPI.ERR_GROUP, e.getErrorClass());
                assertTrue(e.getMessage().contains("is not a member of"), e.getMessage());
            }
            MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Split(-5, 0));
            assertTrue(e.getMessage().contains("color -5"), e.getMessage());
            MPI.Finalize();
        }
    }

    /** Attributes, error handlers, Test_inter and Topo_test of plain intracommunicators. */
    public static class AttributesAndHandlers {
        public static void main(String[] args) {
            MPI.Init(args);
            assertEquals(MPI.TAG_UB, MPI.COMM_WORLD.Attr_get(MPI.TAG_UB));
            assertEquals(MPI.PROC_NULL, MPI.COMM_WORLD.Attr_get(MPI.HOST));
            assertEquals(MPI.ANY_SOURCE, MPI.COMM_WORLD.Attr_get(MPI.IO));
            assertEquals(0, MPI.COMM_WORLD.Attr_get(MPI.WTIME_IS_GLOBAL));
            assertNull(MPI.COMM_WORLD.Attr_get(12345));
            assertFalse(MPI.COMM_WORLD.Test_inter());
            assertEquals(MPI.UNDEFINED, MPI.COMM_WORLD.Topo_test());

            assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.Errhandler_get());
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            assertSame(MPI.ERRORS_RETURN, MPI.COMM_WORLD.Errhandler_get());
            Intracomm dup = MPI.COMM_WORLD.Dup();
            assertSame(MPI.ERRORS_RETURN, dup.Errhandler_get());
            assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_SELF.Errhandler_get());
            MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 99, 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Errhandler_set(null));
            assertNotNull(MPI.COMM_WORLD.Group());
            dup.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void splitByRankMod3WithNegatedKeyReversesOrder(int np) {
        Jobs.runOk(np, SplitReversed.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void dupAndSplitTrafficNeverMatchesTheParent(int np) {
        Jobs.runOk(np, ContextsIsolateTraffic.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void createFollowsTheGroupsOrder(int np) {
        Jobs.runOk(np, CreateFromGroups.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void predefinedAttributesAndErrorHandlers(int np) {
        Jobs.runOk(np, AttributesAndHandlers.class);
    }
}
