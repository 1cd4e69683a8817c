package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.mpj.core.Config;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;

/**
 * {@code mpjrun --shared-classes}: the thread ranks of a JVM run one copy of the program's classes
 * and of the {@code mpi} facade (so the JIT compiles each method once), while every rank still sees
 * its own COMM_WORLD, COMM_SELF, error handlers and Init state.
 */
public class SharedClassesTest {
    static final List<Integer> RANKS = List.of(1, 3, 8);
    static final Map<String, String> SHARED = Map.of(Config.SHARED_CLASSES, "true");

    /** Filled by the ranks of one job: shared statics are what this mode is about. */
    public static class OneCopy {
        static final AtomicInteger STARTED = new AtomicInteger();
        static final Map<Integer, Object> WORLDS = new ConcurrentHashMap<>();
        static final Map<Integer, ClassLoader> FACADE_LOADERS = new ConcurrentHashMap<>();

        /** A job in this JVM leaves its statics behind: tests reset them before the next. */
        public static void reset() {
            STARTED.set(0);
            WORLDS.clear();
            FACADE_LOADERS.clear();
        }

        public static void main(String[] args) {
            STARTED.incrementAndGet();
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            WORLDS.put(rank, MPI.COMM_WORLD);
            FACADE_LOADERS.put(rank, MPI.class.getClassLoader());
            MPI.COMM_WORLD.Barrier();
            assertEquals(size, STARTED.get(), "rank " + rank + ": every rank ran this class's main, one copy of it");
            assertEquals(size, WORLDS.size(), "rank " + rank + ": every rank registered");
            for (int r = 0; r < size; r++) {
                assertSame(MPI.COMM_WORLD, WORLDS.get(r), "rank " + rank + ": one COMM_WORLD object for rank " + r);
                assertSame(MPI.class.getClassLoader(), FACADE_LOADERS.get(r), "one mpi facade");
            }
            // One object, each rank's own communicator: a ring over it delivers each rank's number.
            int[] left = new int[1];
            MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 3, left, 0, 1, MPI.INT,
                    (rank - 1 + size) % size, 3);
            assertEquals((rank - 1 + size) % size, left[0], "rank " + rank + ": the left neighbour's number");
            assertEquals(0, MPI.COMM_SELF.Rank(), "rank " + rank + ": COMM_SELF.Rank");
            assertEquals(1, MPI.COMM_SELF.Size(), "rank " + rank + ": COMM_SELF.Size");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void ranksShareOneCopyOfTheProgramAndTheFacade(int np) {
        OneCopy.reset();
        Jobs.runOk(np, SHARED, OneCopy.class);
        assertEquals(np, OneCopy.STARTED.get(), "ranks that ran main");
    }

    /** Without the setting every rank loads its own copy: the counter each rank sees is its own. */
    public static class OwnCopies {
        static final AtomicInteger STARTED = new AtomicInteger();

