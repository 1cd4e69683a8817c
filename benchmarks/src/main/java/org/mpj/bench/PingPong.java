package org.mpj.bench;

import mpi.MPI;
import mpi.MPIException;

/**
 * Ping-pong between ranks 0 and 1: half the round trip (latency) for 0 B .. 1 KiB and bandwidth for
 * sizes up to a maximum (default 16 MiB), one table row per size. Other ranks wait at the barrier.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp benchmarks/target/classes org.mpj.bench.PingPong [maxBytes] [type]
 * </pre>
 * type is {@code byte} (default) or {@code double}; sizes are in bytes either way.
 */
public class PingPong {
    static int repsFor(int bytes) {
        return bytes <= 8192 ? 20_000 : bytes <= (1 << 20) ? 1_000 : 60;
    }

    /** Untimed round trips before the first size: enough for C2 to compile the path. */
    static final int WARM_UP_ROUND_TRIPS = 200_000;
    /** Untimed round trips cycling through 16 KiB .. min(maxBytes, 1 MiB) after those. */
    static final int WARM_UP_LARGE_ROUND_TRIPS = 5_000;

    static void roundTrip(int rank, Object a, Object b, int count, mpi.Datatype type) throws MPIException {
        if (rank == 0) {
            MPI.COMM_WORLD.Send(a, 0, count, type, 1, 1);
            MPI.COMM_WORLD.Recv(b, 0, count, type, 1, 1);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Recv(b, 0, count, type, 0, 1);
            MPI.COMM_WORLD.Send(a, 0, count, type, 0, 1);
        }
    }

    /** Warm-up, a barrier, then {@code reps} timed round trips; returns half the average round trip in us. */
    static double halfRoundTripUs(int rank, Object a, Object b, int count, mpi.Datatype type, int reps)
            throws MPIException {
        int warm = reps / 10 + 1;
        long t0 = 0;
        for (int i = -warm; i < reps; i++) {
            if (i == 0) {
                MPI.COMM_WORLD.Barrier();
                t0 = System.nanoTime();
            }
            roundTrip(rank, a, b, count, type);
        }
        return (System.nanoTime() - t0) / 1e3 / reps / 2;
    }

    /**
     * Lets the JIT compile the whole path (facade, engine, device) before any size is timed: sizes cycle
     * through 0 B .. 4 KiB so that no branch is first taken inside a timed loop, then through the large
     * sizes, which take other paths (tcp's rendezvous above 64 KiB): warmed with small messages only,
     * tcp's 128-512 KiB rows took 108-190 us while that path compiled, 24 us one way at 128 KiB once it had.
     */
    static void warmUp(int rank, Object a, Object b, int maxBytes, boolean doubles) throws MPIException {
        mpi.Datatype type = doubles ? MPI.DOUBLE : MPI.BYTE;
        int unit = doubles ? 8 : 1;
        int warmMaxCount = Math.min(4096, maxBytes) / unit;
        for (int i = 0, count = 0; i < WARM_UP_ROUND_TRIPS; i++, count = count >= warmMaxCount ? 0 : Math.min(warmMaxCount, 2 * count + 1)) {
            roundTrip(rank, a, b, count, type);
        }
        int largest = Math.min(maxBytes, 1 << 20);
        for (int i = 0, bytes = 16384; i < WARM_UP_LARGE_ROUND_TRIPS && bytes <= largest; i++, bytes = bytes >= largest ? 16384 : 2 * bytes) {
            roundTrip(rank, a, b, bytes / unit, type);
        }
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int maxBytes = app.length > 0 ? Integer.parseInt(app[0]) : 16 << 20;
        boolean doubles = app.length > 1 && app[1].equals("double");
        int rank = MPI.COMM_WORLD.Rank();
        if (MPI.COMM_WORLD.Size() < 2) {
            throw new MPIException("PingPong needs at least 2 ranks");
        }
        Object a = doubles ? new double[maxBytes / 8 + 1] : new byte[maxBytes + 1];
        Object b = doubles ? new double[maxBytes / 8 + 1] : new byte[maxBytes + 1];
        if (rank == 0) {
            System.out.printf("# MPJ ping-pong (%s), half round trip%n# %10s %10s %12s%n",
                    doubles ? "MPI.DOUBLE" : "MPI.BYTE", "bytes", "usec", "MB/s");
        }
        warmUp(rank, a, b, maxBytes, doubles);
        for (int bytes = 0; bytes <= maxBytes; bytes = bytes == 0 ? 1 : bytes * 2) {
            if (doubles && bytes % 8 != 0) {
                continue;
            }
            int count = doubles ? bytes / 8 : bytes;
            mpi.Datatype type = doubles ? MPI.DOUBLE : MPI.BYTE;
            double us = halfRoundTripUs(rank, a, b, count, type, repsFor(bytes));
            if (rank == 0) {
                System.out.printf("  %10d %10.3f %12.1f%n", bytes, us, bytes / us);
            }
        }
        MPI.Finalize();
    }
}
