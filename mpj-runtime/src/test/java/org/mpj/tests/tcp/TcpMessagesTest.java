package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.epoll.Epoll;
import java.util.Arrays;
import java.util.Map;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;

/** Point-to-point semantics over tcp: every type and size class, order, wildcards, modes, layouts, failure. */
class TcpMessagesTest {
    static final Map<String, String> TCP = Map.of("mpj.device", "tcp");
    static final int EAGER_BYTES = 512 * 1024;
    /**
     * Tests of EAGER frames up to {@link #EAGER_BYTES}, whose senders finish before the receives are
     * posted: without pipes of shared memory, past whose eager limit (64 KiB) a send to a rank of this
     * host waits for its receive.
     */
    static final Map<String, String> SOCKET_EAGER = Map.of("mpj.device", "tcp", "mpj.tcp.pipeBytes", "0");
    static final int EIGHT_MIB = 8 << 20;

    /** Element counts for a type of {@code size} bytes: 0, 1, around the eager limit, 8 MiB. */
    static int[] counts(int size) {
        int e = EAGER_BYTES / size;
        return new int[] {0, 1, e - 1, e, e + 1, EIGHT_MIB / size};
    }

    /** A buffer of {@code n} elements of the named type, element i a function of (i, seed). */
    static Object fill(String type, int n, int seed) {
        switch (type) {
            case "BYTE": { byte[] a = new byte[n]; for (int i = 0; i < n; i++) a[i] = (byte) (i * 7 + seed); return a; }
            case "CHAR": { char[] a = new char[n]; for (int i = 0; i < n; i++) a[i] = (char) (i * 31 + seed); return a; }
            case "SHORT": { short[] a = new short[n]; for (int i = 0; i < n; i++) a[i] = (short) (i * 13 - seed); return a; }
            case "BOOLEAN": { boolean[] a = new boolean[n]; for (int i = 0; i < n; i++) a[i] = (i + seed) % 3 == 0; return a; }
            case "INT": { int[] a = new int[n]; for (int i = 0; i < n; i++) a[i] = i * 1_000_003 + seed; return a; }
            case "LONG": { long[] a = new long[n]; for (int i = 0; i < n; i++) a[i] = i * 0x1_0000_0001L - seed; return a; }
            case "FLOAT": { float[] a = new float[n]; for (int i = 0; i < n; i++) a[i] = i * 0.5f + seed; return a; }
            case "DOUBLE": { double[] a = new double[n]; for (int i = 0; i < n; i++) a[i] = i * -0.25 + seed; return a; }
            default: { Object[] a = new Object[n]; for (int i = 0; i < n; i++) a[i] = "s" + (i + seed); return a; }
        }
    }

    static Datatype type(String name) {
        switch (name) {
            case "BYTE": return MPI.BYTE;
            case "CHAR": return MPI.CHAR;
            case "SHORT": return MPI.SHORT;
            case "BOOLEAN": return MPI.BOOLEAN;
            case "INT": return MPI.INT;
            case "LONG": return MPI.LONG;
            case "FLOAT": return MPI.FLOAT;
            case "DOUBLE": return MPI.DOUBLE;
            default: return MPI.OBJECT;
        }
    }

    static int size(String name) {
        switch (name) {
            case "BYTE": case "BOOLEAN": return 1;
            case "CHAR": case "SHORT": return 2;
            case "INT": case "FLOAT": return 4;
            case "LONG": case "DOUBLE": return 8;
            default: return 64;
        }
    }