        public static void main(String[] args) {
            STARTED.incrementAndGet();
            MPI.Init(args);
            MPI.COMM_WORLD.Barrier();
            assertEquals(1, STARTED.get(), "rank " + MPI.COMM_WORLD.Rank() + ": its own copy of the class");
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(30)
    void withoutTheSettingEveryRankHasItsOwnStatics() {
        Jobs.runOk(3, OwnCopies.class);
    }

    /**
     * Each rank's error handler on COMM_WORLD and COMM_SELF is its own, and a Dup inherits the
     * handler of the rank that made it.
     */
    public static class OwnErrhandlers {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0) {
                MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            }
            if (rank == 1) {
                MPI.COMM_SELF.Errhandler_set(MPI.ERRORS_RETURN);
            }
            MPI.COMM_WORLD.Barrier();
            assertSame(rank == 0 ? MPI.ERRORS_RETURN : MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.Errhandler_get(),
                    "rank " + rank + ": COMM_WORLD's handler");
            assertSame(rank == 1 ? MPI.ERRORS_RETURN : MPI.ERRORS_ARE_FATAL, MPI.COMM_SELF.Errhandler_get(),
                    "rank " + rank + ": COMM_SELF's handler");
            Intracomm dup = MPI.COMM_WORLD.Dup();
            assertSame(rank == 0 ? MPI.ERRORS_RETURN : MPI.ERRORS_ARE_FATAL, dup.Errhandler_get(),
                    "rank " + rank + ": a Dup of COMM_WORLD inherits this rank's handler");
            dup.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void errorHandlersStayPerRank(int np) {
        Jobs.runOk(np, SHARED, OwnErrhandlers.class);
    }

    /**
     * Init is per rank: a rank that has not called Init yet is refused COMM_WORLD although another
     * rank's Init (the first rank of the JVM to start) has run on the same facade, and Initialized
     * says false for it.
     */
    public static class InitPerRank {
        static final AtomicBoolean FIRST = new AtomicBoolean();
        static volatile CountDownLatch FIRST_INITIALIZED = new CountDownLatch(1);

        /** A job in this JVM leaves its statics behind: the test resets them before the next. */
        static void reset() {
            FIRST.set(false);
            FIRST_INITIALIZED = new CountDownLatch(1);
        }

        public static void main(String[] args) throws InterruptedException {
            String rankName = Thread.currentThread().getName();
            if (FIRST.compareAndSet(false, true)) {
                MPI.Init(args);
                FIRST_INITIALIZED.countDown();
            } else {
                assertTrue(FIRST_INITIALIZED.await(20, TimeUnit.SECONDS), rankName + ": the first rank of this JVM initialized");
                assertFalse(MPI.Initialized(), rankName + ": Initialized before its own Init");
                MPIException e = assertThrows(MPIException.class, MPI.COMM_WORLD::Rank,
                        rankName + ": COMM_WORLD before its own Init");
                assertTrue(e.getMessage().contains("MPI.COMM_WORLD.Rank called before MPI.Init"), e.getMessage());
                MPI.Init(args);
            }
            assertTrue(MPI.Initialized(), rankName + ": Initialized after Init");
            assertEquals(rankName, "mpj-rank-" + MPI.COMM_WORLD.Rank(), "the rank COMM_WORLD answers for");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void initIsPerRank(int np) {
        InitPerRank.reset();
        Jobs.runOk(np, SHARED, InitPerRank.class);
    }

    /**
     * A thread whose context class loader names no rank, as the JDK gives the threads of the pools the
     * whole JVM shares (the common ForkJoinPool's workers have the system class loader): its MPI call
     * is refused with a message that says so, not "before MPI.Init"; the rank's own threads still work.
     */
    public static class ThreadOfNoRank {
        public static void main(String[] args) throws Exception {
            MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            int rank = MPI.COMM_WORLD.Rank();
            MPIException[] refused = new MPIException[1];
            Thread stranger = new Thread(() -> {
                try {
                    MPI.COMM_WORLD.Rank();
                } catch (MPIException e) {
                    refused[0] = e;
                }
            }, "no-rank");
            stranger.setContextClassLoader(ClassLoader.getSystemClassLoader());
            stranger.start();
            stranger.join();
            assertTrue(refused[0] != null, "rank " + rank + ": the call from a thread of no rank was refused");
            assertTrue(refused[0].getMessage().contains("MPI.COMM_WORLD.Rank called from thread 'no-rank'")
                    && refused[0].getMessage().contains("belongs to no rank"), refused[0].getMessage());
            int[] fromOwnThread = new int[1];
            Thread own = new Thread(() -> fromOwnThread[0] = MPI.COMM_WORLD.Rank());
            own.start();
            own.join();
            assertEquals(rank, fromOwnThread[0], "a thread the rank started answers for the rank");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void threadsOfNoRankAreToldSo(int np) {
        Jobs.runOk(np, SHARED, ThreadOfNoRank.class);
    }

    /** A class of the program travels as MPI.OBJECT: the receiving rank resolves it through the job's loader. */
    public record Point(int x, String label) implements Serializable {
    }

    public static class Objects {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            Object[] out = {new Point(rank, "from " + rank)}, in = new Object[1];
            MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.OBJECT, (rank + 1) % size, 0, in, 0, 1, MPI.OBJECT,
                    (rank - 1 + size) % size, 0);
            int left = (rank - 1 + size) % size;
            assertEquals(new Point(left, "from " + left), in[0], "rank " + rank + ": the object received");
            assertNotSame(out[0], in[0], "rank " + rank + ": a copy (MPI.OBJECT is serialized)");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(30)
    void objectsOfTheProgramsClassesTravel(int np) {
        Jobs.runOk(np, SHARED, Objects.class);
    }

    /** The environment calls, threads a rank starts (THREAD_MULTIPLE), Dup and Free, as without the setting. */
    @ParameterizedTest(name = "np={0}")
    @FieldSource("RANKS")
    @Timeout(60)
    void theEnvironmentCasesPassWithSharedClasses(int np) {
        Jobs.runOk(np, SHARED, EnvironmentTest.Basics.class, Integer.toString(np), "--alpha", "x y", "");
        Jobs.runOk(np, SHARED, EnvironmentTest.ThreadMultiple.class);
        Jobs.runOk(np, SHARED, EnvironmentTest.DupAndFree.class);
    }

    /** Thread ranks of JVMs that talk over tcp (hybrid): each JVM shares the program between its own ranks. */
    @Test
    @Timeout(120)
    void hybridJvmsShareTheProgramBetweenTheirRanks() {
        for (Class<?> main : List.of(OwnErrhandlers.class, InitPerRank.class, Objects.class)) {
            JobResult r = Jobs.run(Jobs.Launch.hybrid(2), 5, SHARED, main);
            assertTrue(r.succeeded(), main.getSimpleName() + " on hybrid, 5 ranks, 2 per JVM: " + r.message());
        }
    }
}
