package org.mpj.core.idle;

import org.mpj.core.Config;

/**
 * How a rank waits: spin (a hand-off between spinning threads costs well under a microsecond), then
 * yield, then park with exponential back-off to a cap. A completion unparks a parked waiter at once,
 * so the cap only bounds how late a waiter notices an abort. When ranks outnumber cores, spinning
 * only keeps the awaited rank off its core, so a waiter yields at once (4 ranks on 2 cores: an
 * 8-byte Allreduce took 15-16 us after 50 spins, 7-9 us yielding at once).
 *
 * <p>The caller counts its consecutive empty passes and asks what to do for the n-th, and tells its
 * rank when it parks and when it sees progress again (the job's deadlock watch reads that):
 * <pre>{@code
 * long n = 0;
 * boolean parked = false;
 * try {
 *     while (!done()) {
 *         if (progress() > 0) { n = 0; parked = rank.awake(parked); continue; }
 *         if (idle.shouldPark(n)) {
 *             parked = rank.parking(parked);
 *             registerWaiter();
 *             if (!done()) LockSupport.parkNanos(idle.parkNs(n));
 *         } else idle.idle(n);
 *         n++;
 *     }
 * } finally { rank.awake(parked); }
 * }</pre>
 */
public final class BackoffIdle {
    /**
     * Spinning must outlast a parked partner's wake-up (tens of microseconds), or two ranks that
     * once parked keep parking: with 200 spins a ping-pong settled at 6-8 us per hop instead of
     * 0.4-0.7. Spinning much longer keeps the JVM's compiler and collector threads off the cores:
     * NPB CG class S, 2 ranks on 2 cores, took 0.22-0.30 s with 20000 spins and 0.15 s with 2000.
     */
    public static final int DEFAULT_MAX_SPINS = 2000;
    /**
     * The same for ranks whose partners are in other JVMs (tcp, hybrid). A pass polls a socket (a
     * system call), and a partner that parked in its poll wakes after up to a millisecond on these
     * VMs: with 2000 passes a tcp ping-pong fell into runs of about 800 us round trips (p99.9 of 20 000
     * round trips 809-864 us, mean 11.4-13.2 us at 4 KiB), with 20 000 none (p99.9 80-122 us, mean
     * 10.0-10.6 us); NPB IS, CG, MG class A on 2 ranks over tcp ran as fast or faster.
     */
    public static final int DEFAULT_MAX_SPINS_NETWORK = 20_000;
    public static final int DEFAULT_MAX_SPINS_OVERSUBSCRIBED = 0;
    /**
     * Yields before parking, whoever the partners are. Ranks in JVMs that outnumber the host's cores (4
     * tcp JVMs on 2 cores) used to yield 10 000 times first: a yielding rank finds a frame on its
     * next pass where a parked one is woken by the kernel, and the Suite's medians of calls separated by
     * Barriers were lower so. But a yielding rank stays runnable, and the cores it holds are the ones the
     * ranks with work and the JVMs' compilations need: MpiJavaBench's back-to-back calls on 4 tcp JVMs,
     * three alternating rounds, Allreduce 128 KiB-1 MiB took 1.0-1.4, 0.9-1.6, 1.1-1.5 and 1.9-2.4 ms
     * with 100 yields against 2.5-2.8, 1.8-2.0, 2.5-2.7 and 2.7-3.2 with 10 000, Bcast of 1 MiB 1.2-1.3
     * against 2.3-2.4 ms; sizes to 4 KiB on 4 and 8 JVMs, the Suite's medians and NPB IS, CG, MG class A
     * on 4 JVMs as before (benchmarks/results/2026-11-27/tcp-oversubscribed-yields.txt).
     */
    public static final int DEFAULT_MAX_YIELDS = 100;
    public static final long DEFAULT_MIN_PARK_NS = 10_000;
    public static final long DEFAULT_MAX_PARK_NS = 1_000_000;

