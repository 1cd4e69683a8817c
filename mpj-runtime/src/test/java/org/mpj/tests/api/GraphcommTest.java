package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.GraphParms;
import mpi.Graphcomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

class GraphcommTest {
    /**
     * A star over all ranks (rank 0 linked to every other) and a ring over the first half: neighbours
     * as given, a message to every neighbour and one from every neighbour.
     */
    public static class StarAndRing {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int[] index = new int[p];
            int[] edges = new int[2 * (p - 1)];
            int e = 0;
            for (int r = 1; r < p; r++) {
                edges[e++] = r;
            }
            index[0] = e;
            for (int r = 1; r < p; r++) {
                edges[e++] = 0;
                index[r] = e;
            }
            Graphcomm star = MPI.COMM_WORLD.Create_graph(index, edges, false);
            assertEquals(MPI.GRAPH, star.Topo_test());
            GraphParms parms = star.Get();
            assertArrayEquals(index, parms.index);
            assertArrayEquals(edges, parms.edges);
            int[] expected = rank == 0 ? java.util.stream.IntStream.range(1, p).toArray() : new int[] {0};
            assertArrayEquals(p == 1 ? new int[0] : expected, star.Neighbours(rank));
            talkToNeighbours(star);
            assertEquals(MPI.GRAPH, star.Dup().Topo_test());

            int n = Math.max(1, p / 2);
            int[] ringIndex = new int[n], ringEdges = new int[2 * n];
            for (int r = 0; r < n; r++) {
                ringEdges[2 * r] = (r + n - 1) % n;
                ringEdges[2 * r + 1] = (r + 1) % n;
                ringIndex[r] = 2 * r + 2;
            }
            Graphcomm ring = MPI.COMM_WORLD.Create_graph(ringIndex, ringEdges, true);
            if (rank >= n) {
                assertNull(ring);
            } else {
                assertArrayEquals(new int[] {(rank + n - 1) % n, (rank + 1) % n}, ring.Neighbours(rank));
                talkToNeighbours(ring);
            }
            assertEquals(rank < n ? rank : MPI.UNDEFINED, star.Map(ringIndex, ringEdges));

            MPIException x = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_graph(new int[] {1, 0}, new int[] {1}, false));
            if (p >= 2) {
                assertEquals(MPI.ERR_ARG, x.getErrorClass());
                assertTrue(x.getMessage().contains("not non-decreasing: index[1] = 0 < 1"), x.getMessage());
            }
            x = assertThrows(MPIException.class, () -> star.Neighbours(p));
            assertTrue(x.getMessage().contains("Neighbours of rank " + p + " in a graph of " + p), x.getMessage());
            x = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_graph(new int[p + 1], new int[0], false));
            assertTrue(x.getMessage().contains("a graph of " + (p + 1) + " nodes"), x.getMessage());
            MPI.Finalize();
        }

        /** Sends this rank's number to each neighbour and checks each neighbour's number arrives. */
        static void talkToNeighbours(Graphcomm g) {
            int[] nb = g.Neighbours(g.Rank());
            int[] in = new int[nb.length];
            Request[] rs = new Request[2 * nb.length];
            for (int i = 0; i < nb.length; i++) {
                rs[i] = g.Irecv(in, i, 1, MPI.INT, nb[i], 6);
            }
            for (int i = 0; i < nb.length; i++) {
                rs[nb.length + i] = g.Isend(new int[] {g.Rank()}, 0, 1, MPI.INT, nb[i], 6);
            }
            Request.Waitall(rs);
            assertArrayEquals(nb, in);
        }
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void neighboursAreWhatTheGraphSays(int np) {
        Jobs.runOk(np, StarAndRing.class);
    }
}
