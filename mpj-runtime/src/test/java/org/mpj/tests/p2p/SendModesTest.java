package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * Every send mode, blocking and not, and Sendrecv and Sendrecv_replace, around a ring of 1, 2, 3, 5
 * and 8 ranks: each rank sends to its right neighbour and receives from its left, an empty message, a
 * small (eager) one and a large (rendezvous) one, with the receive posted first and, for the modes
 * that allow it, after the message.
 */
class SendModesTest {
    static final List<Integer> RANKS = List.of(1, 2, 3, 4, 5, 8);
    /** 5000 ints are 20000 bytes, past the default eager limit of 16384. */
    static final int[] COUNTS = {0, 10, 5000};

    enum Mode {
        SEND, SSEND, RSEND, BSEND, ISEND, ISSEND, IRSEND, IBSEND, SENDRECV, SENDRECV_REPLACE;

        /** Modes that may start before the matching receive is posted (Rsend may not; blocking rendezvous would block). */
        boolean mayPrecedeReceive() {
            return this == ISEND || this == ISSEND || this == IBSEND || this == BSEND;
        }

        boolean buffered() {
            return this == BSEND || this == IBSEND;
        }
    }

    public static class Ring {
        public static void main(String[] args) {
            MPI.Init(args);
            Mode mode = Mode.valueOf(args[0]);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int right = (rank + 1) % size, left = (rank - 1 + size) % size;
            int tag = 0;
            for (int count : COUNTS) {
                for (boolean receiveFirst : new boolean[] {true, false}) {
                    if (receiveFirst || mode.mayPrecedeReceive()) {
                        String where = "rank " + rank + " of " + size + ", " + mode + " of " + count + " ints"
                                + (receiveFirst ? ", receive posted first" : ", message first");
                        exchange(mode, count, receiveFirst, rank, left, right, tag++, where);
                    }
                }
            }
            MPI.Finalize();
        }

        static long seed(int rank, int tag) {
            return rank * 1_000_003L + tag;
        }

        private static void exchange(Mode mode, int count, boolean receiveFirst, int rank, int left, int right,
                                     int tag, String where) {
            Payload ints = Payload.INT;
            int[] out = new int[count + 4];
            ints.fill(out, 2, count, seed(rank, tag));
            int[] in = (int[]) ints.sentinelBuffer(count + 6);
            byte[] attached = null;
            if (mode.buffered()) {
                attached = new byte[count * 4 + MPI.BSEND_OVERHEAD];
                MPI.Buffer_attach(attached);
            }
            Status status;
            if (mode == Mode.SENDRECV) {
                status = MPI.COMM_WORLD.Sendrecv(out, 2, count, MPI.INT, right, tag, in, 3, count, MPI.INT, left, tag);
            } else if (mode == Mode.SENDRECV_REPLACE) {
                in = (int[]) ints.sentinelBuffer(count + 4);
                ints.fill(in, 3, count, seed(rank, tag));
                status = MPI.COMM_WORLD.Sendrecv_replace(in, 3, count, MPI.INT, right, tag, left, tag);
            } else if (receiveFirst) {
                Request r = MPI.COMM_WORLD.Irecv(in, 3, count, MPI.INT, left, tag);
                MPI.COMM_WORLD.Barrier();
                Request s = send(mode, out, count, right, tag);
                status = r.Wait();
                if (s != null) {
                    Status ss = s.Wait();
                    assertTrue(s.Is_null(), where + ": a request is null after Wait");
                    assertEquals(false, ss.Test_cancelled(), where + ": send status cancelled");
                }
            } else {
                Request s = send(mode, out, count, right, tag);
                MPI.COMM_WORLD.Barrier();
                status = MPI.COMM_WORLD.Recv(in, 3, count, MPI.INT, left, tag);
                if (s != null) {
                    s.Wait();
                }
            }
            if (attached != null) {
                assertSame(attached, MPI.Buffer_detach(), where + ": Buffer_detach returns the attached buffer");
            }
            assertEquals(left, status.source, where + ": status.source");
            assertEquals(tag, status.tag, where + ": status.tag");
            assertEquals(count, status.Get_count(MPI.INT), where + ": Get_count");
            ints.verify(in, 3, count, seed(left, tag), where);
            int[] expectedOut = new int[count + 4];
            ints.fill(expectedOut, 2, count, seed(rank, tag));
            assertTrue(Arrays.equals(expectedOut, out), where + ": the send buffer was modified");
        }

        /** Starts or makes the send; returns the request of a non-blocking one. */
        private static Request send(Mode mode, int[] out, int count, int dest, int tag) {
            switch (mode) {
                case SEND -> MPI.COMM_WORLD.Send(out, 2, count, MPI.INT, dest, tag);
                case SSEND -> MPI.COMM_WORLD.Ssend(out, 2, count, MPI.INT, dest, tag);
                case RSEND -> MPI.COMM_WORLD.Rsend(out, 2, count, MPI.INT, dest, tag);
                case BSEND -> MPI.COMM_WORLD.Bsend(out, 2, count, MPI.INT, dest, tag);
                case ISEND -> { return MPI.COMM_WORLD.Isend(out, 2, count, MPI.INT, dest, tag); }
                case ISSEND -> { return MPI.COMM_WORLD.Issend(out, 2, count, MPI.INT, dest, tag); }
                case IRSEND -> { return MPI.COMM_WORLD.Irsend(out, 2, count, MPI.INT, dest, tag); }
                case IBSEND -> { return MPI.COMM_WORLD.Ibsend(out, 2, count, MPI.INT, dest, tag); }
                default -> throw new AssertionError("not a send: " + mode);
            }
            return null;
        }
    }

    static Stream<Arguments> ringCases() {
        return Stream.of("shm", "tcp").flatMap(dev -> RANKS.stream()
                .flatMap(np -> Arrays.stream(Mode.values()).map(m -> Arguments.of(dev, np, m))));
    }

    @ParameterizedTest(name = "{0} np={1} {2}")
    @MethodSource("ringCases")
    @Timeout(90)
    void everySendModeDeliversAroundARing(String dev, int np, Mode mode) {
        Jobs.runOk(np, Map.of("mpj.device", dev), Ring.class, mode.name());
    }
}