    public final int maxSpins;
    public final int maxYields;
    public final long minParkNs;
    public final long maxParkNs;
    /**
     * Whether the ranks sharing this host's cores outnumber them: the collectives' table may then pick
     * other algorithms ({@code oversubscribed:} rules), as waiting here does.
     */
    public final boolean oversubscribed;
    /** The job's ranks on this host, all JVMs together (as the launcher told, else this JVM's). */
    public final int ranksOnHost;
    private final long parkAfter;

    public BackoffIdle(int maxSpins, int maxYields, long minParkNs, long maxParkNs) {
        this(maxSpins, maxYields, minParkNs, maxParkNs, false, 1);
    }

    public BackoffIdle(int maxSpins, int maxYields, long minParkNs, long maxParkNs, boolean oversubscribed,
                       int ranksOnHost) {
        this.oversubscribed = oversubscribed;
        this.ranksOnHost = ranksOnHost;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNs = minParkNs;
        this.maxParkNs = Math.max(minParkNs, maxParkNs);
        this.parkAfter = (long) maxSpins + maxYields;
    }

    /**
     * The idle settings for ranks of which {@code ranksOnHost} share this host's cores; {@code network}:
     * their partners are in other JVMs (tcp, hybrid), and a pass polls a socket.
     */
    public static BackoffIdle from(Config config, int ranksOnHost, boolean network) {
        boolean oversubscribed = ranksOnHost > config.coresOnHost();
        int spins = oversubscribed
                ? config.getInt(Config.IDLE_MAX_SPINS_OVERSUBSCRIBED, DEFAULT_MAX_SPINS_OVERSUBSCRIBED, 0, Integer.MAX_VALUE)
                : config.getInt(Config.IDLE_MAX_SPINS, network ? DEFAULT_MAX_SPINS_NETWORK : DEFAULT_MAX_SPINS, 0,
                        Integer.MAX_VALUE);
        return new BackoffIdle(spins,
                config.getInt(Config.IDLE_MAX_YIELDS, DEFAULT_MAX_YIELDS, 0, Integer.MAX_VALUE),
                config.getLong(Config.IDLE_MIN_PARK_NS, DEFAULT_MIN_PARK_NS, 1, 1_000_000_000L),
                config.getLong(Config.IDLE_MAX_PARK_NS, DEFAULT_MAX_PARK_NS, 1, 1_000_000_000L), oversubscribed,
                ranksOnHost);
    }

    /**
     * Whether every rank of a job of {@code worldSize} is on this host and they outnumber its cores:
     * the same answer on every rank of the job (one host, one count from the launcher), where
     * {@link #oversubscribed} is this host's alone.
     */
    public boolean jobOversubscribed(int worldSize) {
        return oversubscribed && ranksOnHost >= worldSize;
    }

    /** True once the n-th empty pass is past spinning and yielding. */
    public boolean shouldPark(long n) {
        return n >= parkAfter;
    }

    /**
     * Spinning passes between two yields. A spinning rank whose partner the scheduler placed on the
     * same core (a thread woken from a park lands on its waker's core) keeps it from running until
     * the spin budget is spent: a shm ping-pong of 64 KiB and more took ~100 us instead of 2.5-8 in
     * 10% of round trips (with 20000 spins, ~1 ms). A yield every 100 passes (~2.5 us of spinning;
     * a yield that finds no other thread costs ~0.4 us) lets that partner run: mean round trip of a
     * 2-rank shm ping-pong, 3 runs each, 64 KiB 23-34 us before, 11.0-11.6 after (every 300 passes:
     * 11.9-15.5), 256 KiB 25-46 before, 15-18 after; 8 B and tcp (4 KiB, 1 MiB) unchanged, as NPB IS,
     * CG, MG, FT class A on 2 ranks.
     */
    static final int SPINS_PER_YIELD = 100;

    /** Spins or yields for the n-th empty pass (n below the park threshold). */
    public void idle(long n) {
        if (n < maxSpins && (n + 1) % SPINS_PER_YIELD != 0) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** Park time for the n-th empty pass: minParkNs doubling per park up to maxParkNs. */
    public long parkNs(long n) {
        long shift = Math.min(n - parkAfter, 30);
        long ns = minParkNs << shift;
        return ns <= 0 || ns > maxParkNs ? maxParkNs : ns;
    }
}