    static void assertSame(Object expected, Object actual, String what) {
        assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {actual}), what);
    }

    /** args[0]: type name. Rank 0 sends every count of that type to rank 1 and gets it back. */
    public static class EveryCount {
        public static void main(String[] args) {
            MPI.Init(args);
            String name = args[0];
            int rank = MPI.COMM_WORLD.Rank();
            for (int n : counts(size(name))) {
                if (name.equals("OBJECT") && n > 4096) {
                    n = 4096;
                }
                Object sent = fill(name, n, n % 100);
                Object got = fill(name, n, -1);
                if (rank == 0) {
                    MPI.COMM_WORLD.Send(sent, 0, n, type(name), 1, n % 1000);
                    MPI.COMM_WORLD.Recv(got, 0, n, type(name), 1, 1);
                } else {
                    Status s = MPI.COMM_WORLD.Recv(got, 0, n, type(name), 0, MPI.ANY_TAG);
                    assertEquals(n % 1000, s.tag);
                    assertEquals(n, s.Get_count(type(name)));
                    MPI.COMM_WORLD.Send(got, 0, n, type(name), 0, 1);
                }
                assertSame(sent, got, name + " x " + n + " on rank " + rank);
            }
            if (name.equals("OBJECT")) {
                Object[] big = {new byte[EIGHT_MIB]};
                ((byte[]) big[0])[EIGHT_MIB - 1] = 42;
                Object[] in = new Object[1];
                if (rank == 0) {
                    MPI.COMM_WORLD.Send(big, 0, 1, MPI.OBJECT, 1, 2);
                } else {
                    MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, 0, 2);
                    assertEquals(42, ((byte[]) in[0])[EIGHT_MIB - 1]);
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT"})
    @Timeout(60)
    void everyTypeAtEverySize(String type) {
        Jobs.runOk(2, TCP, EveryCount.class, type);
    }

    /** Eager and rendezvous messages interleaved (Isend) arrive in the order sent, by tag and by wildcard. */
    public static class Order {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int messages = 600;
            if (rank == 0) {
                Request[] rs = new Request[messages];
                for (int m = 0; m < messages; m++) {
                    int n = m % 10 == 0 ? 5000 : 1 + m % 7;
                    int[] a = new int[n];
                    Arrays.fill(a, m);
                    rs[m] = MPI.COMM_WORLD.Isend(a, 0, n, MPI.INT, 1, m % 3 == 0 ? 5 : 6);
                }
                Request.Waitall(rs);
            } else {
                int last5 = -1, last6 = -1;
                int[] a = new int[5000];
                for (int m = 0; m < messages; m++) {
                    Status s = MPI.COMM_WORLD.Recv(a, 0, a.length, MPI.INT, 0, MPI.ANY_TAG);
                    int seq = a[0];
                    assertEquals(seq % 10 == 0 ? 5000 : 1 + seq % 7, s.Get_count(MPI.INT));
                    if (s.tag == 5) {
                        assertTrue(seq > last5, "tag 5: " + seq + " after " + last5);
                        last5 = seq;
                    } else {
                        assertTrue(seq > last6, "tag 6: " + seq + " after " + last6);
                        last6 = seq;
                    }
                    assertEquals(seq % 3 == 0 ? 5 : 6, s.tag);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void messagesBetweenAPairKeepTheirOrder() {
        Jobs.runOk(2, TCP, Order.class);
    }

    /**
     * Every rank but 0 sends rank 0 eager messages of every size class (1 B to the eager limit), then
     * one on another tag; once that one is in, all of them wait in rank 0's unexpected queue, and rank
     * 0 receives them largest first. Three rounds with other contents, so the arrays that held one
     * round's payloads hold the next round's of other sizes.
     */
    public static class UnexpectedEveryClass {
        static final int[] SIZES = {1, 7, 255, 256, 257, 1000, 4096, 8191, 20_000, 40_000, 65_535, 65_536, 100_000, 131_072, 200_000, EAGER_BYTES};

        static byte value(int round, int source, int tag, int i) {
            return (byte) (i * 31 + round * 7 + source * 5 + tag);
        }

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), np = MPI.COMM_WORLD.Size();
            byte[] got = new byte[EAGER_BYTES + 1];
            for (int round = 0; round < 3; round++) {
                if (rank != 0) {
                    Request[] rs = new Request[SIZES.length];
                    for (int t = 0; t < SIZES.length; t++) {
                        byte[] a = new byte[SIZES[t]];
                        for (int i = 0; i < a.length; i++) a[i] = value(round, rank, t, i);
                        rs[t] = MPI.COMM_WORLD.Isend(a, 0, a.length, MPI.BYTE, 0, t);
                    }
                    Request.Waitall(rs);
                    MPI.COMM_WORLD.Send(new byte[1], 0, 1, MPI.BYTE, 0, 99);
                } else {
                    for (int source = 1; source < np; source++) {
                        MPI.COMM_WORLD.Recv(got, 0, 1, MPI.BYTE, source, 99);
                    }
                    for (int source = np - 1; source >= 1; source--) {
                        for (int t = SIZES.length - 1; t >= 0; t--) {
                            Status s = MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.BYTE, source, t);
                            assertEquals(SIZES[t], s.Get_count(MPI.BYTE), "round " + round + " from " + source + " tag " + t);
                            for (int i = 0; i < SIZES[t]; i++) {
                                if (got[i] != value(round, source, t, i)) {
                                    throw new AssertionError("round " + round + " from " + source + " tag " + t + " byte " + i);
                                }
                            }
                        }
                    }
                }
                MPI.COMM_WORLD.Barrier();
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void unexpectedEagerMessagesOfEverySizeClassKeepTheirBytes(int np) {
        Jobs.runOk(np, SOCKET_EAGER, UnexpectedEveryClass.class);
    }

    /**
     * Every pair of ranks swaps messages of sizes across the device's buffer classes, eager and
     * rendezvous, all in flight at once (Isend and Irecv), round after round with new contents: buffers
     * the device takes back after one message and hands out for the next carry each message's bytes
     * only.
     */
    public static class SizesInTurn {
        static final int[] SIZES = {3, 250, 300, 5000, 16_384, 16_400, 40_000, EAGER_BYTES - 40, EAGER_BYTES + 1,
                200_000, 262_144, 300_000, 1_100_000};

        static byte value(int round, int from, int s, int i) {
            return (byte) (i * 13 + round * 3 + from * 7 + s);
        }

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), np = MPI.COMM_WORLD.Size();
            for (int round = 0; round < 4; round++) {
                Request[] rs = new Request[2 * (np - 1) * SIZES.length];
                byte[][] got = new byte[np * SIZES.length][];
                int k = 0;
                for (int peer = 0; peer < np; peer++) {
                    if (peer == rank) {
                        continue;
                    }
                    for (int s = 0; s < SIZES.length; s++) {
                        byte[] in = got[peer * SIZES.length + s] = new byte[SIZES[s]];
                        rs[k++] = MPI.COMM_WORLD.Irecv(in, 0, in.length, MPI.BYTE, peer, s);
                        byte[] out = new byte[SIZES[s]];
                        for (int i = 0; i < out.length; i++) out[i] = value(round, rank, s, i);
                        rs[k++] = MPI.COMM_WORLD.Isend(out, 0, out.length, MPI.BYTE, peer, s);
                    }
                }
                Request.Waitall(rs);
                for (int peer = 0; peer < np; peer++) {
                    for (int s = 0; peer != rank && s < SIZES.length; s++) {
                        byte[] in = got[peer * SIZES.length + s];
                        for (int i = 0; i < in.length; i++) {
                            if (in[i] != value(round, peer, s, i)) {
                                throw new AssertionError("round " + round + " from " + peer + " size " + SIZES[s] + " byte " + i);
                            }
                        }
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5})
    @Timeout(120)
    void messagesOfEveryBufferSizeInFlightAtOnceKeepTheirBytes(int np) {
        Jobs.runOk(np, TCP, SizesInTurn.class);
    }

    /**
     * Rank 0 sends one array to every other rank at once (as a flat-tree Bcast does), round after
     * round, changing it between rounds: every round delivers that round's values. Rank 1 also gets a
     * second send of the same region and one of an overlapping region at another offset in each
     * round, and every rank a 5 MiB region of another array.
     */
    public static class SameDataToSeveralPeers {
        static final int N = 300_000;
        static final int LARGE = 5 << 20;

        static double value(int round, int i) {
            return round * 1e6 + i * 0.5;
        }

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            double[] a = new double[N + 1000];
            byte[] large = new byte[LARGE];
            for (int round = 0; round < 4; round++) {
                if (rank == 0) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = value(round, i);
                    }
                    Arrays.fill(large, (byte) round);
                    Request[] rs = new Request[3 * size];
                    int k = 0;
                    for (int r = 1; r < size; r++) {
                        rs[k++] = MPI.COMM_WORLD.Isend(a, 0, N, MPI.DOUBLE, r, 1);
                        rs[k++] = MPI.COMM_WORLD.Isend(large, 0, LARGE, MPI.BYTE, r, 4);
                    }
                    rs[k++] = MPI.COMM_WORLD.Isend(a, 0, N, MPI.DOUBLE, 1, 2);
                    rs[k++] = MPI.COMM_WORLD.Isend(a, 1000, N, MPI.DOUBLE, 1, 3);
                    Request.Waitall(Arrays.copyOf(rs, k));
                } else {
                    double[] got = new double[N];
                    MPI.COMM_WORLD.Recv(got, 0, N, MPI.DOUBLE, 0, 1);
                    check(got, round, 0, "tag 1");
                    MPI.COMM_WORLD.Recv(large, 0, LARGE, MPI.BYTE, 0, 4);
                    for (int i = 0; i < LARGE; i += 4093) {
                        assertEquals((byte) round, large[i], "round " + round + ", large region, byte " + i);
                    }
                    if (rank == 1) {
                        MPI.COMM_WORLD.Recv(got, 0, N, MPI.DOUBLE, 0, 2);
                        check(got, round, 0, "tag 2");
                        MPI.COMM_WORLD.Recv(got, 0, N, MPI.DOUBLE, 0, 3);
                        check(got, round, 1000, "tag 3 (offset 1000)");
                    }
                }
                MPI.COMM_WORLD.Barrier();
            }
            MPI.Finalize();
        }

        static void check(double[] got, int round, int from, String what) {
            for (int i = 0; i < got.length; i++) {
                if (got[i] != value(round, from + i)) {
                    throw new AssertionError("round " + round + ", " + what + ": element " + i + " is " + got[i]
                            + ", not " + value(round, from + i));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    @Timeout(120)
    void sendsOfOneArrayToSeveralPeersDeliverEachRoundsValues(int np) {
        Jobs.runOk(np, TCP, SameDataToSeveralPeers.class);
    }

    /** Rank 0 receives from every other rank with ANY_SOURCE; Probe first tells size and source. */
    public static class AnySourceAndProbe {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int np = MPI.COMM_WORLD.Size();
            if (rank == 0) {
                boolean[] seen = new boolean[np];
                for (int k = 1; k < np; k++) {
                    Status p = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 9);
                    int n = p.Get_count(MPI.INT);
                    assertEquals(p.source * 3000, n, "probed size from rank " + p.source);
                    int[] a = new int[n];
                    Status s = MPI.COMM_WORLD.Recv(a, 0, n, MPI.INT, p.source, 9);
                    assertEquals(p.source, s.source);
                    assertFalse(seen[s.source]);
                    seen[s.source] = true;
                    for (int i = 0; i < n; i++) {
                        assertEquals(s.source + i, a[i]);
                    }
                }
                for (int k = 1; k < np; k++) {
                    int[] one = new int[1];
                    Status s = MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, MPI.ANY_SOURCE, 10);
                    assertEquals(s.source, one[0]);
                }
            } else {
                int n = rank * 3000;
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = rank + i;
                }
                MPI.COMM_WORLD.Send(a, 0, n, MPI.INT, 0, 9);
                MPI.COMM_WORLD.Send(new int[] {rank}, 0, 1, MPI.INT, 0, 10);
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void anySourceAndProbe() {
        Jobs.runOk(4, TCP, AnySourceAndProbe.class);
    }

    /** Ssend of a small message does not complete before the receive is posted. */
    public static class Synchronous {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] a = {7, 8, 9};
            if (rank == 0) {
                long t0 = System.nanoTime();
                MPI.COMM_WORLD.Ssend(a, 0, 3, MPI.INT, 1, 1);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 250, "Ssend returned after " + ms + " ms, before the receive was posted (300 ms)");
            } else {
                Thread.sleep(300);
                int[] b = new int[3];
                MPI.COMM_WORLD.Recv(b, 0, 3, MPI.INT, 0, 1);
                assertArrayEquals(a, b);
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void ssendWaitsForTheReceive() {
        Jobs.runOk(2, TCP, Synchronous.class);
    }

    /**
     * Ranks 0 and 1 share a JVM (hybrid, two per JVM); the waiting one sleeps in its tcp poll at once
     * (no spinning, no yielding) for up to a second. A synchronous send completed by its local
     * receive, and a local message a Probe waits for, must wake it there: each lost wake-up costs a
     * whole second, so 40 rounds inside the bound prove none was lost.
     */
    public static class HybridWakeUps {
        static final int ROUNDS = 40;

        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            long t0 = System.nanoTime();
            int[] a = {0};
            for (int i = 0; i < ROUNDS; i++) {
                if (rank == 0) {
                    a[0] = i;
                    MPI.COMM_WORLD.Ssend(a, 0, 1, MPI.INT, 1, 1);
                    Thread.sleep(2);
                    MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 1, 2);
                } else if (rank == 1) {
                    Thread.sleep(2);
                    MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 1);
                    assertEquals(i, a[0], "rank 1: Ssend of round " + i);
                    MPI.COMM_WORLD.Probe(0, 2);
                    MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 2);
                }
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 15_000, "rank " + rank + ": " + ROUNDS + " rounds took " + ms + " ms; a lost wake-up costs 1000 ms");
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(120)
    void hybridCompletionsWakeARankSleepingInItsPoll() {
        Map<String, String> sleepAtOnce = Map.of("mpj.idle.maxSpins", "0", "mpj.idle.maxSpinsOversubscribed", "0",
                "mpj.idle.maxYields", "0", "mpj.idle.minParkNs", "1000000000", "mpj.idle.maxParkNs", "1000000000");
        JobResult r = Jobs.run(Jobs.Launch.hybrid(2), 3, sleepAtOnce, HybridWakeUps.class);
        assertTrue(r.succeeded(), r.message());
    }

    /**
     * A Vector sent into a contiguous receive and back, eager and rendezvous sizes; blocks of 2 in 5
     * by default, or args BLOCK STRIDE COUNT... (blocks of 64 elements and more go by bulk copies).
     */
    public static class Vectors {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int block = args.length > 0 ? Integer.parseInt(args[0]) : 2, stride = args.length > 1 ? Integer.parseInt(args[1]) : 5;
            int[] counts = args.length > 2 ? java.util.Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray()
                    : new int[] {3, 1000, 100_000};
            for (int count : counts) {
                Datatype column = Datatype.Vector(count, block, stride, MPI.DOUBLE);
                column.Commit();
                double[] grid = new double[count * stride];
                double[] flat = new double[block * count];
                if (rank == 0) {
                    for (int i = 0; i < grid.length; i++) {
                        grid[i] = i;
                    }
                    MPI.COMM_WORLD.Send(grid, 0, 1, column, 1, 1);
                    MPI.COMM_WORLD.Recv(grid, 0, 1, column, 1, 2);
                    for (int i = 0; i < grid.length; i++) {
                        double expected = i % stride < block ? i + 0.5 : i;
                        assertEquals(expected, grid[i], "grid index " + i + " after the round trip of " + count);
                    }
                } else {
                    MPI.COMM_WORLD.Recv(flat, 0, block * count, MPI.DOUBLE, 0, 1);
                    for (int k = 0; k < block * count; k++) {
                        assertEquals((k / block) * stride + k % block, flat[k], "flat index " + k);
                        flat[k] += 0.5;
                    }
                    MPI.COMM_WORLD.Send(flat, 0, block * count, MPI.DOUBLE, 0, 2);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void derivedDatatypesBothWays() {
        Jobs.runOk(2, TCP, Vectors.class);
    }

    @Test
    @Timeout(60)
    void derivedDatatypesWithLongBlocks() {
        Jobs.runOk(2, TCP, Vectors.class, "70", "101", "3", "1000");
    }

    /**
     * A Vector of every primitive type (blocks of 2, stride 5) gathered into frames and scattered
     * out of them, eager and rendezvous sizes: into a contiguous receive, and back into a Vector
     * receive whose holes must stay untouched.
     */
    public static class TypedVectors {
        static final String[] TYPES = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE"};

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            for (String t : TYPES) {
                for (int count : new int[] {3, 3001, 70_001}) {
                    Datatype column = Datatype.Vector(count, 2, 5, type(t));
                    column.Commit();
                    Object grid = fill(t, count * 5, 1);
                    String what = t + " Vector of " + count + " blocks";
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(grid, 0, 1, column, 1, 1);
                        Object back = fill(t, count * 5, 2);
                        MPI.COMM_WORLD.Recv(back, 0, 1, column, 1, 2);
                        Object holes = fill(t, count * 5, 2);
                        for (int i = 0; i < count * 5; i++) {
                            Object want = i % 5 < 2 ? java.lang.reflect.Array.get(grid, i) : java.lang.reflect.Array.get(holes, i);
                            assertEquals(want, java.lang.reflect.Array.get(back, i), what + ", returned grid index " + i);
                        }
                    } else if (rank == 1) {
                        Object flat = fill(t, 2 * count, 3);
                        MPI.COMM_WORLD.Recv(flat, 0, 2 * count, type(t), 0, 1);
                        for (int k = 0; k < 2 * count; k++) {
                            assertEquals(java.lang.reflect.Array.get(grid, (k / 2) * 5 + k % 2), java.lang.reflect.Array.get(flat, k),
                                    what + ", received index " + k);
                        }
                        MPI.COMM_WORLD.Send(flat, 0, 2 * count, type(t), 0, 2);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void everyPrimitiveTypeAsAVectorBothWays() {
        Jobs.runOk(2, TCP, TypedVectors.class);
    }

    /**
     * Eager messages whose receives are posted before they come, read in 4 KiB socket reads so that every
     * body comes in many pieces, element boundaries falling inside reads: each body goes into its
     * receive piece by piece. Every rank but 0 sends rank 0 a run of messages on one tag, which rank 0
     * posted receives for first (barrier): doubles, ints into a strided Vector, booleans, objects, a
     * message too long for its receive (which fails, the body dropped), and one after it that must
     * arrive whole; then the same with no receive posted (gathered whole, received later).
     */
    public static class StreamedEagerBodies {
        static final int DOUBLES = 30_001;
        static final int INTS = 20_000;
        static final int BOOLEANS = 150_001;
        static final int OBJECTS = 300;
        static final int TRUNCATED = 50_000;

        static double dv(int from, int i) {
            return i * 0.5 - from;
        }

        static int iv(int from, int i) {
            return i * 7919 + from;
        }

        static boolean bv(int from, int i) {
            return (i * 3 + from) % 5 < 2;
        }

        static void send(int round) {
            int me = MPI.COMM_WORLD.Rank();
            double[] d = new double[DOUBLES];
            for (int i = 0; i < DOUBLES; i++) d[i] = dv(me + round, i);
            int[] x = new int[INTS];
            for (int i = 0; i < INTS; i++) x[i] = iv(me + round, i);
            boolean[] b = new boolean[BOOLEANS];
            for (int i = 0; i < BOOLEANS; i++) b[i] = bv(me + round, i);
            Object[] o = new Object[OBJECTS];
            for (int i = 0; i < OBJECTS; i++) o[i] = "o" + (i + me + round);
            MPI.COMM_WORLD.Send(d, 0, DOUBLES, MPI.DOUBLE, 0, 1);
            MPI.COMM_WORLD.Send(x, 0, INTS, MPI.INT, 0, 2);
            MPI.COMM_WORLD.Send(b, 0, BOOLEANS, MPI.BOOLEAN, 0, 3);
            MPI.COMM_WORLD.Send(o, 0, OBJECTS, MPI.OBJECT, 0, 4);
            MPI.COMM_WORLD.Send(new int[TRUNCATED], 0, TRUNCATED, MPI.INT, 0, 5);
            MPI.COMM_WORLD.Send(d, 0, DOUBLES, MPI.DOUBLE, 0, 6);
        }

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), np = MPI.COMM_WORLD.Size();
            for (int round = 0; round < 2; round++) {
                boolean posted = round == 0;
                if (rank != 0) {
                    MPI.COMM_WORLD.Barrier();
                    send(round);
                    MPI.COMM_WORLD.Barrier();
                    continue;
                }
                Datatype every3rd = Datatype.Vector(INTS, 1, 3, MPI.INT);
                every3rd.Commit();
                double[][] d = new double[np][DOUBLES];
                double[][] d2 = new double[np][DOUBLES];
                int[][] x = new int[np][3 * INTS];
                boolean[][] b = new boolean[np][BOOLEANS];
                Object[][] o = new Object[np][OBJECTS];
                int[] shortOne = new int[TRUNCATED / 2];
                Request[][] rs = new Request[np][];
                if (!posted) {
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Barrier(); // every message is in or on its way, none posted for
                }
                for (int from = 1; from < np; from++) {
                    rs[from] = new Request[] {
                        MPI.COMM_WORLD.Irecv(d[from], 0, DOUBLES, MPI.DOUBLE, from, 1),
                        MPI.COMM_WORLD.Irecv(x[from], 0, 1, every3rd, from, 2),
                        MPI.COMM_WORLD.Irecv(b[from], 0, BOOLEANS, MPI.BOOLEAN, from, 3),
                        MPI.COMM_WORLD.Irecv(o[from], 0, OBJECTS, MPI.OBJECT, from, 4),
                        MPI.COMM_WORLD.Irecv(shortOne, 0, TRUNCATED / 2, MPI.INT, from, 5),
                        MPI.COMM_WORLD.Irecv(d2[from], 0, DOUBLES, MPI.DOUBLE, from, 6)};
                }
                if (posted) {
                    MPI.COMM_WORLD.Barrier();
                }
                for (int from = 1; from < np; from++) {
                    String where = (posted ? "posted" : "unexpected") + ", from " + from;
                    int v = from + round;
                    for (int k = 0; k < 6; k++) {
                        if (k == 4) {
                            try {
                                rs[from][k].Wait();
                                throw new AssertionError(where + ": a receive of " + TRUNCATED / 2 + " ints took " + TRUNCATED);
                            } catch (MPIException e) {
                                assertTrue(e.getMessage().contains("MPI_ERR_TRUNCATE"), e.getMessage());
                            }
                        } else {
                            rs[from][k].Wait();
                        }
                    }
                    for (int i = 0; i < DOUBLES; i++) {
                        assertEquals(dv(v, i), d[from][i], where + ", double " + i);
                        assertEquals(dv(v, i), d2[from][i], where + ", double " + i + " after the truncated one");
                    }
                    for (int i = 0; i < 3 * INTS; i++) {
                        assertEquals(i % 3 == 0 ? iv(v, i / 3) : 0, x[from][i], where + ", strided int at " + i);
                    }
                    for (int i = 0; i < BOOLEANS; i++) {
                        assertEquals(bv(v, i), b[from][i], where + ", boolean " + i);
                    }
                    for (int i = 0; i < OBJECTS; i++) {
                        assertEquals("o" + (i + v), o[from][i], where + ", object " + i);
                    }
                }
                if (posted) {
                    MPI.COMM_WORLD.Barrier();
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3})
    @Timeout(60)
    void eagerBodiesStreamIntoReceivesPostedBeforeThem(int np) {
        Map<String, String> smallReads = new java.util.HashMap<>(SOCKET_EAGER);
        smallReads.put("mpj.tcp.maxReadBytes", "4096");
        Jobs.runOk(np, smallReads, StreamedEagerBodies.class);
    }

    /**
     * Ranks of one host connect through Unix domain sockets where the epoll transport is used, one
     * connection a pair; with {@code mpj.tcp.localSockets=false}, by loopback TCP, which the same
     * messages then cross: every type at every size class, bodies in pieces, many sizes at once.
     */
    @Test
    @Timeout(120)
    void ranksOfOneHostConnectThroughUnixSocketsOrTcpAsSet() {
        long before = TcpDevice.localConnections();
        Jobs.runOk(3, TCP, SizesInTurn.class);
        long local = TcpDevice.localConnections() - before;
        assertEquals(Epoll.isAvailable() ? 6 : 0, local, "connections through Unix sockets, counted at both ends of 3 pairs");
        Map<String, String> tcp = new java.util.HashMap<>(TCP);
        tcp.put("mpj.tcp.localSockets", "false");
        before = TcpDevice.localConnections();
        Jobs.runOk(2, tcp, EveryCount.class, "DOUBLE");
        Jobs.runOk(3, tcp, SizesInTurn.class);
        tcp.put("mpj.tcp.maxReadBytes", "4096");
        Jobs.runOk(3, tcp, StreamedEagerBodies.class);
        assertEquals(0, TcpDevice.localConnections() - before, "no Unix socket where they are off");
    }

    /** A message longer than its receive fails that receive (eager and rendezvous); the job goes on. */
    public static class Truncation {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            for (int n : new int[] {10, 100_000, 200_000}) {
                if (rank == 0) {
                    MPI.COMM_WORLD.Send(new int[n], 0, n, MPI.INT, 1, 1);
                } else {
                    int[] small = new int[n / 2];
                    try {
                        MPI.COMM_WORLD.Recv(small, 0, n / 2, MPI.INT, 0, 1);
                        throw new AssertionError("a receive of " + n / 2 + " took " + n + " ints");
                    } catch (MPIException e) {
                        assertTrue(e.getMessage().contains("MPI_ERR_TRUNCATE"), e.getMessage());
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void truncatedReceiveFailsAndTheJobGoesOn() {
        Jobs.runOk(2, TCP, Truncation.class);
    }

    /** Rank 2 throws while the others wait in Recv for it. */
    public static class OneRankThrows {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            if (rank == 2) {
                Thread.sleep(200);
                throw new IllegalStateException("boom on rank 2");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 2, 0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void aRankThatThrowsEndsTheJob() {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(3, TCP, OneRankThrows.class);
        assertFalse(r.succeeded());
        assertEquals(2, r.failedRank(), r.message());
        assertTrue(r.message().contains("boom on rank 2"), r.message());
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "the waiting ranks took more than 10 s to wake");
    }
}
