package org.mpj.tests.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/** Derived datatypes through point-to-point calls: layouts arrive element by element, holes untouched. */
class DerivedDatatypeTest {
    static final double HOLE = -1;

    /** Every rank count on every device: thread ranks over shared memory and over loopback sockets. */
    static Stream<Arguments> ranks() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    /**
     * Each rank sends column (rank) of an n x n matrix (row-major double[]) as a Vector to the next
     * rank, which receives it into ITS column (rank) with the same type; then a second exchange
     * sends a contiguous row and receives it as a column. Size 257 crosses the eager limit.
     */
    public static class ColumnShift {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            for (int n : new int[] {1, 5, 64, 257}) {
                Datatype column = Datatype.Vector(n, 1, n, MPI.DOUBLE);
                column.Commit();
                double[] mine = new double[n * n];
                for (int i = 0; i < n * n; i++) {
                    mine[i] = rank * 1e6 + i;
                }
                double[] got = new double[n * n];
                java.util.Arrays.fill(got, HOLE);
                int col = rank % n;
                Status s = MPI.COMM_WORLD.Sendrecv(mine, col, 1, column, next, 1, got, (prev % n), 1, column, prev, 1);
                assertEquals(1, s.Get_count(column));
                assertEquals(n, s.Get_elements(column));
                for (int i = 0; i < n * n; i++) {
                    boolean inColumn = i % n == prev % n;
                    double expected = inColumn ? prev * 1e6 + (i / n) * n + (prev % n) : HOLE;
                    if (got[i] != expected) {
                        fail("rank " + rank + ", n " + n + ", element " + i + ": got " + got[i] + ", expected " + expected);
                    }
                }
                // A contiguous row sent, received as a column: the type signatures match (n doubles).
                java.util.Arrays.fill(got, HOLE);
                MPI.COMM_WORLD.Sendrecv(mine, 0, n, MPI.DOUBLE, next, 2, got, 0, 1, column, prev, 2);
                for (int i = 0; i < n * n; i++) {
                    double expected = i % n == 0 ? prev * 1e6 + i / n : HOLE;
                    if (got[i] != expected) {
                        fail("rank " + rank + ", n " + n + ", row-as-column element " + i + ": got " + got[i] + ", expected " + expected);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("ranks")
    @Timeout(60)
    void vectorColumnsArriveInTheirLayout(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), ColumnShift.class);
    }

