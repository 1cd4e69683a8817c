package org.mpj.bench;

import java.util.Locale;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.mpj.bench.suite.Sizes;
import org.mpj.bench.suite.SuiteOptions;

/**
 * The strided test of Getov et al.: a ping-pong between ranks 0 and 1 of every 16th double of an array,
 * sent four ways, for each payload size:
 * <ol>
 *   <li>{@code contig}: the same number of bytes from a contiguous array (the reference);</li>
 *   <li>{@code vector}: a {@code Datatype.Vector(n, 1, 16, DOUBLE)} on both sides;</li>
 *   <li>{@code pack2}: a hand-written loop packs into a contiguous array before the send and unpacks after the receive;</li>
 *   <li>{@code pack1}: the sender packs by hand, the receiver keeps the contiguous array (no unpack).</li>
 * </ol>
 * Prints half the round trip of each (the best of {@value #BATCHES} interleaved batches) and the three
 * ratios to {@code contig}.
 *
 * <pre>bin/mpjrun -np 2 -cp benchmarks/target/classes org.mpj.bench.GetovStrided [sizes] [reps]</pre>
 * sizes is a {@link Sizes} list of payload bytes (default 8-1M); reps the round trips per size and way
 * (default by size, as PingPong).
 */
public class GetovStrided {
    static final int STRIDE = 16;
    /** Timed batches of each way per size; the table shows the best. */
    static final int BATCHES = 5;

    /** One way of moving n strided doubles from src (at rank 0) into dst (at rank 1) and back. */
    private interface Way {
        void send(int peer) throws MPIException;

        void recv(int peer) throws MPIException;
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (MPI.COMM_WORLD.Size() < 2) {
            throw new IllegalArgumentException("GetovStrided needs at least 2 ranks");
        }
        int[] sizes = Sizes.parse(app.length > 0 ? app[0] : "8-1M");
        int fixedReps = app.length > 1 ? SuiteOptions.parse("--reps", app[1]).reps : 0;
        if (rank == 0) {
            System.out.printf("# MPJ strided ping-pong (Getov et al.): every %dth double, half round trip [us]%n", STRIDE);
            System.out.printf("# %10s %10s %10s %10s %10s %12s %12s %12s%n", "bytes", "contig", "vector", "pack2", "pack1",
                    "vector/ctg", "pack2/ctg", "pack1/ctg");
        }
        for (int bytes : sizes) {
            int n = bytes / 8;
            if (n == 0) {
                continue;
            }
            if (rank == 0) {
                System.err.println("[getov] " + bytes + " B");
            }
            double[] strided = new double[n * STRIDE], packed = new double[n], contig = new double[n];
            Datatype vector = Datatype.Vector(n, 1, STRIDE, MPI.DOUBLE);
            vector.Commit();
            int reps = Math.max(1, (fixedReps > 0 ? fixedReps : PingPong.repsFor(bytes)) / BATCHES);
            Way[] ways = {contiguous(contig, n), new Way() {
                public void send(int peer) throws MPIException {
                    MPI.COMM_WORLD.Send(strided, 0, 1, vector, peer, 3);
                }

                public void recv(int peer) throws MPIException {
                    MPI.COMM_WORLD.Recv(strided, 0, 1, vector, peer, 3);
                }
            }, packedWay(strided, packed, n, true), packedWay(strided, packed, n, false)};
            // Batches of the four ways interleaved, the best batch of each kept: on a shared machine a
            // burst of load then hits every way alike, and the minimum is the steady figure.
            double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
            for (int k = 0; k < BATCHES; k++) {
                for (int w = 0; w < ways.length; w++) {
                    best[w] = Math.min(best[w], time(rank, reps, ways[w]));
                }
            }
            double c = best[0], v = best[1], p2 = best[2], p1 = best[3];
            if (rank == 0) {
                System.out.printf(Locale.ROOT, "  %10d %10.2f %10.2f %10.2f %10.2f %12.2f %12.2f %12.2f%n", bytes, c, v, p2, p1,
                        v / c, p2 / c, p1 / c);
            }
        }
        MPI.Finalize();
    }

    private static Way contiguous(double[] buf, int n) {
        return new Way() {
            public void send(int peer) throws MPIException {
                MPI.COMM_WORLD.Send(buf, 0, n, MPI.DOUBLE, peer, 3);
            }

            public void recv(int peer) throws MPIException {
                MPI.COMM_WORLD.Recv(buf, 0, n, MPI.DOUBLE, peer, 3);
            }
        };
    }

    /** Packs by hand before sending; unpacks after receiving when {@code unpack}, else leaves the data packed. */
    private static Way packedWay(double[] strided, double[] packed, int n, boolean unpack) {
        return new Way() {
            public void send(int peer) throws MPIException {
                for (int i = 0; i < n; i++) {
                    packed[i] = strided[i * STRIDE];
                }
                MPI.COMM_WORLD.Send(packed, 0, n, MPI.DOUBLE, peer, 3);
            }

            public void recv(int peer) throws MPIException {
                MPI.COMM_WORLD.Recv(packed, 0, n, MPI.DOUBLE, peer, 3);
                if (unpack) {
                    for (int i = 0; i < n; i++) {
                        strided[i * STRIDE] = packed[i];
                    }
                }
            }
        };
    }

    /** Warm-up, a barrier, then reps round trips; half the average round trip in us (ranks past 1 only meet the barrier). */
    private static double time(int rank, int reps, Way way) throws MPIException {
        long t0 = 0;
        for (int i = -(reps / 10 + 1); i < reps; i++) {
            if (i == 0) {
                MPI.COMM_WORLD.Barrier();
                t0 = System.nanoTime();
            }
            if (rank == 0) {
                way.send(1);
                way.recv(1);
            } else if (rank == 1) {
                way.recv(0);
                way.send(0);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / reps / 2;
    }
}
