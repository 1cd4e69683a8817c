package org.mpj.core;

import org.mpj.core.coll.CollectivesProvider;
import org.mpj.core.device.Device;
import org.mpj.core.device.DeviceProvider;
import org.mpj.core.device.WireUp;
import org.mpj.core.idle.BackoffIdle;
import org.mpj.core.match.MatchingEngine;

/**
 * Finds the rank that a {@code mpi} facade belongs to. Under mpjrun each thread rank's facade is
 * loaded by a {@link RankBinding} class loader; a program started with plain {@code java} is a
 * singleton world of one rank, as MPI's singleton init.
 */
public final class Bootstrap {
    private static RankContext singleton;

    private Bootstrap() {
    }

    public static RankContext contextFor(ClassLoader facadeLoader) {
        if (facadeLoader instanceof RankBinding binding) {
            return binding.rankContext();
        }
        if (Thread.currentThread().getContextClassLoader() instanceof RankBinding binding) {
            if (binding.sharesClasses()) {
                return binding.rankContext();
            }
            throw new MpjException(ErrorClass.ERR_INTERN, "mpi.MPI of a thread rank was loaded by " + facadeLoader
                    + ", not by the rank's own class loader: is the program's class in a package that MPJ shares"
                    + " between ranks (org.mpj.core, .device, .coll, .runtime)?");
        }
        return singleton();
    }

    /**
     * The calling thread's rank when one {@code mpi} facade serves every thread rank of the JVM
     * ({@link Config#SHARED_CLASSES}), else null: the facade then keeps its rank in its own statics.
     * Threads that a rank starts inherit its context class loader, and so its rank.
     */
    public static RankContext sharedRank() {
        return Thread.currentThread().getContextClassLoader() instanceof RankBinding b && b.sharesClasses()
                ? b.rankContext() : null;
    }

    private static synchronized RankContext singleton() {
        if (singleton == null) {
            RankContext[] ranks = threadJob(1, Config.fromEnvironment(), new JobControl(1));
            singleton = ranks[0];
        }
        return singleton;
    }

    /** The ranks of a job whose {@code np} ranks are threads of this JVM. */
    public static RankContext[] threadJob(int np, Config config, JobControl job) {
        MatchingEngine[] engines = engines(0, np, config);
        Device[] devices = DeviceProvider.named(config.get(Config.DEVICE, "shm")).threads(engines, config, job);
        BackoffIdle idle = BackoffIdle.from(config, np, false);
        CollectivesProvider collectives = CollectivesProvider.load(config);
        RankContext[] ranks = new RankContext[np];
        for (int r = 0; r < np; r++) {
            ranks[r] = new RankContext(r, np, job, devices[r], engines[r], config, idle, collectives);
        }
        return ranks;
    }

    /**
     * The ranks that this JVM runs of a job spread over several JVMs: world ranks {@code firstRank ..
     * firstRank + count - 1} of {@code worldSize}, as threads; {@code wireUp} reaches the other JVMs.
     * The launcher sets {@link Config#RANKS_ON_HOST} so that ranks of several JVMs on one host that
     * outnumber its cores do not spin.
     */
    public static RankContext[] processJob(int firstRank, int count, int worldSize, Config config, JobControl job,
                                           WireUp wireUp) {
        MatchingEngine[] engines = engines(firstRank, count, config);
        Device[] devices = DeviceProvider.named(config.get(Config.DEVICE, "tcp"))
                .processes(engines, firstRank, worldSize, wireUp, config, job);
        BackoffIdle idle = BackoffIdle.from(config, config.ranksOnHost(count), true);
        CollectivesProvider collectives = CollectivesProvider.load(config);
        RankContext[] ranks = new RankContext[count];
        for (int i = 0; i < count; i++) {
            ranks[i] = new RankContext(firstRank + i, worldSize, job, devices[i], engines[i], config, idle, collectives);
        }
        return ranks;
    }

    /** The matching engines of ranks firstRank .. firstRank+count-1, with the job's eager settings. */
    private static MatchingEngine[] engines(int firstRank, int count, Config config) {
        int eager = config.getInt(Config.EAGER_LIMIT_BYTES, Config.DEFAULT_EAGER_LIMIT_BYTES, 0, 1 << 30);
        long backlog = config.getLong(Config.EAGER_BACKLOG_BYTES, Config.DEFAULT_EAGER_BACKLOG_BYTES, 0, Long.MAX_VALUE);
        MatchingEngine[] engines = new MatchingEngine[count];
        for (int i = 0; i < count; i++) {
            engines[i] = new MatchingEngine("rank " + (firstRank + i), eager, backlog);
        }
        return engines;
    }
}
