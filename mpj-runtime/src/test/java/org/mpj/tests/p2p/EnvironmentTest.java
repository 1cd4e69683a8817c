package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;

/** Init, Finalize and the environment calls; communicators' Size, Rank, Compare, Dup and Free. */
class EnvironmentTest {
    static final List<Integer> RANKS = List.of(1, 2, 3, 5, 8);

    /** args: the expected world size, then arguments that Init must hand back. */
    public static class Basics {
        public static void main(String[] args) throws InterruptedException {
            assertFalse(MPI.Initialized(), "Initialized before Init");
            String[] mine = MPI.Init(args);
            assertArrayEquals(args, mine, "Init returns the program's arguments");
            assertTrue(MPI.Initialized(), "Initialized after Init");
            int np = Integer.parseInt(args[0]);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            assertEquals(np, size, "COMM_WORLD.Size");
            assertTrue(rank >= 0 && rank < size, "rank " + rank + " out of 0.." + (size - 1));
            int[] left = new int[1];
            Status s = MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 0,
                    left, 0, 1, MPI.INT, (rank - 1 + size) % size, 0);
            assertEquals((rank - 1 + size) % size, left[0], "rank " + rank + ": the left neighbour's Rank()");
            assertEquals(left[0], s.source, "rank " + rank + ": status.source");

            assertEquals(1, MPI.COMM_SELF.Size(), "rank " + rank + ": COMM_SELF.Size");
            assertEquals(0, MPI.COMM_SELF.Rank(), "rank " + rank + ": COMM_SELF.Rank");
            int[] self = new int[1];
            MPI.COMM_SELF.Sendrecv(new int[] {rank + 100}, 0, 1, MPI.INT, 0, 4, self, 0, 1, MPI.INT, 0, 4);
            assertEquals(rank + 100, self[0], "rank " + rank + ": a message to itself over COMM_SELF");
            assertEquals(MPI.IDENT, Comm.Compare(MPI.COMM_WORLD, MPI.COMM_WORLD), "rank " + rank + ": Compare(WORLD, WORLD)");
            assertEquals(size == 1 ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare(MPI.COMM_WORLD, MPI.COMM_SELF),
                    "rank " + rank + ": Compare(WORLD, SELF) with " + size + " ranks");

            double t0 = MPI.Wtime();
            Thread.sleep(20);
            double t1 = MPI.Wtime();
            assertTrue(t1 - t0 >= 0.019 && t1 - t0 < 10, "rank " + rank + ": Wtime advanced " + (t1 - t0) + " s over a 20 ms sleep");
            assertTrue(MPI.Wtick() > 0 && MPI.Wtick() <= 1e-3, "rank " + rank + ": Wtick " + MPI.Wtick());
            String host = MPI.Get_processor_name();
            assertTrue(host != null && !host.isEmpty(), "rank " + rank + ": Get_processor_name '" + host + "'");
            int level = MPI.Query_thread();
            assertTrue(level >= MPI.THREAD_SINGLE && level <= MPI.THREAD_MULTIPLE, "rank " + rank + ": Query_thread " + level);
            assertTrue(MPI.Is_thread_main(), "rank " + rank + ": Is_thread_main on the thread that called Init");
            AtomicReference<Boolean> other = new AtomicReference<>();
            Thread t = new Thread(() -> other.set(MPI.Is_thread_main()));
            t.start();
            t.join();
            assertEquals(Boolean.FALSE, other.get(), "rank " + rank + ": Is_thread_main on another thread");
            MPI.Finalize();
            assertTrue(MPI.Initialized(), "rank " + rank + ": Initialized after Finalize");
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void initReturnsTheArgumentsAndTheEnvironmentCallsWork(int np) {
        Jobs.runOk(np, Basics.class, Integer.toString(np), "--alpha", "x y", "");
    }

