package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.epoll.Epoll;
import java.util.HashMap;
import java.util.Map;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpj.core.MpjException;
import org.mpj.device.tcp.HeapSocketIo;
import org.mpj.runtime.Jobs;

/**
 * Rendezvous data going straight between arrays and sockets ({@link HeapSocketIo}, Java 22+ with
 * epoll; elsewhere the same programs check Netty's copies): every type, at offsets that are not
 * multiples of anything, both ways at once between every pair, with sockets so small that the kernel
 * takes and gives a frame in pieces that end inside elements, and DATA frames of an odd size.
 */
class HeapSocketIoTest {
    /** Elements per message: past the eager limit (set to {@link #EAGER_BYTES}) and several DATA frames of every type. */
    static final int COUNT = 150_001;
    /** The eager limit these jobs run with: below a message of {@link #COUNT} bytes, so every type goes by rendezvous. */
    static final int EAGER_BYTES = 64 * 1024;
    static final String[] TYPES = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE"};

    static Datatype type(String name) {
        return switch (name) {
            case "BYTE" -> MPI.BYTE;
            case "CHAR" -> MPI.CHAR;
            case "SHORT" -> MPI.SHORT;
            case "BOOLEAN" -> MPI.BOOLEAN;
            case "INT" -> MPI.INT;
            case "LONG" -> MPI.LONG;
            case "FLOAT" -> MPI.FLOAT;
            default -> MPI.DOUBLE;
        };
    }

    /** {@code n} elements of the named type from index {@code from}, element i a function of (i, seed); the rest 0. */
    static Object fill(String type, int length, int from, int n, int seed) {
        switch (type) {
            case "BYTE": { byte[] a = new byte[length]; for (int i = 0; i < n; i++) a[from + i] = (byte) (i * 7 + seed); return a; }
            case "CHAR": { char[] a = new char[length]; for (int i = 0; i < n; i++) a[from + i] = (char) (i * 31 + seed); return a; }
            case "SHORT": { short[] a = new short[length]; for (int i = 0; i < n; i++) a[from + i] = (short) (i * 13 - seed); return a; }
            case "BOOLEAN": { boolean[] a = new boolean[length]; for (int i = 0; i < n; i++) a[from + i] = (i + seed) % 3 == 0; return a; }
            case "INT": { int[] a = new int[length]; for (int i = 0; i < n; i++) a[from + i] = i * 1_000_003 + seed; return a; }
            case "LONG": { long[] a = new long[length]; for (int i = 0; i < n; i++) a[from + i] = i * 0x1_0000_0001L - seed; return a; }
            case "FLOAT": { float[] a = new float[length]; for (int i = 0; i < n; i++) a[from + i] = i * 0.5f + seed; return a; }
            default: { double[] a = new double[length]; for (int i = 0; i < n; i++) a[from + i] = i * -0.25 + seed; return a; }
        }
    }

    static void check(Object want, Object got, String what) {
        if (!java.util.Objects.deepEquals(want, got)) {
            throw new AssertionError(what + ": the received array differs from the one sent");
        }
    }

