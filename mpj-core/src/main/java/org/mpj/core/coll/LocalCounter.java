package org.mpj.core.coll;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;
import org.mpj.core.device.Device;
import org.mpj.core.idle.BackoffIdle;

/**
 * A counter that only grows, which the ranks of one JVM wait on: {@link #awaitAtLeast} drives the
 * device's progress, spins, yields and parks with the rank's back-off like any wait, and an {@link #add} that some waiter may have
 * parked for unparks the parked ones. A waiter registers before it checks the value one last time and
 * an adder checks for waiters after it adds, both with full fences, so no wake-up is lost.
 */
public final class LocalCounter {
    private final AtomicLong value = new AtomicLong();
    private final AtomicInteger parkedCount = new AtomicInteger();
    private final AtomicReferenceArray<Thread> parked;

    /** {@code slots}: one per thread that may wait (the members of a communicator, by rank). */
    public LocalCounter(int slots) {
        this.parked = new AtomicReferenceArray<>(slots);
    }

    public long get() {
        return value.get();
    }

    /** Adds {@code delta} (release), waking parked waiters; returns the new value. */
    public long add(long delta) {
        long v = value.addAndGet(delta);
        if (parkedCount.get() > 0) {
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
        if (value.get() >= target) {
            return;
        }
        Device device = rank.device;
        BackoffIdle idle = rank.idle;
        JobControl job = rank.job;
        long n = 0;
        while (value.get() < target) {
            if (device.progress() > 0) {
                n = 0;
                continue;
            }
            if (job.isAborted()) {
                job.check();
            }
            if (idle.shouldPark(n)) {
                parked.set(slot, Thread.currentThread());
                parkedCount.incrementAndGet();
                if (value.get() < target) {
                    // Parked here, not in the device's idle wait: a device that sleeps in a socket
                    // poll would not see the unpark of an add, only its own timeout.
                    LockSupport.parkNanos(idle.parkNs(n));
                }
                parkedCount.decrementAndGet();
                parked.set(slot, null);
            } else {
                idle.idle(n);
            }
            n++;
        }
    }
}
