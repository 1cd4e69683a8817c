package org.mpj.core.request;

import org.mpj.core.JobControl;
import org.mpj.core.RankContext;
import org.mpj.core.device.Device;
import org.mpj.core.idle.BackoffIdle;

/**
 * Every wait of a rank: drives the device's progress, idles with the rank's back-off when nothing
 * happened, and throws if the job was aborted meanwhile. Nothing here waits forever: a park (or a
 * device's {@link Device#idleWait}) is bounded by the back-off's cap, and an abort unparks rank
 * threads at once.
 */
public final class Waiting {
    private Waiting() {
    }

    /** Returns once {@code r} is complete. */
    public static void await(EngineRequest r, RankContext rank) {
        if (r.isComplete()) {
            return;
        }
        Device device = rank.device;
        BackoffIdle idle = rank.idle;
        JobControl job = rank.job;
        long n = 0;
        boolean parked = false;
        try {
            while (!r.isComplete()) {
                if (device.progress() > 0) {
                    n = 0;
                    parked = rank.awake(parked);
                    continue;
                }
                if (job.isAborted()) {
                    job.check();
                }
                if (idle.shouldPark(n)) {
                    parked = rank.parking(parked);
                    r.wakeVia = device;
                    r.waiter = Thread.currentThread();
                    int events = r.isComplete() ? 0 : device.idleWait(idle.parkNs(n));
                    r.waiter = null;
                    if (events > 0) {
                        n = 0;
                        parked = rank.awake(parked);
                        continue;
                    }
                } else {
                    idle.idle(n);
                }
                n++;
            }
        } finally {
            rank.awake(parked);
        }
    }

    /**
     * Returns the index of a complete request of {@code reqs} (null entries are skipped), waiting for
     * one if none is; -1 when every entry is null.
     */
    public static int awaitAny(EngineRequest[] reqs, RankContext rank) {
        Device device = rank.device;
        BackoffIdle idle = rank.idle;
        JobControl job = rank.job;
        long n = 0;
        boolean parked = false;
        try {
            while (true) {
                boolean any = false;
                for (int i = 0; i < reqs.length; i++) {
                    EngineRequest r = reqs[i];
                    if (r != null) {
                        if (r.isComplete()) {
                            return i;
                        }
                        any = true;
                    }
                }
                if (!any) {
                    return -1;
                }
                if (device.progress() > 0) {
                    n = 0;
                    parked = rank.awake(parked);
                    continue;
                }
                if (job.isAborted()) {
                    job.check();
                }
                if (idle.shouldPark(n)) {
                    parked = rank.parking(parked);
                    Thread me = Thread.currentThread();
                    boolean pending = true;
                    for (EngineRequest r : reqs) {
                        if (r != null) {
                            r.wakeVia = device;
                            r.waiter = me;
                            pending &= !r.isComplete();
                        }
                    }
                    int events = pending ? device.idleWait(idle.parkNs(n)) : 0;
                    for (EngineRequest r : reqs) {
                        if (r != null) {
                            r.waiter = null;
                        }
                    }
                    if (events > 0) {
                        n = 0;
                        parked = rank.awake(parked);
                        continue;
                    }
                } else {
                    idle.idle(n);
                }
                n++;
            }
        } finally {
            rank.awake(parked);
        }
    }
}