    /**
     * Every rank exchanges a message of every type with every other rank, both ways at once, sent
     * from index 3 and received at index 5; then a strided (derived) type, which takes Netty's copies.
     */
    public static class Exchange {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            for (String t : TYPES) {
                for (int peer = 0; peer < size; peer++) {
                    if (peer == rank) {
                        continue;
                    }
                    Object out = fill(t, COUNT + 7, 3, COUNT, rank);
                    Object in = fill(t, COUNT + 9, 5, 0, 0);
                    Request r = MPI.COMM_WORLD.Irecv(in, 5, COUNT, type(t), peer, 7);
                    Request s = MPI.COMM_WORLD.Isend(out, 3, COUNT, type(t), peer, 7);
                    s.Wait();
                    r.Wait();
                    check(fill(t, COUNT + 9, 5, COUNT, peer), in, t + " from rank " + peer + " at rank " + rank);
                }
            }
            Object[] objects = {new long[COUNT]};
            ((long[]) objects[0])[COUNT - 1] = rank;
            Object[] back = new Object[1];
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            MPI.COMM_WORLD.Sendrecv(objects, 0, 1, MPI.OBJECT, right, 8, back, 0, 1, MPI.OBJECT, left, 8);
            assertEquals(left, ((long[]) back[0])[COUNT - 1], "OBJECT from rank " + left);
            Datatype column = Datatype.Vector(COUNT, 1, 3, MPI.DOUBLE);
            column.Commit();
            double[] strided = (double[]) fill("DOUBLE", 3 * COUNT, 0, 3 * COUNT, rank);
            double[] got = new double[COUNT];
            MPI.COMM_WORLD.Sendrecv(strided, 0, 1, column, right, 9, got, 0, COUNT, MPI.DOUBLE, left, 9);
            double[] from = (double[]) fill("DOUBLE", 3 * COUNT, 0, 3 * COUNT, left);
            for (int i = 0; i < COUNT; i++) {
                if (got[i] != from[3 * i]) {
                    throw new AssertionError("strided DOUBLE from rank " + left + " element " + i + " is " + got[i]);
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Socket buffers 0: the kernel's. Below 16 KiB the kernel's own stalls slow such a job 30-fold (8 KiB:
     * 45 s instead of 1.5), with or without heap I/O. With 5 ranks and 64 KiB the kernel took and gave
     * 40-50 frames in pieces that end inside an element each way, in each of five runs here.
     */
    @ParameterizedTest(name = "{0} ranks, socket buffers {1}, DATA frames of {2} bytes")
    @CsvSource({"2, 0, 0, false", "2, 16384, 65539, false", "3, 32768, 100003, false", "5, 65536, 0, true"})
    @Timeout(120)
    void everyTypeBothWays(int ranks, int socketBytes, int chunkBytes, boolean splits) {
        Map<String, String> s = new HashMap<>(Map.of("mpj.device", "tcp", "mpj.tcp.heapIo", "true",
                "mpj.tcp.eagerLimitBytes", Integer.toString(EAGER_BYTES), "mpj.tcp.pipeBytes", "0"));
        if (socketBytes == 0 || splits) {
            // What these cases check is loopback TCP's doing: its kernel buffers grow to take most frames
            // whole, and its segments end inside elements. A Unix socket's buffer stays at ~200 KiB and
            // takes or gives whole pages (the other cases cross Unix sockets, as the other tests do).
            s.put("mpj.tcp.localSockets", "false");
        }
        if (socketBytes > 0) {
            s.put("mpj.tcp.sendBufferBytes", Integer.toString(socketBytes));
            s.put("mpj.tcp.receiveBufferBytes", Integer.toString(socketBytes));
        }
        if (chunkBytes > 0) {
            s.put("mpj.tcp.chunkBytes", Integer.toString(chunkBytes));
        }
        long sent = HeapSocketIo.bytesSent();
        long received = HeapSocketIo.bytesReceived();
        long splitSending = HeapSocketIo.elementsSplitSending();
        long splitReceiving = HeapSocketIo.elementsSplitReceiving();
        Jobs.runOk(ranks, s, Exchange.class);
        splitSending = HeapSocketIo.elementsSplitSending() - splitSending;
        splitReceiving = HeapSocketIo.elementsSplitReceiving() - splitReceiving;
        long sentNow = HeapSocketIo.bytesSent() - sent;
        long receivedNow = HeapSocketIo.bytesReceived() - received;
        if (HeapSocketIo.available() && Epoll.isAvailable()) {
            assertTrue(sentNow > 0 && receivedNow > 0, "heap I/O: sent " + sentNow + ", received " + receivedNow);
            if (splits) {
                assertTrue(splitSending > 0 && splitReceiving > 0, "elements split: sending " + splitSending
                        + ", receiving " + splitReceiving + " (the paths that complete them went untested)");
            }
            if (socketBytes == 0) {
                // Each rank sends COUNT elements of 7 types (not BOOLEAN) to each other rank by rendezvous; with
                // the kernel's socket buffers the socket takes most frames whole. Small ones leave most to Netty.
                long bytes = (long) ranks * (ranks - 1) * COUNT * (1 + 2 + 2 + 4 + 8 + 4 + 8);
                assertTrue(sentNow >= bytes / 2, "went straight from the arrays: " + sentNow + " of " + bytes + " bytes");
                assertTrue(receivedNow >= bytes / 4, "went straight into the arrays: " + receivedNow + " of " + bytes + " bytes");
            }
        } else {
            assertEquals(0, sentNow + receivedNow, "no heap I/O where " + HeapSocketIo.unavailable());
        }
    }

    /** auto: only where this host's ranks do not outnumber its cores; true and false say so whatever the count. */
    @ParameterizedTest(name = "heapIo={0}, 2 ranks on {1} cores")
    @CsvSource({"auto, 2, true", "auto, 1, false", "true, 1, true", "false, 8, false"})
    @Timeout(60)
    void theSetting(String setting, int cores, boolean used) {
        long sent = HeapSocketIo.bytesSent();
        Jobs.runOk(2, Map.of("mpj.device", "tcp", "mpj.tcp.heapIo", setting, "mpj.coresOnHost", Integer.toString(cores),
                "mpj.tcp.pipeBytes", "0"), Exchange.class);
        long sentNow = HeapSocketIo.bytesSent() - sent;
        assertEquals(used && HeapSocketIo.available() && Epoll.isAvailable(), sentNow > 0, "bytes sent from the arrays: " + sentNow);
    }

    @Test
    @Timeout(30)
    void aBadSettingIsRefused() {
        MpjException e = assertThrows(MpjException.class,
                () -> Jobs.run(2, Map.of("mpj.device", "tcp", "mpj.tcp.heapIo", "yes"), Exchange.class));
        assertTrue(e.getMessage().contains("mpj.tcp.heapIo='yes' (valid: auto, true, false)"), e.getMessage());
    }
}
