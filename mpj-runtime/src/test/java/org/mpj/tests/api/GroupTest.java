package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Timeout;
import org.mpj.runtime.Jobs;

class GroupTest {
    /** Group algebra on COMM_WORLD's group, every result checked against a closed form. */
    public static class GroupAlgebra {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Group world = MPI.COMM_WORLD.Group();
            assertEquals(p, world.Size());
            assertEquals(rank, world.Rank());

            int[] evenRanks = IntStream.range(0, p).filter(r -> r % 2 == 0).toArray();
            int[] oddRanks = IntStream.range(0, p).filter(r -> r % 2 == 1).toArray();
            Group evens = world.Incl(evenRanks);
            Group odds = world.Excl(evenRanks);
            assertEquals(evenRanks.length, evens.Size());
            assertEquals(oddRanks.length, odds.Size());
            assertEquals(rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED, evens.Rank());
            assertEquals(rank % 2 == 1 ? rank / 2 : MPI.UNDEFINED, odds.Rank());
            assertArrayEquals(oddRanks, Group.Translate_ranks(odds, ApiCases.upTo(odds.Size()), world));

            // Range_incl {0, p-1, 2} is the evens; a descending range reverses the world.
            assertEquals(MPI.IDENT, Group.Compare(evens, world.Range_incl(new int[][] {{0, p - 1, 2}})));
            Group reversed = world.Range_incl(new int[][] {{p - 1, 0, -1}});
            assertEquals(p - 1 - rank, reversed.Rank());
            assertEquals(p == 1 ? MPI.IDENT : MPI.SIMILAR, Group.Compare(world, reversed));
            assertEquals(MPI.IDENT, Group.Compare(odds, world.Range_excl(new int[][] {{0, p - 1, 2}})));

            // Union keeps the first group's order, then appends the second's new members.
            Group oddsThenEvens = Group.Union(odds, evens);
            int[] expected = IntStream.concat(IntStream.of(oddRanks), IntStream.of(evenRanks)).toArray();
            assertArrayEquals(expected, Group.Translate_ranks(oddsThenEvens, ApiCases.upTo(p), world));
            assertEquals(MPI.IDENT, Group.Compare(Group.Union(world, evens), world));
            assertEquals(0, Group.Intersection(evens, odds).Size());
            assertEquals(MPI.IDENT, Group.Compare(Group.Intersection(reversed, evens),
                    world.Range_incl(new int[][] {{evenRanks[evenRanks.length - 1], 0, -2}})));
            assertEquals(MPI.IDENT, Group.Compare(Group.Difference(world, odds), evens));
            assertEquals(p == 1 ? MPI.IDENT : MPI.UNEQUAL, Group.Compare(evens, world));

            // Translation: rank r of the world is rank p-1-r of the reversed group; absent ranks are UNDEFINED.
            int[] back = Group.Translate_ranks(world, ApiCases.upTo(p), reversed);
            for (int r = 0; r < p; r++) {
                assertEquals(p - 1 - r, back[r]);
            }
            int[] toOdds = Group.Translate_ranks(world, new int[] {0, MPI.PROC_NULL}, odds);
            assertArrayEquals(new int[] {MPI.UNDEFINED, MPI.PROC_NULL}, toOdds);

            // The empty group.
            assertEquals(0, MPI.GROUP_EMPTY.Size());
            assertEquals(MPI.UNDEFINED, MPI.GROUP_EMPTY.Rank());
            assertEquals(MPI.IDENT, Group.Compare(Group.Union(MPI.GROUP_EMPTY, world), world));
            assertEquals(MPI.IDENT, Group.Compare(world.Excl(ApiCases.upTo(p)), MPI.GROUP_EMPTY));
            assertEquals(0, world.Range_incl(new int[][] {{p - 1, p - 2, 1}}).Size());
            MPI.GROUP_EMPTY.Free();
            assertEquals(0, MPI.GROUP_EMPTY.Size());

            checkErrors(world, p);
            MPI.Finalize();
        }

        private static void checkErrors(Group world, int p) {
            MPIException e = assertThrows(MPIException.class, () -> world.Incl(new int[] {p + 5}));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertTrue(e.getMessage().contains("rank " + (p + 5) + " in a group of size " + p), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.Excl(new int[] {0, 0}));
            assertTrue(e.getMessage().contains("rank 0 is named twice"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.Range_incl(new int[][] {{0, p - 1, 0}}));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> world.Range_excl(new int[][] {{0, p, 1}}));
            assertTrue(e.getMessage().contains("names rank " + p), e.getMessage());
            e = assertThrows(MPIException.class,
                    () -> Group.Translate_ranks(world, new int[] {p}, MPI.GROUP_EMPTY));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            Group g = world.Incl(new int[] {0});
            g.Free();
            e = assertThrows(MPIException.class, g::Size);
            assertEquals(MPI.ERR_GROUP, e.getErrorClass());
        }
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void groupAlgebraMatchesClosedForms(int np) {
        Jobs.runOk(np, GroupAlgebra.class);
    }
}
