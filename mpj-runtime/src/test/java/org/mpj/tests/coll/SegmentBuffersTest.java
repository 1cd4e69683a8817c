package org.mpj.tests.coll;

import java.lang.management.ManagementFactory;
import java.util.Map;
import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;

/**
 * The segmented tree engine keeps its reduction buffers (accumulator and segment buffers) and its
 * request arrays on the communicator: once warm, a call allocates no buffer. Measured with the JVM's
 * per-thread allocation counter (ranks are threads), on every tree shape with inner ranks.
 */
class SegmentBuffersTest {
    @ParameterizedTest(name = "reduce={0}")
    @ValueSource(strings = {"pipeline", "segBinomial", "binary", "kchain"})
    @Timeout(60)
    void warmReduceAllocatesNoBuffers(String algorithm) {
        Jobs.runOk(5, Map.of("mpj.coll.reduce", algorithm, "mpj.coll.bcast", algorithm), Job.class);
    }

    /** Reduce and Bcast of 128 KiB (16 segments of 8 KiB), rotating roots; fails on a rank that allocates. */
    public static class Job {
        static final int COUNT = 16384, WARM_CALLS = 20, CALLS = 50;
        /** What the vector's own size would be: a per-call accumulator or vector copy would pass it. */
        static final long LIMIT_BYTES_PER_CALL = COUNT * 8L / 8;

        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            double[] in = new double[COUNT], out = new double[COUNT];
            java.util.Arrays.fill(in, MPI.COMM_WORLD.Rank());
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = 0;
            for (int i = 0; i < WARM_CALLS + CALLS; i++) {
                if (i == WARM_CALLS) {
                    before = mx.getCurrentThreadAllocatedBytes();
                }
                int root = i % p;
                MPI.COMM_WORLD.Reduce(in, 0, out, 0, COUNT, MPI.DOUBLE, MPI.SUM, root);
                if (MPI.COMM_WORLD.Rank() == root && out[COUNT - 1] != p * (p - 1) / 2.0) {
                    throw new AssertionError("Reduce call " + i + " gave " + out[COUNT - 1]);
                }
                MPI.COMM_WORLD.Bcast(out, 0, COUNT, MPI.DOUBLE, root);
            }
            long perCall = (mx.getCurrentThreadAllocatedBytes() - before) / CALLS;
            if (perCall > LIMIT_BYTES_PER_CALL) {
                throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " allocated " + perCall
                        + " bytes per Reduce+Bcast of " + COUNT + " doubles (limit " + LIMIT_BYTES_PER_CALL + ")");
            }
            MPI.Finalize();
        }
    }
}
