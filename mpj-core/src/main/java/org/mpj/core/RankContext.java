package org.mpj.core;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import org.mpj.core.coll.CollectivesProvider;
import org.mpj.core.device.Device;
import org.mpj.core.idle.BackoffIdle;
import org.mpj.core.match.MatchingEngine;

/**
 * Everything of one rank: its place in the world, its matching engine, the device that reaches the
 * other ranks, its settings, and its state from Init to Finalize. The {@code mpi} facade of the rank
 * holds one of these.
 */
public final class RankContext {
    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINALIZED = 2;

    public final int worldRank;
    public final int worldSize;
    public final JobControl job;
    public final Device device;
    public final MatchingEngine engine;
    public final Config config;
    public final BackoffIdle idle;

    private final CollectivesProvider collectivesProvider;
    private final ContextIds contextIds = new ContextIds();
    private final BufferedMode buffered = new BufferedMode(this);
    private volatile int state = NEW;
    private volatile ClassLoader loader;
    private volatile Thread mainThread;
    /** The blocking calls' requests of {@link #mainThread} ({@link ThreadRequests#of}). */
    final ThreadRequests mainRequests = new ThreadRequests();
    private Communicator world;
    private Communicator self;
    private int threadLevel;
    /**
     * What the {@code mpi} facade keeps per rank where one facade serves every thread rank
     * ({@link Config#SHARED_CLASSES}): the error handlers of COMM_WORLD (slot 0) and COMM_SELF (1).
     */
    private final AtomicReferenceArray<Object> facadeSlots = new AtomicReferenceArray<>(2);
    /** Makes the {@code mpi} facade of an engine communicator (given by the facade at Init). */
    private volatile Function<Communicator, Object> facades;
    /**
     * Since when (System.nanoTime) a wait of this rank has been parking without seeing progress, or 0:
     * set as a wait first parks ({@link #parking}), cleared as it sees progress or returns
     * ({@link #awake}). A job's deadlock watch reads it: ranks that all park on for seconds wait for
     * each other. Written only as a wait starts and stops parking, never on its fast path.
     */
    private volatile long parkedSince;

    public RankContext(int worldRank, int worldSize, JobControl job, Device device, MatchingEngine engine,
                       Config config, BackoffIdle idle, CollectivesProvider collectives) {
        this.worldRank = worldRank;
        this.worldSize = worldSize;
        this.job = job;
        this.device = device;
        this.engine = engine;
        this.config = config;
        this.idle = idle;
        this.collectivesProvider = collectives;
    }

    /**
     * MPI.Init: binds this rank to the class loader of its {@code mpi} facade and makes COMM_WORLD
     * and COMM_SELF; {@code facades} makes the facade object of an engine communicator (see
     * {@link #facade}).
     */
    public synchronized void init(ClassLoader facadeLoader, int requestedThreadLevel,
                                  Function<Communicator, Object> facades) {
        if (state == ACTIVE) {
            throw new MpjException(ErrorClass.ERR_OTHER, "MPI.Init called twice on rank " + worldRank);
        }
        if (state == FINALIZED) {
            throw new MpjException(ErrorClass.ERR_OTHER, "MPI.Init called after MPI.Finalize on rank " + worldRank
                    + " (MPI cannot be initialized again)");
        }
        job.check();
        loader = facadeLoader;
        mainThread = Thread.currentThread();
        engine.bind(facadeLoader, mainThread);
        threadLevel = requestedThreadLevel;
        this.facades = facades;
        int[] all = new int[worldSize];
        for (int i = 0; i < worldSize; i++) {
            all[i] = i;
        }
        world = new Communicator(this, all, worldRank, ContextIds.WORLD, "MPI.COMM_WORLD");
        self = new Communicator(this, new int[] {worldRank}, 0, ContextIds.SELF, "MPI.COMM_SELF");
        state = ACTIVE;
        WarmUp.run(world, config.getInt(Config.WARM_UP_ROUND_TRIPS, WarmUp.DEFAULT_ROUND_TRIPS, 0, Integer.MAX_VALUE));
    }

    /**
     * MPI.Finalize: waits for every rank (so no message is left in flight) and buffered sends, then
     * closes the device.
     */
    public void finish() {
        checkActive("MPI.Finalize");
        world.collectives().barrier();
        buffered.detach();
        state = FINALIZED;
        device.close();
    }

    public boolean isInitialized() {
        return state != NEW;
    }

    public boolean isFinalized() {
        return state == FINALIZED;
    }

    /** Throws MPI_ERR_OTHER unless between Init and Finalize. */
    public void checkActive(String call) {
        int s = state;
        if (s != ACTIVE) {
            throw new MpjException(ErrorClass.ERR_OTHER, call + (s == NEW ? " called before MPI.Init"
                    : " called after MPI.Finalize") + " on rank " + worldRank);
        }
    }

    /** A wait of this rank is about to park; {@code parked}: it already has since its last progress. Returns true. */
    public boolean parking(boolean parked) {
        if (!parked) {
            long now = System.nanoTime();
            parkedSince = now == 0 ? 1 : now;
        }
        return true;
    }

    /** A wait that has parked if {@code parked} saw progress or returns. Returns false. */
    public boolean awake(boolean parked) {
        if (parked) {
            parkedSince = 0;
        }
        return false;
    }

    /** Since when (System.nanoTime) a wait of this rank has parked without progress; 0 if none has. */
    public long parkedSince() {
        return parkedSince;
    }

    public Communicator world() {
        return world;
    }

    public Communicator self() {
        return self;
    }

    /**
     * The {@code mpi} facade object of an engine communicator that was made below the facade (an
     * {@code mpi.Intracomm} for an intracommunicator, with COMM_WORLD's error handler), for tools that run
     * as a rank and make communicators through the engine, such as a benchmark that compares collective
     * algorithms, each on a Dup the collectives library made. Typed {@code Object}: nothing under
     * {@code org.mpj} names a facade class.
     */
    public Object facade(Communicator c) {
        Function<Communicator, Object> f = facades;
        if (f == null) {
            throw new MpjException(ErrorClass.ERR_OTHER, "the facade of " + c.name() + " asked for before MPI.Init"
                    + " on rank " + worldRank);
        }
        return f.apply(c);
    }

    public Object facadeSlot(int slot) {
        return facadeSlots.get(slot);
    }

    public void facadeSlot(int slot, Object value) {
        facadeSlots.set(slot, value);
    }

    public ClassLoader loader() {
        return loader;
    }

    public Thread mainThread() {
        return mainThread;
    }

    public int threadLevel() {
        return threadLevel;
    }

    public CollectivesProvider collectivesProvider() {
        return collectivesProvider;
    }

    ContextIds contextIds() {
        return contextIds;
    }

    BufferedMode buffered() {
        return buffered;
    }

    public void bufferAttach(Object buffer, long bytes) {
        checkActive("MPI.Buffer_attach");
        buffered.attach(buffer, bytes);
    }

    public Object bufferDetach() {
        checkActive("MPI.Buffer_detach");
        return buffered.detach();
    }

    /** MPI.BSEND_OVERHEAD. */
    public static int bsendOverheadBytes() {
        return BufferedMode.OVERHEAD_BYTES;
    }

    /** Comm.Abort: ends the whole job, naming this rank; the calling thread then throws. */
    public JobAbortedException abort(int errorCode) {
        job.abort(worldRank, "rank " + worldRank + " called MPI.Abort(" + errorCode + ")", null, errorCode);
        return new JobAbortedException("rank " + worldRank + " called MPI.Abort(" + errorCode + ")", null);
    }

    public static String processorName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
