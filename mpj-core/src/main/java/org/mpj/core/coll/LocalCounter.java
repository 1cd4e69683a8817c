package org.mpj.core.coll;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;
import org.mpj.core.device.Device;
import org.mpj.core.idle.BackoffIdle;

/** Longs before a counter's two words ({@link LocalCounter#PAD}); fields of a superclass come first. */
abstract class LocalCounterPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The counter's value and its count of parked waiters, which share a cache line. */
abstract class LocalCounterWords extends LocalCounterPadBefore {
    volatile long value;
    volatile long parkedCount;
}

/** Longs after the two words. */
abstract class LocalCounterPadAfter extends LocalCounterWords {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * A counter that only grows, which the ranks of one JVM wait on: {@link #awaitAtLeast} drives the
 * device's progress, spins, yields and parks with the rank's back-off like any wait, and an {@link #add} that some waiter may have
 * parked for unparks the parked ones. A waiter registers before it checks the value one last time and
 * an adder checks for waiters after it adds, both with full fences, so no wake-up is lost.
 */
public final class LocalCounter extends LocalCounterPadAfter {
    /**
     * Longs of padding on each side of the value and the parked count, which share one cache line:
     * the counters of a communicator's ranks are made one after another and would otherwise share
     * lines (or the pairs of lines that the prefetcher fetches together), so that one rank's add
     * took the line from ranks spinning on another counter. The per-rank pass counts of the node
     * steps are spaced as far apart. Shared Allreduce of 8 B on 2 thread ranks: 0.21-0.22 us against
     * 0.24-0.26 unpadded (medians, four alternating jobs each); 3 to 8 ranks on 2 cores within noise.
     */
    public static final int PAD = 16;
    /**
     * Fields and updaters rather than a padded long[] and an array VarHandle: compiled, the same
     * instructions; but a job's first collectives run interpreted, where a VarHandle's read goes through
     * the method-handle frames, ~0.36 us against a few ns for a volatile field (and a waiter reads the
     * value on every pass).
     */
    private static final AtomicLongFieldUpdater<LocalCounterWords> VALUE =
            AtomicLongFieldUpdater.newUpdater(LocalCounterWords.class, "value");
    private static final AtomicLongFieldUpdater<LocalCounterWords> PARKED =
            AtomicLongFieldUpdater.newUpdater(LocalCounterWords.class, "parkedCount");

    private final AtomicReferenceArray<Thread> parked;

    /** {@code slots}: one per thread that may wait (the members of a communicator, by rank). */
    public LocalCounter(int slots) {
        this.parked = new AtomicReferenceArray<>(slots);
    }

    public long get() {
        return value;
    }

    /** Adds {@code delta} (release), waking parked waiters; returns the new value. */
    public long add(long delta) {
        long v = VALUE.getAndAdd(this, delta) + delta;
        if (parkedCount > 0) {
            for (int i = 0; i < parked.length(); i++) {
                Thread t = parked.get(i);
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }
        return v;
    }

    /** Returns once the value is at least {@code target} (acquire); {@code slot} is the caller's. */
    public void awaitAtLeast(long target, int slot, RankContext rank) {
        if (get() >= target) {
            return;
        }
        Device device = rank.device;
        BackoffIdle idle = rank.idle;
        JobControl job = rank.job;
        long n = 0;
        boolean asleep = false;
        try {
            while (get() < target) {
                if (device.progress() > 0) {
                    n = 0;
                    asleep = rank.awake(asleep);
                    continue;
                }
                if (job.isAborted()) {
                    job.check();
                }
                if (idle.shouldPark(n)) {
                    asleep = rank.parking(asleep);
                    parked.set(slot, Thread.currentThread());
                    PARKED.getAndAdd(this, 1L);
                    if (get() < target) {
                        // Parked here, not in the device's idle wait: a device that sleeps in a socket
                        // poll would not see the unpark of an add, only its own timeout.
                        LockSupport.parkNanos(idle.parkNs(n));
                    }
                    PARKED.getAndAdd(this, -1L);
                    parked.set(slot, null);
                } else {
                    idle.idle(n);
                }
                n++;
            }
        } finally {
            rank.awake(asleep);
        }
    }
}
