package org.mpj.tests.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import mpi.Datatype;
import mpi.MPI;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * Every derived-type constructor against its layout written out by hand from the mpiJava 1.2 rules:
 * Size, Lb, Ub and Extent, then the elements a send takes (in type-map order) and the elements a
 * receive fills, compared element by element, every hole checked untouched. Each rank talks to the
 * next, with int[] and double[] buffers, on every device.
 */
class TypeMapLayoutTest {
    static Stream<Arguments> devicesAndRanks() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    /** A type and what the spec says it is: element displacements of one item in type-map order, and its bounds. */
    record Case(String name, Datatype type, int[] displs, int lb, int ub) {
    }

    static Case[] cases() {
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        Datatype inner = Datatype.Vector(2, 1, 2, MPI.INT);   // elements 0, 2; extent 3
        return new Case[] {
            new Case("Contiguous(3)", Datatype.Contiguous(3, MPI.INT), new int[] {0, 1, 2}, 0, 3),
            new Case("Vector(3,2,4)", Datatype.Vector(3, 2, 4, MPI.INT), new int[] {0, 1, 4, 5, 8, 9}, 0, 10),
            new Case("Vector(3,1,-2)", Datatype.Vector(3, 1, -2, MPI.INT), new int[] {0, -2, -4}, -4, 1),
            new Case("Hvector(3,2,5)", Datatype.Hvector(3, 2, 5, MPI.INT), new int[] {0, 1, 5, 6, 10, 11}, 0, 12),
            new Case("Hvector(2,1,3) of pairs", Datatype.Hvector(2, 1, 3, pair), new int[] {0, 1, 3, 4}, 0, 5),
            new Case("Indexed({3,1,2},{0,5,8})", Datatype.Indexed(new int[] {3, 1, 2}, new int[] {0, 5, 8}, MPI.INT),
                    new int[] {0, 1, 2, 5, 8, 9}, 0, 10),
            new Case("Indexed({2,1},{6,1}) out of order", Datatype.Indexed(new int[] {2, 1}, new int[] {6, 1}, MPI.INT),
                    new int[] {6, 7, 1}, 1, 8),
            // Indexed displacements count extents of the old type (2 ints); Hindexed's count elements.
            new Case("Indexed({1,2},{1,4}) of pairs", Datatype.Indexed(new int[] {1, 2}, new int[] {1, 4}, pair),
                    new int[] {2, 3, 8, 9, 10, 11}, 2, 12),
            new Case("Hindexed({1,2},{1,4}) of pairs", Datatype.Hindexed(new int[] {1, 2}, new int[] {1, 4}, pair),
                    new int[] {1, 2, 4, 5, 6, 7}, 1, 8),
            new Case("Vector(2,1,3) of Vector(2,1,2)", Datatype.Vector(2, 1, 3, inner), new int[] {0, 2, 9, 11}, 0, 12),
            new Case("Struct with LB 0 and UB 12", Datatype.Struct(new int[] {1, 2, 1, 1}, new int[] {0, 2, 6, 12},
                    new Datatype[] {MPI.LB, MPI.INT, MPI.INT, MPI.UB}), new int[] {2, 3, 6}, 0, 12),
            new Case("Struct of a Vector and ints", Datatype.Struct(new int[] {1, 2}, new int[] {5, 1},
                    new Datatype[] {Datatype.Vector(2, 1, 2, MPI.INT), MPI.INT}), new int[] {5, 7, 1, 2}, 1, 8),
        };
    }

    static final int COUNT = 3;
    static final int HOLE = -7;

