package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import mpi.MPI;
import mpi.Request;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.mpj.runtime.Jobs;

/** Ping-pong between rank 0 and every other rank, and a ring, over tcp, eager and rendezvous sizes. */
class TcpRingTest {
    static final Map<String, String> TCP = Map.of("mpj.device", "tcp");
    /** Doubles: 0, 1, around the 256 KiB eager limit (32768 doubles), 1 MiB, and 8 MiB (ring only). */
    static final int[] SIZES = {0, 1, 32767, 32768, 32769, 128 * 1024};
    static final int BIG = 1024 * 1024;

    public static class PingPongRing {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int np = MPI.COMM_WORLD.Size();
            for (int n : SIZES) {
                for (int peer = 1; peer < np; peer++) {
                    double[] a = new double[n];
                    if (rank == 0) {
                        for (int i = 0; i < n; i++) {
                            a[i] = peer * 1e6 + i;
                        }
                        MPI.COMM_WORLD.Send(a, 0, n, MPI.DOUBLE, peer, 1);
                        MPI.COMM_WORLD.Recv(a, 0, n, MPI.DOUBLE, peer, 2);
                        for (int i = 0; i < n; i++) {
                            assertEquals(peer * 1e6 + i + 1, a[i], "ping-pong with rank " + peer + ", " + n + " doubles, index " + i);
                        }
                    } else if (rank == peer) {
                        MPI.COMM_WORLD.Recv(a, 0, n, MPI.DOUBLE, 0, 1);
                        for (int i = 0; i < n; i++) {
                            a[i] += 1;
                        }
                        MPI.COMM_WORLD.Send(a, 0, n, MPI.DOUBLE, 0, 2);
                    }
                }
            }
            for (int n : new int[] {0, 1, 2048, 2049, BIG}) {
                int right = (rank + 1) % np, left = (rank + np - 1) % np;
                long[] out = new long[n], in = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = rank * 1_000_000_000L + i;
                }
                Request r = MPI.COMM_WORLD.Irecv(in, 0, n, MPI.LONG, left, 3);
                MPI.COMM_WORLD.Send(out, 0, n, MPI.LONG, right, 3);
                r.Wait();
                for (int i = 0; i < n; i++) {
                    assertEquals(left * 1_000_000_000L + i, in[i], "ring of " + n + " longs, index " + i);
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3, 5, 8})
    @Timeout(60)
    void pingPongAndRing(int np) {
        Jobs.runOk(np, TCP, PingPongRing.class);
    }
}
