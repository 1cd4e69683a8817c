package org.mpj.tests;

import java.lang.management.ManagementFactory;

/** Bytes the calling thread allocates, for tests that hold hot paths to the no-allocation rule. */
public final class ThreadAllocation {
    private ThreadAllocation() {
    }

    public static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Average bytes per call of {@code c} over {@code calls} calls, after as many to warm up. */
    public static long perCall(Runnable c, int calls) {
        for (int i = 0; i < calls; i++) {
            c.run();
        }
        long before = allocated();
        for (int i = 0; i < calls; i++) {
            c.run();
        }
        return (allocated() - before) / calls;
    }
}