    public static class Layouts {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            Case[] cases = cases();
            for (int c = 0; c < cases.length; c++) {
                Case k = cases[c];
                Datatype t = k.type();
                t.Commit();
                int extent = k.ub() - k.lb();
                assertEquals(k.displs().length, t.Size(), k.name() + ": Size");
                assertEquals(k.lb(), t.Lb(), k.name() + ": Lb");
                assertEquals(k.ub(), t.Ub(), k.name() + ": Ub");
                assertEquals(extent, t.Extent(), k.name() + ": Extent");

                // Item i of COUNT at offset o holds displacement d at o + i * extent + d.
                int lowest = Arrays.stream(k.displs()).min().getAsInt();
                int highest = Arrays.stream(k.displs()).max().getAsInt();
                int offset = 2 - Math.min(0, lowest);
                int span = offset + (COUNT - 1) * extent + highest + 3;
                int[] where = new int[COUNT * k.displs().length];
                for (int i = 0, n = 0; i < COUNT; i++) {
                    for (int d : k.displs()) {
                        where[n++] = offset + i * extent + d;
                    }
                }
                String at = "rank " + rank + " of " + size + ", " + k.name();

                // Layout to contiguous: the elements arrive in type-map order.
                int[] src = new int[span];
                double[] srcD = new double[span];
                for (int i = 0; i < span; i++) {
                    src[i] = rank * 100_000 + i;
                    srcD[i] = rank * 100_000 + i + 0.5;
                }
                int[] flat = new int[where.length + 2];
                double[] flatD = new double[where.length + 2];
                Arrays.fill(flat, HOLE);
                Arrays.fill(flatD, HOLE);
                Status s = MPI.COMM_WORLD.Sendrecv(src, offset, COUNT, t, next, 2 * c, flat, 1, where.length, MPI.INT, prev, 2 * c);
                assertEquals(where.length, s.Get_count(MPI.INT), at + ": ints received");
                Datatype td = asDoubles(k);
                MPI.COMM_WORLD.Sendrecv(srcD, offset, COUNT, td, next, 2 * c, flatD, 1, where.length, MPI.DOUBLE, prev, 2 * c);
                for (int n = 0; n < flat.length; n++) {
                    int expected = n == 0 || n == flat.length - 1 ? HOLE : prev * 100_000 + where[n - 1];
                    double expectedD = n == 0 || n == flat.length - 1 ? HOLE : prev * 100_000 + where[n - 1] + 0.5;
                    if (flat[n] != expected || flatD[n] != expectedD) {
                        fail(at + ", sent as the type: flat element " + n + " is " + flat[n] + " / " + flatD[n]
                                + ", expected " + expected + " / " + expectedD);
                    }
                }

                // Contiguous to layout: element n lands at where[n]; every other element stays a hole.
                int[] dst = new int[span];
                double[] dstD = new double[span];
                Arrays.fill(dst, HOLE);
                Arrays.fill(dstD, HOLE);
                int[] seq = new int[where.length];
                double[] seqD = new double[where.length];
                for (int n = 0; n < seq.length; n++) {
                    seq[n] = rank * 100_000 + n;
                    seqD[n] = rank * 100_000 + n + 0.25;
                }
                MPI.COMM_WORLD.Sendrecv(seq, 0, seq.length, MPI.INT, next, 2 * c + 1, dst, offset, COUNT, t, prev, 2 * c + 1);
                MPI.COMM_WORLD.Sendrecv(seqD, 0, seq.length, MPI.DOUBLE, next, 2 * c + 1, dstD, offset, COUNT, td, prev, 2 * c + 1);
                checkScattered(at + ", received as the type", dst, dstD, where, prev * 100_000, 0.25);

                // Unpack into the layout: the same places, the same holes.
                byte[] packed = new byte[MPI.COMM_WORLD.Pack_size(seq.length, MPI.INT)];
                int end = MPI.COMM_WORLD.Pack(seq, 0, seq.length, MPI.INT, packed, 0);
                Arrays.fill(dst, HOLE);
                assertEquals(end, MPI.COMM_WORLD.Unpack(packed, 0, dst, offset, COUNT, t), at + ": Unpack position");
                checkScattered(at + ", unpacked into the type", dst, null, where, rank * 100_000, 0);
            }
            MPI.Finalize();
        }

        private static void checkScattered(String at, int[] dst, Object dstD, int[] where, int base, double frac) {
            int[] order = new int[dst.length];
            Arrays.fill(order, -1);
            for (int n = 0; n < where.length; n++) {
                order[where[n]] = n;
            }
            double[] d = (double[]) dstD;
            for (int i = 0; i < dst.length; i++) {
                int expected = order[i] < 0 ? HOLE : base + order[i];
                double expectedD = order[i] < 0 ? HOLE : base + order[i] + frac;
                if (dst[i] != expected || d != null && d[i] != expectedD) {
                    fail(at + ": element " + i + " is " + dst[i] + (d == null ? "" : " / " + d[i]) + ", expected "
                            + (order[i] < 0 ? "the hole " + HOLE : "item element " + order[i] + " = " + expected));
                }
            }
        }
    }

    /** The same construction with MPI.DOUBLE as the base (cases() builds it over MPI.INT). */
    static Datatype asDoubles(Case k) {
        Datatype pair = Datatype.Contiguous(2, MPI.DOUBLE);
        Datatype inner = Datatype.Vector(2, 1, 2, MPI.DOUBLE);
        Datatype t = switch (k.name()) {
            case "Contiguous(3)" -> Datatype.Contiguous(3, MPI.DOUBLE);
            case "Vector(3,2,4)" -> Datatype.Vector(3, 2, 4, MPI.DOUBLE);
            case "Vector(3,1,-2)" -> Datatype.Vector(3, 1, -2, MPI.DOUBLE);
            case "Hvector(3,2,5)" -> Datatype.Hvector(3, 2, 5, MPI.DOUBLE);
            case "Hvector(2,1,3) of pairs" -> Datatype.Hvector(2, 1, 3, pair);
            case "Indexed({3,1,2},{0,5,8})" -> Datatype.Indexed(new int[] {3, 1, 2}, new int[] {0, 5, 8}, MPI.DOUBLE);
            case "Indexed({2,1},{6,1}) out of order" -> Datatype.Indexed(new int[] {2, 1}, new int[] {6, 1}, MPI.DOUBLE);
            case "Indexed({1,2},{1,4}) of pairs" -> Datatype.Indexed(new int[] {1, 2}, new int[] {1, 4}, pair);
            case "Hindexed({1,2},{1,4}) of pairs" -> Datatype.Hindexed(new int[] {1, 2}, new int[] {1, 4}, pair);
            case "Vector(2,1,3) of Vector(2,1,2)" -> Datatype.Vector(2, 1, 3, inner);
            case "Struct with LB 0 and UB 12" -> Datatype.Struct(new int[] {1, 2, 1, 1}, new int[] {0, 2, 6, 12},
                    new Datatype[] {MPI.LB, MPI.DOUBLE, MPI.DOUBLE, MPI.UB});
            case "Struct of a Vector and ints" -> Datatype.Struct(new int[] {1, 2}, new int[] {5, 1},
                    new Datatype[] {inner, MPI.DOUBLE});
            default -> throw new IllegalArgumentException(k.name());
        };
        t.Commit();
        return t;
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(90)
    void everyConstructorPlacesElementsAsTheSpecSays(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), Layouts.class);
    }
}
