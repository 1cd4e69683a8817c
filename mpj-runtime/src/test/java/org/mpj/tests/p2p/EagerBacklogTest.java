package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;
import org.mpj.runtime.Jobs.Launch;

/**
 * The bound on eager copies waiting at a rank ({@code mpj.eagerBacklogBytes}): senders to a rank that
 * is busy outside MPI buffer that much and then wait; and ranks that send more than that to each other
 * (or to themselves) before they receive never block each other, whatever they wait in.
 */
class EagerBacklogTest {
    static final List<Integer> RANKS = List.of(2, 3, 5, 8);
    /** Sixteen 4 KiB messages: small enough that the tests hold messages all the time. */
    static final int BACKLOG = 64 * 1024;
    static final int INTS = 1024;
    static final Map<String, String> SETTINGS = Map.of("mpj.eagerBacklogBytes", Integer.toString(BACKLOG));

    static int[] message(int source, int seq) {
        int[] m = new int[INTS];
        for (int i = 0; i < INTS; i++) {
            m[i] = source * 1_000_003 + seq * 31 + i;
        }
        return m;
    }

    static void check(int[] got, int source, int seq, int rank) {
        int[] want = message(source, seq);
        for (int i = 0; i < INTS; i++) {
            if (got[i] != want[i]) {
                throw new AssertionError("rank " + rank + ": message " + seq + " from rank " + source + " element " + i
                        + " is " + got[i] + ", expected " + want[i]);
            }
        }
    }

    /**
     * Every rank but 0 sends {@link #PER_SENDER} messages of 4 KiB to rank 0, which sleeps outside MPI
     * meanwhile; exactly BACKLOG bytes of them complete before it wakes, the rest when it receives.
     */
    public static class Bounded {
        static final int PER_SENDER = 40;
        static final long SLEEP_MS = 600;

        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            long[] woke = new long[1];
            long[] done = new long[PER_SENDER];
            MPI.COMM_WORLD.Barrier();
            if (rank == 0) {
                Thread.sleep(SLEEP_MS);
                woke[0] = System.nanoTime();
                int[] next = new int[size];
                int[] buf = new int[INTS];
                for (int i = 0; i < (size - 1) * PER_SENDER; i++) {
                    Status s = MPI.COMM_WORLD.Recv(buf, 0, INTS, MPI.INT, MPI.ANY_SOURCE, 7);
                    check(buf, s.source, next[s.source]++, rank);
                }
            } else {
                for (int seq = 0; seq < PER_SENDER; seq++) {
                    int[] m = message(rank, seq);
                    MPI.COMM_WORLD.Send(m, 0, INTS, MPI.INT, 0, 7);
                    done[seq] = System.nanoTime();
                }
            }
            // Thread ranks share the JVM's clock: count the sends that completed while rank 0 slept.
            MPI.COMM_WORLD.Bcast(woke, 0, 1, MPI.LONG, 0);
            int[] early = new int[1];
            for (int seq = 0; rank != 0 && seq < PER_SENDER; seq++) {
                early[0] += done[seq] < woke[0] ? 1 : 0;
            }
            int[] total = new int[1];
            MPI.COMM_WORLD.Reduce(early, 0, total, 0, 1, MPI.INT, MPI.SUM, 0);
            if (rank == 0 && total[0] != BACKLOG / (INTS * 4)) {
                throw new AssertionError(total[0] + " sends of 4 KiB completed while their receiver was busy; the "
                        + "backlog of " + BACKLOG + " bytes allows " + BACKLOG / (INTS * 4));
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(60)
    void sendersToABusyRankBufferOnlyTheBacklog(int np) {
        Jobs.runOk(np, SETTINGS, Bounded.class);
    }

    /**
     * Ranks that send {@link #AHEAD} eager messages (32 times the backlog) before they receive, each
     * way of waiting meanwhile: blocking sends around a ring; sends to itself; sends ahead of a
     * Barrier that the receiver waits in first; nonblocking sends with Waitall after the receives.
     */
    public static class SendAhead {
        static final int AHEAD = 512;

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            String how = args[0];
            int to = how.equals("self") ? rank : (rank + 1) % size;
            int from = how.equals("self") ? rank : (rank - 1 + size) % size;
            int[] buf = new int[INTS];
            if (how.equals("barrier") && rank % 2 == 1) {
                MPI.COMM_WORLD.Barrier(); // odd ranks wait here while even ranks send to them
            }
            Request[] sends = new Request[AHEAD];
            for (int seq = 0; seq < AHEAD; seq++) {
                int[] m = message(rank, seq);
                if (how.equals("isend")) {
                    sends[seq] = MPI.COMM_WORLD.Isend(m, 0, INTS, MPI.INT, to, seq);
                } else {
                    MPI.COMM_WORLD.Send(m, 0, INTS, MPI.INT, to, seq);
                }
            }
            if (how.equals("barrier") && rank % 2 == 0) {
                MPI.COMM_WORLD.Barrier();
            }
            for (int seq = 0; seq < AHEAD; seq++) {
                Status s = MPI.COMM_WORLD.Recv(buf, 0, INTS, MPI.INT, from, MPI.ANY_TAG);
                assertEquals(seq, s.tag, "rank " + rank + ": tag of message " + seq);
                check(buf, from, seq, rank);
            }
            if (how.equals("isend")) {
                Request.Waitall(sends);
            }
            MPI.Finalize();
        }
    }

    static Stream<Arguments> sendAheadCases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String how : List.of("ring", "self", "barrier", "isend")) {
            for (int np : List.of(1, 2, 3, 5, 8)) {
                if (np > 1 || how.equals("self") || how.equals("isend")) {
                    b.add(Arguments.of(Launch.SHM, np, how));
                }
            }
        }
        b.add(Arguments.of(Launch.TCP, 2, "self"));
        b.add(Arguments.of(Launch.TCP, 3, "ring"));
        b.add(Arguments.of(Launch.hybrid(2), 3, "ring"));
        b.add(Arguments.of(Launch.hybrid(2), 4, "barrier"));
        return b.build();
    }

    @ParameterizedTest(name = "{0} np={1} {2}")
    @MethodSource("sendAheadCases")
    @Timeout(120)
    void ranksThatSendAheadNeverBlockEachOther(Launch launch, int np, String how) {
        JobResult r = Jobs.run(launch, np, SETTINGS, SendAhead.class, how);
        if (!r.succeeded()) {
            throw new AssertionError(launch + " np=" + np + " " + how + ": " + r.message());
        }
    }
}
