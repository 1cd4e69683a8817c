package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

class CartcommTest {
    /**
     * A periodic 2-D grid from Dims_create: coordinates are row-major, Shift wraps around, and a
     * Sendrecv along each shift brings the neighbour's world rank.
     */
    public static class PeriodicGrid {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int[] dims = {0, 0};
            Cartcomm.Dims_create(p, dims);
            Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, true}, true);
            int rows = dims[0], cols = dims[1];
            assertEquals(p, rows * cols);
            assertEquals(MPI.CART, grid.Topo_test());
            assertEquals(rank, grid.Rank());
            CartParms parms = grid.Get();
            assertArrayEquals(dims, parms.dims);
            assertArrayEquals(new boolean[] {true, true}, parms.periods);
            int row = rank / cols, col = rank % cols;
            assertArrayEquals(new int[] {row, col}, parms.coords);
            for (int r = 0; r < p; r++) {
                assertEquals(r, grid.Rank(grid.Coords(r)));
            }
            assertEquals(rank, grid.Rank(new int[] {row + rows, col - cols}));

            for (int disp : new int[] {1, -1, 2}) {
                ShiftParms down = grid.Shift(0, disp);
                assertEquals(Math.floorMod(row - disp, rows) * cols + col, down.rank_source);
                assertEquals(Math.floorMod(row + disp, rows) * cols + col, down.rank_dest);
                ShiftParms right = grid.Shift(1, disp);
                assertEquals(row * cols + Math.floorMod(col - disp, cols), right.rank_source);
                assertEquals(row * cols + Math.floorMod(col + disp, cols), right.rank_dest);
                exchange(grid, right);
                exchange(grid, down);
            }

            Cartcomm copy = grid.Dup();
            assertEquals(MPI.CART, copy.Topo_test());
            assertArrayEquals(dims, copy.Get().dims);
            assertEquals(MPI.CONGRUENT, Comm.Compare(copy, grid));
            copy.Free();
            grid.Free();
            MPI.Finalize();
        }

        /** Sends this rank's number to rank_dest; what arrives from rank_source is rank_source's number. */
        static void exchange(Cartcomm grid, ShiftParms s) {
            int[] in = {-1};
            grid.Sendrecv(new int[] {grid.Rank()}, 0, 1, MPI.INT, s.rank_dest, 0, in, 0, 1, MPI.INT, s.rank_source, 0);
            assertEquals(s.rank_source == MPI.PROC_NULL ? -1 : s.rank_source, in[0]);
        }
    }

    /**
     * A non-periodic 2 x (p/2) grid (p even) or p x 1 line: PROC_NULL off the edges; Sub into rows and
     * columns; ranks beyond a smaller grid get null.
     */
    public static class EdgesAndSubGrids {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            int rows = p % 2 == 0 ? 2 : p, cols = p / rows;
            Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {rows, cols}, new boolean[] {false, true}, false);
            int row = rank / cols, col = rank % cols;
            ShiftParms down = grid.Shift(0, 1);
            assertEquals(row == 0 ? MPI.PROC_NULL : rank - cols, down.rank_source);
            assertEquals(row == rows - 1 ? MPI.PROC_NULL : rank + cols, down.rank_dest);
            PeriodicGrid.exchange(grid, down);
            MPIException e = assertThrows(MPIException.class, () -> grid.Rank(new int[] {rows, 0}));
            assertTrue(e.getMessage().contains("is not periodic"), e.getMessage());

            Cartcomm myRow = grid.Sub(new boolean[] {false, true});
            assertEquals(cols, myRow.Size());
            assertEquals(col, myRow.Rank());
            assertArrayEquals(new int[] {cols}, myRow.Get().dims);
            assertArrayEquals(new boolean[] {true}, myRow.Get().periods);
            PeriodicGrid.exchange(myRow, myRow.Shift(0, 1));
            Cartcomm myCol = grid.Sub(new boolean[] {true, false});
            assertEquals(rows, myCol.Size());
            assertEquals(row, myCol.Rank());
            SplitCreateTest.ringChecksSources(myCol, colWorldRanks(col, rows, cols));
            Cartcomm point = grid.Sub(new boolean[] {false, false});
            assertEquals(1, point.Size());
            assertEquals(0, point.Get().dims.length);

            // A grid of fewer ranks than the communicator: the others get null, and Map says so.
            int small = Math.max(1, p / 2);
            Cartcomm part = MPI.COMM_WORLD.Create_cart(new int[] {small}, new boolean[] {false}, false);
            if (rank < small) {
                assertEquals(rank, part.Rank());
                assertEquals(small, part.Size());
            } else {
                assertNull(part);
            }
            assertEquals(rank < small ? rank : MPI.UNDEFINED, grid.Map(new int[] {small}, new boolean[] {false}));
            checkErrors(grid, p);
            MPI.Finalize();
        }

        private static int[] colWorldRanks(int col, int rows, int cols) {
            int[] out = new int[rows];
            for (int r = 0; r < rows; r++) {
                out[r] = r * cols + col;
            }
            return out;
        }

        private static void checkErrors(Cartcomm grid, int p) {
            MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_cart(new int[] {p, 2}, new boolean[] {false, false}, false));
            assertEquals(MPI.ERR_DIMS, e.getErrorClass());
            assertTrue(e.getMessage().contains("dims [" + p + ", 2] make a grid of " + (2 * p) + " ranks"),
                    e.getMessage());
            e = assertThrows(MPIException.class, () -> grid.Coords(p + 1));
            assertTrue(e.getMessage().contains("Coords of rank " + (p + 1) + " in a grid of " + p), e.getMessage());
            e = assertThrows(MPIException.class, () -> grid.Shift(2, 1));
            assertEquals(MPI.ERR_DIMS, e.getErrorClass());
            e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_cart(new int[] {1, 0}, new boolean[] {false, false}, false));
            assertTrue(e.getMessage().contains("dims[1] is 0"), e.getMessage());
            assertThrows(MPIException.class, () -> grid.Sub(new boolean[] {true}));
        }
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void periodicGridShiftsWrapAround(int np) {
        Jobs.runOk(np, PeriodicGrid.class);
    }

    @ParameterizedTest(name = "np={0}")
    @MethodSource("org.mpj.tests.api.ApiCases#ranks")
    @Timeout(30)
    void edgesGiveProcNullAndSubGridsAreRowsAndColumns(int np) {
        Jobs.runOk(np, EdgesAndSubGrids.class);
    }

    @ParameterizedTest(name = "Dims_create({0}, {1}) = {2}")
    @CsvSource(delimiter = ';', value = {
        "12; 0 0; 4 3", "16; 0 0 0; 4 2 2", "7; 0 0; 7 1", "24; 0 3 0; 4 3 2", "1; 0 0 0; 1 1 1",
        "8; 0 0 0; 2 2 2", "6; 0; 6", "36; 0 0; 6 6", "30; 0 0 0; 5 3 2", "8; 2 0; 2 4", "6; 2 3; 2 3"})
    @Timeout(5)
    void dimsCreateIsBalancedAndNonIncreasing(int nnodes, String in, String expected) {
        int[] dims = ints(in);
        Cartcomm.Dims_create(nnodes, dims);
        assertArrayEquals(ints(expected), dims);
    }

    @ParameterizedTest(name = "Dims_create({0}, {1}) fails")
    @CsvSource(delimiter = ';', value = {"10; 3 0", "6; 2 2", "0; 0", "4; -1 0"})
    @Timeout(5)
    void dimsCreateRejectsWhatCannotBeFilled(int nnodes, String in) {
        assertThrows(MPIException.class, () -> Cartcomm.Dims_create(nnodes, ints(in)));
    }

    private static int[] ints(String s) {
        return java.util.Arrays.stream(s.trim().split(" +")).mapToInt(Integer::parseInt).toArray();
    }
}
