package org.mpj.bench.suite;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Before an interleaved run times anything: passes over all its sizes, each candidate called a few
 * times at each, until passes in a row in which the JIT compilers worked for less than {@link #QUIET}
 * of the time have lasted {@link #QUIET_NS}, or for at most a given number of seconds. A point's own warm-up (a tenth of its repetitions)
 * does not get there: the compilers of a fresh JVM keep a core busy for seconds, the ranks then share
 * the other, and on 2 thread ranks every candidate of a small Alltoall took 8-17 us where compiled
 * code takes 0.3-0.7; at 1 MiB the shared one, whose code for long vectors had run a few dozen times,
 * took 113-122 us against nbFT's 97-99, and 55-60 against 83-89 after 2000 warm-up calls a point. A
 * table should rank the algorithms' compiled code, which is what a program runs.
 */
public final class Settle {
    public static final int DEFAULT_MAX_SECONDS = 30;
    /** A pass is quiet when compilation took less than this share of its wall time. */
    static final double QUIET = 0.01;
    /**
     * How long the passes in a row that were quiet must have lasted to end the settling: compilations
     * come in bursts, and one C2 compilation may take tens of milliseconds before it counts at all.
     */
    static final long QUIET_NS = 300_000_000L;
    /** Calls per candidate and size in a pass: fewer for long messages, whose code paths are few. */
    private static final int CALLS = 20, LONG_CALLS = 3;
    private static final int LONG_BYTES = 64 << 10;

    private Settle() {
    }

    /**
     * Calls every candidate ({@code comms}) at every size until the compilers are quiet on every rank
     * (all ranks decide together) or {@code maxSeconds} passed; returns the passes made. Nothing is
     * made where the JVM cannot tell its compilation time.
     */
    public static int run(Intracomm world, Intracomm[] comms, String test, List<Integer> sizes, int maxSeconds)
            throws MPIException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (maxSeconds == 0 || jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return 0;
        }
        long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
        int[] busy = {1};
        int passes = 0;
        long quietNs = 0;
        // The calls are made once: a pass allocates nothing (8 ranks, 1 MiB Alltoall: 16 MiB a rank).
        // One set of arrays per size, shared by the candidates: nothing here is timed.
        CollectiveOps.Call[][] calls = new CollectiveOps.Call[sizes.size()][comms.length];
        for (int i = 0; i < calls.length; i++) {
            CollectiveOps.Buffers b = new CollectiveOps.Buffers(test, sizes.get(i), world.Size());
            for (int c = 0; c < comms.length; c++) {
                calls[i][c] = CollectiveOps.make(test, b, comms[c]);
            }
        }
        while (busy[0] != 0) {
            long compiledMs = jit.getTotalCompilationTime(), t0 = System.nanoTime();
            for (int i = 0; i < calls.length; i++) {
                for (CollectiveOps.Call call : calls[i]) {
                    for (int k = 0, n = sizes.get(i) <= LONG_BYTES ? CALLS : LONG_CALLS; k < n; k++) {
                        world.Barrier();
                        call.run();
                    }
                }
            }
            RankTimes.minMaxSum(world, passes);   // the rows' own reductions (RankTimes.minMaxSum says why)
            passes++;
            long now = System.nanoTime();
            quietNs = jit.getTotalCompilationTime() - compiledMs > QUIET * (now - t0) / 1e6 ? 0 : quietNs + now - t0;
            busy[0] = quietNs < QUIET_NS && now < deadline ? 1 : 0;
            world.Allreduce(busy, 0, busy, 0, 1, MPI.INT, MPI.MAX);
        }
        return passes;
    }
}
