package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
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
 * Every base type, MPI.OBJECT with a class of the test included, travels intact from a non-zero
 * offset to a non-zero offset, at zero length and at, just under and just over the eager limit, in
 * every send mode, with the receive posted before the message and after it, between two ranks and
 * from a rank to itself.
 */
class DatatypesTest {
    /** Counts that are the same for every type: empty, one, a few. */
    private static final int[] SMALL_COUNTS = {0, 1, 7};
    /** MPI.OBJECT has no eager limit in elements (it travels serialized): a spread of sizes instead. */
    private static final int[] OBJECT_COUNTS = {0, 1, 7, 100, 3000};
    private static final int[][] OFFSETS = {{0, 0}, {5, 3}};

    /** How rank 0 sends: blocking modes after the receive is posted, non-blocking ones before. */
    enum Mode {
        SEND(true), SSEND(true), RSEND(true), BSEND(true), ISEND(false), ISSEND(false), IBSEND(false);

        final boolean receiveFirst;

        Mode(boolean receiveFirst) {
            this.receiveFirst = receiveFirst;
        }
    }

    /** Sends every case of one type from rank 0 to rank 1 (or to itself when alone). */
    public static class TypedExchange {
        public static void main(String[] args) {
            MPI.Init(args);
            Payload kind = Payload.valueOf(args[0]);
            int eagerLimit = Integer.parseInt(args[1]);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int peer = size == 1 ? 0 : 1;
            int tag = 0;
            for (int count : counts(kind, eagerLimit)) {
                for (int[] off : OFFSETS) {
                    for (Mode mode : Mode.values()) {
                        String where = "rank " + rank + ", " + kind + " count " + count + " sendOffset " + off[0]
                                + " recvOffset " + off[1] + ", " + mode
                                + (mode.receiveFirst ? ", receive posted first" : ", message first");
                        exchange(kind, eagerLimit, count, off[0], off[1], mode, rank, peer, tag++, where);
                    }
                }
            }
            MPI.Finalize();
        }

        static List<Integer> counts(Payload kind, int eagerLimit) {
            List<Integer> out = new ArrayList<>();
            if (kind == Payload.OBJECT) {
                for (int c : OBJECT_COUNTS) {
                    out.add(c);
                }
                return out;
            }
            for (int c : SMALL_COUNTS) {
                out.add(c);
            }
            int limit = kind.elementsIn(eagerLimit);
            out.add(limit - 1);
            out.add(limit);
            out.add(limit + 1);
            out.add(3 * limit + 5);
            return out;
        }

        private static void exchange(Payload kind, int eagerLimit, int count, int sendOff, int recvOff,
                                     Mode mode, int rank, int peer, int tag, String where) {
            long seed = 1000L * tag + 17;
            boolean sender = rank == 0, receiver = rank == peer;
            Object sendBuf = null;
            byte[] attached = null;
            if (sender) {
                sendBuf = kind.alloc(sendOff + count + 2);
                kind.fill(sendBuf, sendOff, count, seed);
                if (mode == Mode.BSEND || mode == Mode.IBSEND) {
                    attached = new byte[kind == Payload.OBJECT ? 4 << 20 : count * kind.byteSize + MPI.BSEND_OVERHEAD];
                    MPI.Buffer_attach(attached);
                }
            }
            int room = count + 2;
            Object recvBuf = receiver ? kind.sentinelBuffer(recvOff + room + 3) : null;
            Status status;
            if (mode.receiveFirst) {
                Request r = receiver ? MPI.COMM_WORLD.Irecv(recvBuf, recvOff, room, kind.type(), 0, tag) : null;
                barrierUnlessAlone();
                if (sender) {
                    switch (mode) {
                        case SEND -> MPI.COMM_WORLD.Send(sendBuf, sendOff, count, kind.type(), peer, tag);
                        case SSEND -> MPI.COMM_WORLD.Ssend(sendBuf, sendOff, count, kind.type(), peer, tag);
                        case RSEND -> MPI.COMM_WORLD.Rsend(sendBuf, sendOff, count, kind.type(), peer, tag);
                        default -> MPI.COMM_WORLD.Bsend(sendBuf, sendOff, count, kind.type(), peer, tag);
                    }
                }
                status = receiver ? r.Wait() : null;
            } else {
                Request s = null;
                if (sender) {
                    s = switch (mode) {
                        case ISEND -> MPI.COMM_WORLD.Isend(sendBuf, sendOff, count, kind.type(), peer, tag);
                        case ISSEND -> MPI.COMM_WORLD.Issend(sendBuf, sendOff, count, kind.type(), peer, tag);
                        default -> MPI.COMM_WORLD.Ibsend(sendBuf, sendOff, count, kind.type(), peer, tag);
                    };
                    boolean completedAlone = s.Test() != null;
                    if (mode == Mode.ISEND && kind != Payload.OBJECT) {
                        boolean eager = (long) count * kind.byteSize <= eagerLimit;
                        assertEquals(eager, completedAlone, where + ": a standard send of " + count * kind.byteSize
                                + " bytes with eager limit " + eagerLimit + (eager ? " must complete before its receive"
                                : " must wait for its receive (rendezvous)"));
                    } else if (mode != Mode.ISEND) {
                        assertEquals(mode == Mode.IBSEND, completedAlone, where + ": " + mode
                                + (mode == Mode.IBSEND ? " must complete at once" : " must wait for its receive"));
                    }
                    if (completedAlone) {
                        s = null;
                    }
                }
                barrierUnlessAlone();
                status = receiver ? MPI.COMM_WORLD.Recv(recvBuf, recvOff, room, kind.type(), 0, tag) : null;
                if (s != null) {
                    s.Wait();
                }
            }
            if (attached != null) {
                assertSame(attached, MPI.Buffer_detach(), where + ": Buffer_detach");
            }
            if (receiver) {
                assertEquals(0, status.source, where + ": status.source");
                assertEquals(tag, status.tag, where + ": status.tag");
                assertEquals(count, status.Get_count(kind.type()), where + ": Get_count");
                assertEquals(count, status.Get_elements(kind.type()), where + ": Get_elements");
                kind.verify(recvBuf, recvOff, count, seed, where);
            }
        }

        private static void barrierUnlessAlone() {
            if (MPI.COMM_WORLD.Size() > 1) {
                MPI.COMM_WORLD.Barrier();
            }
        }
    }

    static Stream<Arguments> typeCases() {
        List<Arguments> out = new ArrayList<>();
        for (Payload kind : Payload.values()) {
            out.add(Arguments.of(kind, 1, Payload.DEFAULT_EAGER_LIMIT_BYTES));
            out.add(Arguments.of(kind, 2, Payload.DEFAULT_EAGER_LIMIT_BYTES));
            if (kind != Payload.OBJECT) {
                out.add(Arguments.of(kind, 2, 1024));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} np={1} eagerLimitBytes={2}")
    @MethodSource("typeCases")
    @Timeout(60)
    void everyTypeArrivesIntactAroundTheEagerLimit(Payload kind, int np, int eagerLimitBytes) {
        Map<String, String> settings = eagerLimitBytes == Payload.DEFAULT_EAGER_LIMIT_BYTES
                ? Map.of() : Map.of("mpj.eagerLimitBytes", Integer.toString(eagerLimitBytes));
        Jobs.runOk(np, settings, TypedExchange.class, kind.name(), Integer.toString(eagerLimitBytes));
    }
}
