package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.core.Config;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;
import org.mpj.runtime.ThreadJob;

/**
 * A job of thread ranks that can no longer move ends instead of hanging: once every rank has been
 * parked in an MPI wait for {@code mpj.deadlockSeconds}, the job fails naming each rank's call. A
 * rank busy outside MPI, or a thread of the program that may still send, keeps it going.
 */
class DeadlockTest {
    static final Map<String, String> ONE_SECOND = Map.of(Config.DEADLOCK_SECONDS, "1");

    /**
     * Each rank waits in a call that no other rank will ever complete, chosen by its rank: a receive,
     * a synchronous send nobody receives, a Probe, a Wait, a Waitany, a Barrier on a communicator of
     * the ranks 6 and up (of which the last is missing: it receives), Finalize.
     */
    public static class WaitForEachOther {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            Intracomm high = MPI.COMM_WORLD.Split(rank >= 6 ? 1 : 0, rank);
            int[] buf = new int[5000];
            switch (rank == size - 1 && rank >= 6 ? 0 : rank % 7) {
                case 0 -> MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 100);
                case 1 -> MPI.COMM_WORLD.Ssend(buf, 0, buf.length, MPI.INT, 0, 101);
                case 2 -> MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 102);
                case 3 -> MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 103).Wait();
                case 4 -> Request.Waitany(new Request[] {MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 104),
                    MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 105)});
                case 5 -> MPI.Finalize();
                default -> high.Barrier();
            }
            throw new AssertionError("rank " + rank + ": its wait returned");
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5, 8, 9})
    @Timeout(30)
    void ranksThatWaitForEachOtherEndTheJobNamingEachCall(int np) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(np, ONE_SECOND, WaitForEachOther.class);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(1, r.exitCode(), "exit code; " + r.message());
        assertEquals(-1, r.failedRank(), "no rank failed; " + r.message());
        assertTrue(r.message().contains("deadlock: for 1 s every rank still running has waited in an MPI call"),
                r.message());
        String[] calls = {"Comm.Recv", "Comm.Ssend", "Comm.Probe", "Request.Wait", "Request.Waitany", "MPI.Finalize",
            "Intracomm.Barrier"};
        for (int rank = 0; rank < np; rank++) {
            String call = calls[rank == np - 1 && rank >= 6 ? 0 : rank % 7];
            assertTrue(r.message().contains("rank " + rank + " in " + call), "rank " + rank + " in " + call + ": " + r.message());
        }
        assertTrue(ms < 8_000, "the job took " + ms + " ms to end");
    }

    /** Every rank but 0 waits in a Recv while rank 0 works outside MPI for {@code args[0]} ms, then sends. */
    public static class SlowRoot {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int[] v = {rank};
            if (rank == 0) {
                Thread.sleep(Long.parseLong(args[0]));
                for (int r = 1; r < size; r++) {
                    MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, r, 7);
                }
            } else {
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 7);
                assertEquals(0, v[0], "rank " + rank + " received rank 0's value");
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 5})
    @Timeout(30)
    void aRankBusyOutsideMpiIsNoDeadlock(int np) {
        Jobs.runOk(np, ONE_SECOND, SlowRoot.class, "2500");
    }

    /**
     * The main thread of every rank waits in a Recv; a thread that rank 0 started sends each of them
     * its message after {@code args[0]} ms.
     */
    public static class LateHelper {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            Thread helper = null;
            if (rank == 0) {
                helper = new Thread(() -> {
                    try {
                        Thread.sleep(Long.parseLong(args[0]));
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    for (int r = 0; r < size; r++) {
                        MPI.COMM_WORLD.Send(new int[] {r * 10}, 0, 1, MPI.INT, r, 8);
                    }
                });
                helper.start();
            }
            int[] v = new int[1];
            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 8);
            assertEquals(rank * 10, v[0], "rank " + rank + " received the helper's value");
            if (helper != null) {
                helper.join();
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void aThreadOfTheProgramThatMaySendStillIsNoDeadlock() {
        Jobs.runOk(3, ONE_SECOND, LateHelper.class, "2500");
    }

    @Test
    @Timeout(30)
    void zeroSecondsTurnsTheWatchOff() throws InterruptedException {
        JobResult r = ThreadJob.of(2, WaitForEachOther.class).withSettings(Map.of(Config.DEADLOCK_SECONDS, "0"))
                .withTimeoutMs(3_000).run();
        assertEquals(JobResult.TIMED_OUT, r.exitCode(), "the job's time limit ended it, not the watch: " + r.message());
    }
}
