package org.mpj.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/** Settling before an interleaved run: all ranks make the same passes, within the time asked. */
class SettleTest {
    /** Each rank settles a Bcast on two communicators at three sizes for at most 2 s, then 0 s. */
    public static class Settling {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            Intracomm[] comms = {(Intracomm) world.Dup(), (Intracomm) world.Dup()};
            long t0 = System.nanoTime();
            int passes = Settle.run(world, comms, "bcast", List.of(8, 4096, 65536), 2);
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (passes < 1 || seconds > 6) {
                throw new IllegalStateException(passes + " passes in " + seconds + " s; asked for at most 2 s");
            }
            // Every rank made as many passes: their collectives matched one for one.
            int[] most = {passes}, least = {passes};
            world.Allreduce(most, 0, most, 0, 1, MPI.INT, MPI.MAX);
            world.Allreduce(least, 0, least, 0, 1, MPI.INT, MPI.MIN);
            if (most[0] != least[0]) {
                throw new IllegalStateException("ranks made " + least[0] + " to " + most[0] + " passes");
            }
            if (Settle.run(world, comms, "bcast", List.of(8), 0) != 0) {
                throw new IllegalStateException("--settle 0 still settled");
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void everyRankMakesTheSamePassesWithinTheTimeAsked() throws Exception {
        for (int np : new int[] {3, 5}) {
            // The ranks load Settle from the benchmarks' classes, as they load the test's own: the same mpi classes.
            java.net.URL[] where = {Settling.class.getProtectionDomain().getCodeSource().getLocation(),
                Settle.class.getProtectionDomain().getCodeSource().getLocation()};
            JobResult r = new ThreadJob(np, where, Settling.class.getName(), new String[0], java.util.Map.of(),
                    List.of("org.junit.", "org.opentest4j."), 60_000).run();
            assertTrue(r.succeeded(), np + " ranks: " + r.message());
        }
    }

    @Test
    void theSuiteTakesTheLongestSettlingAsked() {
        assertEquals(Settle.DEFAULT_MAX_SECONDS, SuiteOptions.parse().settleSeconds);
        assertEquals(0, SuiteOptions.parse("--settle", "0").settleSeconds);
    }
}
