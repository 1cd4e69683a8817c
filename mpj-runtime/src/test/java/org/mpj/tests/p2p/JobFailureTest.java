package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import mpi.MPI;
import mpi.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;
import org.mpj.runtime.ThreadJob;

/**
 * A rank that throws, aborts or leaves main without Finalize ends the whole job, naming itself and
 * the cause, and wakes every other rank wherever it waits. The launcher gives ranks 5 s to unwind
 * after a failure (ThreadJob.UNWIND_MS); a job back well within that proves that they all woke.
 */
class JobFailureTest {
    /** Well under the launcher's 5 s of unwinding per rank: a rank that never woke would exceed it. */
    static final long WOKEN_WITHIN_MS = 3_000;
    /** Ints in a large message: a synchronous send of it waits for its receive. */
    static final int LARGE = 5000;

    /** Blocks this rank in one of several MPI waits, chosen by {@code how}; they never complete. */
    static void blockForever(int how, int rank, int size, int failing) {
        int[] buf = new int[LARGE];
        switch (how % 6) {
            case 0 -> MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 77);
            case 1 -> MPI.COMM_WORLD.Ssend(buf, 0, LARGE, MPI.INT, failing, 77);
            case 2 -> MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 77);
            case 3 -> MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, failing, 77).Wait();
            case 4 -> Request.Waitany(new Request[] {MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, failing, 78),
                MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 79)});
            default -> MPI.Finalize();
        }
        throw new AssertionError("rank " + rank + " of " + size + ": wait " + how % 6 + " returned normally");
    }

    /** Rank {@code args[0]} throws after the others have blocked in their waits. */
    public static class Thrower {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int failing = Integer.parseInt(args[0]);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (rank == failing) {
                Thread.sleep(200);
                throw new IllegalStateException("boom from rank " + rank);
            }
            blockForever(rank, rank, size, failing);
        }
    }

    @ParameterizedTest(name = "np={0} failing rank {1}")
    @CsvSource({"1, 0", "2, 1", "3, 0", "5, 4", "8, 3", "8, 7"})
    @Timeout(30)
    void aRankThatThrowsEndsTheJobAndWakesEveryRank(int np, int failing) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(np, Thrower.class, Integer.toString(failing));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(1, r.exitCode(), "exit code; " + r.message());
        assertEquals(failing, r.failedRank(), "failed rank; " + r.message());
        assertTrue(r.message().contains("rank " + failing) && r.message().contains("boom from rank " + failing),
                "the message names the rank and the cause: " + r.message());
        assertInstanceOf(IllegalStateException.class, r.cause(), "the cause is the rank's exception");
        assertTrue(ms < WOKEN_WITHIN_MS, "the job took " + ms + " ms to end: a rank was not woken");
    }

    /** Rank 1 calls Abort(3) while the others wait. */
    public static class Aborter {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (rank == 1) {
                Thread.sleep(100);
                MPI.COMM_WORLD.Abort(3);
                throw new AssertionError("rank 1: Abort returned");
            }
            blockForever(rank + 2, rank, size, 1);
        }
    }

    @ParameterizedTest(name = "np={0}")
    @CsvSource({"2", "3", "8"})
    @Timeout(30)
    void abortEndsTheJobWithItsCode(int np) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(np, Aborter.class);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(3, r.exitCode(), "exit code; " + r.message());
        assertEquals(1, r.failedRank(), "failed rank; " + r.message());
        assertTrue(r.message().contains("rank 1") && r.message().contains("Abort(3)"),
                "the message names the rank and the call: " + r.message());
        assertTrue(ms < WOKEN_WITHIN_MS, "the job took " + ms + " ms to end: a rank was not woken");
    }

    /** The last rank returns from main without Finalize; the others wait in Finalize. */
    public static class NoFinalize {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (rank != size - 1) {
                MPI.Finalize();
            }
        }
    }

    @ParameterizedTest(name = "np={0}")
    @CsvSource({"1", "3", "8"})
    @Timeout(30)
    void returningWithoutFinalizeFailsNamingTheRank(int np) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(np, NoFinalize.class);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int last = np - 1;
        assertTrue(r.exitCode() != 0, "exit code 0 although rank " + last + " did not call Finalize");
        assertEquals(last, r.failedRank(), "failed rank; " + r.message());
        assertTrue(r.message().contains("rank " + last) && r.message().contains("Finalize"),
                "the message names the rank and Finalize: " + r.message());
        assertTrue(ms < WOKEN_WITHIN_MS, "the job took " + ms + " ms to end: a rank was not woken");
    }

    /** Rank 1 sends to a rank that does not exist and does not catch the MPIException. */
    public static class UncaughtMpiError {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (rank == 1) {
                MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, size + 5, 0);
            }
            blockForever(0, rank, size, 1);
        }
    }

    @Test
    @Timeout(30)
    void anUncaughtMpiExceptionEndsTheJobWithItsSentence() {
        JobResult r = Jobs.run(4, UncaughtMpiError.class);
        assertEquals(1, r.exitCode(), "exit code; " + r.message());
        assertEquals(1, r.failedRank(), "failed rank; " + r.message());
        assertTrue(r.message().contains("MPI_ERR_RANK") && r.message().contains("rank 9"),
                "the message carries the MPI error: " + r.message());
    }

    /** Two ranks that both wait to receive first: a deadlock that only the job's time limit ends. */
    public static class Deadlock {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1 - rank, 0);
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void aDeadlockIsEndedByTheTimeLimitNamingTheWaitingRanks() throws InterruptedException {
        long t0 = System.nanoTime();
        JobResult r = ThreadJob.of(2, Deadlock.class).withSettings(Map.of()).withTimeoutMs(500).run();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(124, r.exitCode(), "exit code; " + r.message());
        assertTrue(r.message().contains("timed out") && r.message().contains("rank 0")
                && r.message().contains("rank 1") && r.message().contains("Recv"),
                "the message says where the ranks wait: " + r.message());
        assertTrue(ms < 500 + WOKEN_WITHIN_MS, "the job took " + ms + " ms to end: a rank was not woken");
    }

    /**
     * A job whose runner gives up (a test's time limit interrupts the thread in ThreadJob.run) ends its
     * ranks rather than leaving them waiting, unseen, for the rest of the JVM's life.
     */
    @Test
    @Timeout(30)
    void interruptingTheRunnerEndsTheRanks() throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread runner = new Thread(() -> {
            try {
                ThreadJob.of(2, Deadlock.class).withSettings(Map.of()).run();
            } catch (Throwable t) {
                thrown[0] = t;
            }
        }, "job-runner");
        runner.start();
        Thread.sleep(500);
        runner.interrupt();
        runner.join(WOKEN_WITHIN_MS);
        assertTrue(!runner.isAlive(), "the runner did not return within " + WOKEN_WITHIN_MS + " ms of its interrupt");
        assertInstanceOf(InterruptedException.class, thrown[0], "what the runner threw");
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!(t.getName().startsWith("mpj-rank-") && t.isAlive() && t.getStackTrace().length > 0
                    && java.util.Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getClassName().endsWith("Deadlock"))),
                    "rank thread " + t.getName() + " still waits in Deadlock after its runner was interrupted");
        }
    }
}
