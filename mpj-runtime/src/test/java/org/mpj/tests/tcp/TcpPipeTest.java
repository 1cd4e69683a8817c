package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.epoll.Epoll;
import java.util.HashMap;
import java.util.Map;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.runtime.Jobs;

/**
 * Rendezvous data between ranks of one host through pipes of shared memory (mpj.tcp.pipeBytes): every
 * message arrives whole, in small pipes that wrap and fill, with ranks that sleep on either side of
 * one, and not at all where pipes are off. Pipes need Unix domain sockets (epoll); elsewhere the
 * same programs run over the socket and the tests say so.
 */
class TcpPipeTest {
    static final Map<String, String> TCP = TcpMessagesTest.TCP;

    /** Settings of a pipe of 64 KiB in chunks of 12 KiB: messages wrap it many times and wait for room. */
    static Map<String, String> smallPipes() {
        Map<String, String> m = new HashMap<>(TCP);
        m.put("mpj.tcp.pipeBytes", "65536");
        m.put("mpj.tcp.pipeChunkBytes", "12288");
        return m;
    }

    /** Pipe bytes read by {@code job}, asserted positive where pipes can be had. */
    static long pipeBytesOf(Runnable job) {
        long before = TcpDevice.pipeBytesRead();
        job.run();
        long read = TcpDevice.pipeBytesRead() - before;
        if (Epoll.isAvailable()) {
            assertTrue(read > 0, "no byte went through a pipe");
        } else {
            assertEquals(0, read, "a pipe without Unix domain sockets");
        }
        return read;
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3})
    @Timeout(120)
    void everyTypeAndCountCrossesThePipe(int np) {
        for (String type : new String[] {"BYTE", "SHORT", "INT", "DOUBLE", "BOOLEAN"}) {
            long read = pipeBytesOf(() -> Jobs.runOk(2, TCP, TcpMessagesTest.EveryCount.class, type));
            assertTrue(!Epoll.isAvailable() || read >= 2L * TcpMessagesTest.EIGHT_MIB, type + ": " + read + " pipe bytes");
        }
        // the first large message each way offers the pipe and goes by the socket; the second takes the pipe
        pipeBytesOf(() -> Jobs.runOk(2, TCP, TcpMessagesTest.Vectors.class, "2", "5", "3", "100000", "1000", "100000"));
        pipeBytesOf(() -> Jobs.runOk(np, TCP, TcpMessagesTest.TypedVectors.class));
        pipeBytesOf(() -> Jobs.runOk(np, TCP, Objects.class));
    }

    /** Rank 0 sends rank 1 arrays of strings (serialized, past the eager limit) and gets them back changed. */
    public static class Objects {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            for (int round = 0; round < 3; round++) {
                Object[] a = new Object[20_000];
                if (rank == 0) {
                    for (int i = 0; i < a.length; i++) a[i] = "s" + (i + round);
                    MPI.COMM_WORLD.Send(a, 0, a.length, MPI.OBJECT, 1, 1);
                    MPI.COMM_WORLD.Recv(a, 0, a.length, MPI.OBJECT, 1, 2);
                    for (int i = 0; i < a.length; i++) {
                        assertEquals("t" + (i + round), a[i], "round " + round + ", object " + i);
                    }
                } else if (rank == 1) {
                    MPI.COMM_WORLD.Recv(a, 0, a.length, MPI.OBJECT, 0, 1);
                    for (int i = 0; i < a.length; i++) {
                        assertEquals("s" + (i + round), a[i], "round " + round + ", object " + i);
                        a[i] = "t" + (i + round);
                    }
                    MPI.COMM_WORLD.Send(a, 0, a.length, MPI.OBJECT, 0, 2);
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 5, 8})
    @Timeout(180)
    void messagesInFlightAtOnceWrapSmallPipes(int np) {
        pipeBytesOf(() -> Jobs.runOk(np, smallPipes(), TcpMessagesTest.SizesInTurn.class));
    }

    /**
     * Rank 0 sends rank 1 a message that fills the pipe many times while rank 1 sleeps after posting
     * its receive (rank 0 waits for room, then sleeps); then rank 1 sends one while rank 0 sleeps
     * before posting (rank 1 waits for the CTS, then rank 0 waits for data while rank 1 copies).
     * Sleeps of 300 ms outlast the spinning, so each side sleeps in its event loop and the other's
     * nudge wakes it.
     */
    public static class Sleepers {
        static final int N = 400_003;

        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            for (int round = 0; round < 3; round++) {
                double[] a = new double[N];
                if (rank == 0) {
                    for (int i = 0; i < N; i++) a[i] = i * 0.5 + round;
                    MPI.COMM_WORLD.Send(a, 0, N, MPI.DOUBLE, 1, 1);
                    Thread.sleep(300);
                    Status s = MPI.COMM_WORLD.Recv(a, 0, N, MPI.DOUBLE, 1, 2);
                    assertEquals(N, s.Get_count(MPI.DOUBLE));
                    for (int i = 0; i < N; i++) {
                        if (a[i] != i * 0.25 - round) {
                            throw new AssertionError("round " + round + ": rank 0 got " + a[i] + " at " + i);
                        }
                    }
                } else if (rank == 1) {
                    Request r = MPI.COMM_WORLD.Irecv(a, 0, N, MPI.DOUBLE, 0, 1);
                    Thread.sleep(300);
                    r.Wait();
                    for (int i = 0; i < N; i++) {
                        if (a[i] != i * 0.5 + round) {
                            throw new AssertionError("round " + round + ": rank 1 got " + a[i] + " at " + i);
                        }
                        a[i] = i * 0.25 - round;
                    }
                    MPI.COMM_WORLD.Send(a, 0, N, MPI.DOUBLE, 0, 2);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void ranksSleepingOnEitherSideOfAPipeAreWoken() {
        pipeBytesOf(() -> Jobs.runOk(2, smallPipes(), Sleepers.class));
        pipeBytesOf(() -> Jobs.runOk(2, TCP, Sleepers.class));
    }

    @Test
    @Timeout(60)
    void noPipeWhereTheyAreOffOrBetweenTcpConnections() {
        Map<String, String> off = new HashMap<>(TCP);
        off.put("mpj.tcp.pipeBytes", "0");
        Map<String, String> tcp = new HashMap<>(TCP);
        tcp.put("mpj.tcp.localSockets", "false");
        for (Map<String, String> m : java.util.List.of(off, tcp)) {
            long before = TcpDevice.pipeBytesRead();
            Jobs.runOk(3, m, TcpMessagesTest.SizesInTurn.class);
            assertEquals(0, TcpDevice.pipeBytesRead() - before, "pipe bytes with " + m);
        }
    }
}