    /** Indexed, Hindexed, Hvector, Contiguous-of-Vector and Struct with LB/UB, each sent to the next rank. */
    public static class Layouts {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            Datatype[] types = {
                Datatype.Indexed(new int[] {3, 1, 4, 0, 2}, new int[] {0, 5, 7, 12, 20}, MPI.INT),
                Datatype.Hindexed(new int[] {2, 2}, new int[] {1, 9}, Datatype.Contiguous(2, MPI.INT)),
                Datatype.Hvector(3, 2, 7, MPI.INT),
                Datatype.Contiguous(3, Datatype.Vector(2, 1, 3, MPI.INT)),
                Datatype.Struct(new int[] {1, 2, 1, 1}, new int[] {0, 2, 6, 12}, new Datatype[] {MPI.LB, MPI.INT, MPI.INT, MPI.UB}),
            };
            for (int t = 0; t < types.length; t++) {
                Datatype type = types[t];
                type.Commit();
                int count = 3;
                int span = type.Ub() + (count - 1) * type.Extent() + 4;
                int[] send = IntStream.range(0, span).map(i -> rank * 10_000 + i).toArray();
                int[] recv = new int[span];
                java.util.Arrays.fill(recv, -1);
                int offset = 2;
                MPI.COMM_WORLD.Sendrecv(send, offset, count, type, next, t, recv, offset, count, type, prev, t);
                // Expected: the same layout positions hold prev's values; every other slot is untouched.
                int[] mask = new int[span];
                int[] probe = IntStream.range(0, span).toArray();
                int[] packed = new int[count * type.Size()];
                // Where the layout lies: pack the index array through the type with a self-message.
                MPI.COMM_SELF.Sendrecv(probe, offset, count, type, 0, 99, packed, 0, packed.length, MPI.INT, 0, 99);
                for (int idx : packed) {
                    mask[idx] = 1;
                }
                for (int i = 0; i < span; i++) {
                    int expected = mask[i] == 1 ? prev * 10_000 + i : -1;
                    if (recv[i] != expected) {
                        fail("rank " + rank + ", type " + t + " (" + type + "), element " + i + ": got " + recv[i] + ", expected " + expected);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("ranks")
    @Timeout(60)
    void indexedHvectorAndStructLayoutsArriveIntact(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), Layouts.class);
    }

    /** Pack several types into one byte[], send as PACKED, unpack in the same order. */
    public static class PackRing {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            Datatype column = Datatype.Vector(3, 1, 4, MPI.LONG);
            int bytes = MPI.COMM_WORLD.Pack_size(2, MPI.INT) + MPI.COMM_WORLD.Pack_size(1, column)
                    + MPI.COMM_WORLD.Pack_size(3, MPI.BOOLEAN);
            assertEquals(8 + 24 + 3, bytes);
            byte[] buf = new byte[bytes];
            long[] matrix = new long[12];
            for (int i = 0; i < 12; i++) {
                matrix[i] = rank * 100L + i;
            }
            int pos = MPI.COMM_WORLD.Pack(new int[] {rank, -rank}, 0, 2, MPI.INT, buf, 0);
            pos = MPI.COMM_WORLD.Pack(matrix, 1, 1, column, buf, pos);
            pos = MPI.COMM_WORLD.Pack(new boolean[] {true, rank % 2 == 0, false}, 0, 3, MPI.BOOLEAN, buf, pos);
            assertEquals(bytes, pos);
            byte[] in = new byte[bytes];
            Status s = MPI.COMM_WORLD.Sendrecv(buf, 0, pos, MPI.PACKED, next, 3, in, 0, in.length, MPI.PACKED, prev, 3);
            assertEquals(bytes, s.Get_count(MPI.PACKED));
            int[] ints = new int[2];
            long[] col = new long[3];
            boolean[] flags = new boolean[3];
            int p = MPI.COMM_WORLD.Unpack(in, 0, ints, 0, 2, MPI.INT);
            p = MPI.COMM_WORLD.Unpack(in, p, col, 0, 3, MPI.LONG);
            p = MPI.COMM_WORLD.Unpack(in, p, flags, 0, 3, MPI.BOOLEAN);
            assertEquals(bytes, p);
            assertEquals(prev, ints[0]);
            assertEquals(-prev, ints[1]);
            for (int i = 0; i < 3; i++) {
                assertEquals(prev * 100L + 1 + 4 * i, col[i], "column element " + i);
            }
            assertTrue(flags[0]);
            assertEquals(prev % 2 == 0, flags[1]);
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("ranks")
    @Timeout(60)
    void packedDataCrossesRanks(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), PackRing.class);
    }

    /** A derived type whose layout runs past the buffer is refused with the type and sizes named. */
    public static class OutOfBounds {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Datatype column = Datatype.Vector(4, 1, 4, MPI.DOUBLE);
            try {
                MPI.COMM_SELF.Send(new double[12], 1, 1, column, 0, 0);
                fail("a column of 4 starting at 1 in a double[12] must be refused");
            } catch (MPIException e) {
                assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
                assertTrue(e.getMessage().contains("double[12]"), e.getMessage());
            }
            try {
                Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.INT, MPI.DOUBLE});
                fail("a Struct of INT and DOUBLE must be refused");
            } catch (MPIException e) {
                assertEquals(MPI.ERR_TYPE, e.getErrorClass());
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void badLayoutsAreRefused() {
        Jobs.runOk(1, OutOfBounds.class);
    }
}