    /**
     * Init_thread provides THREAD_MULTIPLE, and means it: three threads of every rank exchange messages
     * with the next rank at once, each on its own tag, blocking and not: the main thread (whose blocking
     * calls' requests the rank keeps apart from other threads') and two others.
     */
    public static class ThreadMultiple {
        static final int MESSAGES = 300;

        public static void main(String[] args) throws InterruptedException {
            int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            assertEquals(MPI.THREAD_MULTIPLE, provided, "Init_thread's provided level");
            assertEquals(MPI.THREAD_MULTIPLE, MPI.Query_thread(), "Query_thread");
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[2];
            for (int k = 0; k < threads.length; k++) {
                int tag = k + 1;
                threads[k] = new Thread(() -> {
                    try {
                        exchange(rank, size, tag);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "rank " + rank + " worker " + k);
                threads[k].start();
            }
            exchange(rank, size, 0);
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("rank " + rank + ": a worker thread failed", failure.get());
            }
            MPI.Finalize();
        }

        private static void exchange(int rank, int size, int tag) {
            int right = (rank + 1) % size, left = (rank - 1 + size) % size;
            int[] in = new int[2];
            for (int i = 0; i < MESSAGES; i++) {
                int[] out = {i, tag};
                if (i % 2 == 0) {
                    MPI.COMM_WORLD.Sendrecv(out, 0, 2, MPI.INT, right, tag, in, 0, 2, MPI.INT, left, tag);
                } else {
                    mpi.Request r = MPI.COMM_WORLD.Irecv(in, 0, 2, MPI.INT, left, tag);
                    MPI.COMM_WORLD.Send(out, 0, 2, MPI.INT, right, tag);
                    r.Wait();
                }
                assertArrayEquals(new int[] {i, tag}, in, "rank " + rank + " thread of tag " + tag + ": message " + i);
            }
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void initThreadProvidesThreadMultiple(int np) {
        Jobs.runOk(np, ThreadMultiple.class);
    }

    /**
     * Dup makes a congruent communicator whose messages never match the parent's; Free makes it
     * unusable with MPI_ERR_COMM.
     */
    public static class DupAndFree {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            Intracomm dup = MPI.COMM_WORLD.Dup();
            assertNotSame(MPI.COMM_WORLD, dup, "rank " + rank + ": Dup returns a new communicator");
            assertEquals(size, dup.Size(), "rank " + rank + ": dup Size");
            assertEquals(rank, dup.Rank(), "rank " + rank + ": dup Rank");
            assertEquals(MPI.CONGRUENT, Comm.Compare(MPI.COMM_WORLD, dup), "rank " + rank + ": Compare(WORLD, dup)");
            assertEquals(MPI.IDENT, Comm.Compare(dup, dup), "rank " + rank + ": Compare(dup, dup)");
            int last = size - 1;
            if (rank == 0) {
                dup.Send(new int[] {1}, 0, 1, MPI.INT, last, 0);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, last, 0);
            }
            if (rank == last) {
                int[] b = new int[1];
                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                assertEquals(2, b[0], "rank " + rank + ": COMM_WORLD received the dup's message");
                dup.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(1, b[0], "rank " + rank + ": the dup's message");
            }
            Intracomm clone = (Intracomm) dup.clone();
            assertEquals(MPI.CONGRUENT, Comm.Compare(dup, clone), "rank " + rank + ": Compare(dup, clone)");
            dup.Free();
            Expect.error(MPI.ERR_COMM, "MPI_ERR_COMM", "rank " + rank + ": Send on a freed communicator",
                    () -> dup.Send(new int[1], 0, 1, MPI.INT, 0, 0), "freed");
            Expect.error(MPI.ERR_COMM, "MPI_ERR_COMM", "rank " + rank + ": Rank of a freed communicator",
                    dup::Rank, "freed");
            clone.Barrier();
            clone.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2, 3, 5, 8})
    @Timeout(30)
    void dupMakesASeparateContextAndFreeEndsIt(int np) {
        Jobs.runOk(np, DupAndFree.class);
    }
}
