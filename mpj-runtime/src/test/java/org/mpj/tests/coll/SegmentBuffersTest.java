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
 * requests on the communicator: once warm, a call allocates neither buffers nor a request per
 * segment. Measured with the JVM's per-thread allocation counter (ranks are threads), on every tree
 * shape with inner ranks. About 140 bytes per Reduce+Bcast remain (measured on JDK 17), outside the
 * engine's walks.
 */
class SegmentBuffersTest {
    @ParameterizedTest(name = "reduce={0}")
    @ValueSource(strings = {"pipeline", "segBinomial", "binary", "kchain"})
    @Timeout(60)
    void warmReduceAllocatesNoBuffers(String algorithm) {
        Jobs.runOk(5, Map.of("mpj.coll.reduce", algorithm, "mpj.coll.bcast", algorithm), Job.class);
    }

    /**
     * The kept requests restarted call after call on the tcp device too (whose sends wait for their
     * receiver past the eager limit), against the matrix's reference.
     */
    @ParameterizedTest(name = "tcp reduce/bcast={0}")
    @ValueSource(strings = {"pipeline", "segBinomial"})
    @Timeout(60)
    void keptRequestsWorkOverTcp(String algorithm) {
        Jobs.runOk(4, Map.of("mpj.device", "tcp", "mpj.coll.reduce", algorithm, "mpj.coll.bcast", algorithm,
                "mpj.coll.segmentBytes", "4096"), CollMatrixTest.Matrix.class, "quick", "Bcast,Reduce");
    }

    /** Reduce and Bcast of 128 KiB (16 segments of 8 KiB), rotating roots; fails on a rank that allocates. */
    public static class Job {
        static final int COUNT = 16384, WARM_CALLS = 20, WINDOWS = 4, CALLS_PER_WINDOW = 25;
        /**
         * 1 KiB: a per-call buffer (the 128 KiB accumulator, an 8 KiB segment) or a request per segment
         * (16 segments, about 100 bytes each, per walk) passes it in every window; the quietest window
         * counts, so that a rare allocation outside the collectives (class loading, a deoptimisation)
         * does not.
         */
        static final long LIMIT_BYTES_PER_CALL = 1024;

        public static void main(String[] args) {
            MPI.Init(args);
            int p = MPI.COMM_WORLD.Size();
            double[] in = new double[COUNT], out = new double[COUNT];
            java.util.Arrays.fill(in, MPI.COMM_WORLD.Rank());
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long quietest = Long.MAX_VALUE, before = 0;
            for (int i = 0; i < WARM_CALLS + WINDOWS * CALLS_PER_WINDOW; i++) {
                if (i >= WARM_CALLS && (i - WARM_CALLS) % CALLS_PER_WINDOW == 0) {
                    before = mx.getCurrentThreadAllocatedBytes();
                }
                int root = i % p;
                MPI.COMM_WORLD.Reduce(in, 0, out, 0, COUNT, MPI.DOUBLE, MPI.SUM, root);
                if (MPI.COMM_WORLD.Rank() == root && out[COUNT - 1] != p * (p - 1) / 2.0) {
                    throw new AssertionError("Reduce call " + i + " gave " + out[COUNT - 1]);
                }
                MPI.COMM_WORLD.Bcast(out, 0, COUNT, MPI.DOUBLE, root);
                if (i >= WARM_CALLS && (i - WARM_CALLS) % CALLS_PER_WINDOW == CALLS_PER_WINDOW - 1) {
                    quietest = Math.min(quietest, (mx.getCurrentThreadAllocatedBytes() - before) / CALLS_PER_WINDOW);
                }
            }
            if (quietest > LIMIT_BYTES_PER_CALL) {
                throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " allocated " + quietest
                        + " bytes per Reduce+Bcast of " + COUNT + " doubles (limit " + LIMIT_BYTES_PER_CALL + ")");
            }
            MPI.Finalize();
        }
    }
}
