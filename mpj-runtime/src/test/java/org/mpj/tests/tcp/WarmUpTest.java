package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpj.core.Config;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;

/**
 * Init's warm-up exchange between the first ranks of the JVMs (org.mpj.core.WarmUp): with an odd
 * number of JVMs (the last pairs with the first), and with messages that ranks done with Init send at
 * once, received from ANY_SOURCE with ANY_TAG by ranks that may still be in their exchange.
 */
class WarmUpTest {
    /** 200 round trips cycle nine times through 0 B .. 1 MiB, so the rendezvous path is in every job. */
    static final String TRIPS = "200";

    public static class EarlyMessages {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
            Request[] sends = new Request[p - 1];
            for (int r = 0, k = 0; r < p; r++) {
                if (r != me) {
                    sends[k++] = MPI.COMM_WORLD.Isend(new int[] {me * 1000 + r}, 0, 1, MPI.INT, r, 7);
                }
            }
            for (int i = 0; i < p - 1; i++) {
                int[] in = new int[1];
                Status s = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(7, s.tag, "tag of the message from rank " + s.source);
                assertEquals(s.source * 1000 + me, in[0], "payload from rank " + s.source);
            }
            Request.Waitall(sends);
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(p * (p - 1) / 2, sum[0], "Allreduce after the warm-up");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} x{1}/JVM, np={2}")
    @CsvSource({"tcp, 1, 2", "tcp, 1, 3", "hybrid, 2, 5"})
    @Timeout(120)
    void messagesSentAtOnceAfterInitMeetOnlyTheirReceives(String device, int perJvm, int np) {
        Jobs.Launch launch = device.equals("tcp") ? Jobs.Launch.TCP : Jobs.Launch.hybrid(perJvm);
        JobResult r = Jobs.run(launch, np, Map.of(Config.WARM_UP_ROUND_TRIPS, TRIPS), EarlyMessages.class);
        assertTrue(r.succeeded(), launch + " np=" + np + ": " + r.message());
    }

    @Test
    @Timeout(60)
    void aNegativeCountStopsInitNamingTheSetting() {
        JobResult r = Jobs.run(Jobs.Launch.TCP, 2, Map.of(Config.WARM_UP_ROUND_TRIPS, "-1"), EarlyMessages.class);
        assertFalse(r.succeeded());
        assertTrue(r.message().contains(Config.WARM_UP_ROUND_TRIPS), r.message());
    }
}
