package org.mpj.bench;

import mpi.MPI;
import mpi.MPIException;
import org.mpj.bench.suite.CollectiveOps;
import org.mpj.bench.suite.RankTimes;

/**
 * Times one collective at a few sizes with whatever algorithm the settings choose, so that
 * algorithms can be compared by forcing them: the average time per call over the ranks and the
 * slowest rank's.
 *
 * <pre>
 * bin/mpjrun -np 4 -Dmpj.coll.bcast=pipeline -Dmpj.coll.segmentBytes=16384 -cp benchmarks/target/classes \
 *     org.mpj.bench.CollTime bcast 65536 1048576
 * </pre>
 * Sizes are bytes: of the whole vector for bcast, reduce, allreduce, reduce_scatter and scan (doubles
 * for all but bcast; reduce_scatter gives each rank an equal share, the first ranks one item more), of
 * one rank's block for gather, scatter, allgather and alltoall. Barrier takes no size. The root is 0.
 * Each size first runs as many untimed calls as it times, so that JIT compilation settles.
 *
 * <p>{@code CollTime PRIMITIVE --sweep MAX} runs the calls as ../shared/bench/MpiJavaBench does the
 * ones it covers: sizes 1, 2, 4 .. MAX bytes (at least one double), 2000, 200 or 20 timed calls after a
 * tenth as many untimed ones, from the program's start. It shows what a program's first calls of each
 * size meet (compilations, recompilations).
 */
public class CollTime {
    static int repsFor(long bytes) {
        return bytes <= 8192 ? 2000 : bytes <= (256 << 10) ? 300 : 40;
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        String primitive = app[0];
        int p = MPI.COMM_WORLD.Size(), rank = MPI.COMM_WORLD.Rank();
        if (rank == 0) {
            System.out.printf("# %s on %d ranks, average per call over ranks and the slowest rank's%n# %10s %12s %12s%n",
                    primitive, p, "bytes", "usec", "max_usec");
        }
        if (app.length > 2 && app[1].equals("--sweep")) {
            int max = Integer.parseInt(app[2]);
            for (int n = 1; n <= max; n *= 2) {
                int reps = n <= 8192 ? 2000 : n <= (1 << 20) ? 200 : 20;
                time(primitive, n, CollectiveOps.reduces(primitive) ? Math.max(n, 8) : n, p, reps / 10 + 1, reps);
            }
        } else {
            String[] sizes = app.length > 1 ? java.util.Arrays.copyOfRange(app, 1, app.length) : new String[] {"0"};
            // The rows' own reductions once before any size: made first after a size's timed calls, they
            // could throw away code compiled for those calls' operator alone (RankTimes.minMaxSum says more).
            RankTimes.minMaxSum(MPI.COMM_WORLD, 0);
            for (String s : sizes) {
                int bytes = Integer.parseInt(s);
                int reps = repsFor((long) bytes * (blocks(primitive) ? p : 1));
                time(primitive, bytes, bytes, p, reps, reps);
            }
        }
        MPI.Finalize();
    }

    /** Times {@code reps} calls of {@code bytes} after {@code warm} untimed ones; prints the row as {@code label}. */
    static void time(String primitive, int label, int bytes, int p, int warm, int reps) {
        Runnable call = call(primitive, bytes, p);
        for (int i = 0; i < warm; i++) {
            call.run();
        }
        MPI.COMM_WORLD.Barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            call.run();
        }
        double[] row = RankTimes.minMaxSum(MPI.COMM_WORLD, (System.nanoTime() - t0) / 1e3 / reps);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.printf("  %10d %12.2f %12.2f%n", label, row[2] / p, row[1]);
        }
    }

    /** Whether the size is one rank's block of a p-block call. */
    static boolean blocks(String primitive) {
        return primitive.equals("allgather") || primitive.equals("alltoall") || primitive.equals("gather")
                || primitive.equals("scatter");
    }

    static Runnable call(String primitive, int bytes, int p) {
        switch (primitive) {
            case "barrier":
                return () -> MPI.COMM_WORLD.Barrier();
            case "bcast": {
                byte[] b = new byte[bytes];
                return () -> MPI.COMM_WORLD.Bcast(b, 0, bytes, MPI.BYTE, 0);
            }
            case "reduce": {
                double[] in = new double[bytes / 8], out = new double[bytes / 8];
                return () -> MPI.COMM_WORLD.Reduce(in, 0, out, 0, in.length, MPI.DOUBLE, MPI.SUM, 0);
            }
            case "allreduce": {
                double[] in = new double[bytes / 8], out = new double[bytes / 8];
                return () -> MPI.COMM_WORLD.Allreduce(in, 0, out, 0, in.length, MPI.DOUBLE, MPI.SUM);
            }
            case "allgather": {
                byte[] in = new byte[bytes], out = new byte[bytes * p];
                return () -> MPI.COMM_WORLD.Allgather(in, 0, bytes, MPI.BYTE, out, 0, bytes, MPI.BYTE);
            }
            case "alltoall": {
                byte[] in = new byte[bytes * p], out = new byte[bytes * p];
                return () -> MPI.COMM_WORLD.Alltoall(in, 0, bytes, MPI.BYTE, out, 0, bytes, MPI.BYTE);
            }
            case "gather": {
                byte[] in = new byte[bytes], out = new byte[bytes * p];
                return () -> MPI.COMM_WORLD.Gather(in, 0, bytes, MPI.BYTE, out, 0, bytes, MPI.BYTE, 0);
            }
            case "scatter": {
                byte[] in = new byte[bytes * p], out = new byte[bytes];
                return () -> MPI.COMM_WORLD.Scatter(in, 0, bytes, MPI.BYTE, out, 0, bytes, MPI.BYTE, 0);
            }
            case "reduce_scatter": {
                int n = bytes / 8;
                int[] counts = new int[p];
                for (int r = 0; r < p; r++) {
                    counts[r] = n / p + (r < n % p ? 1 : 0);
                }
                double[] in = new double[n], out = new double[counts[0]];
                return () -> MPI.COMM_WORLD.Reduce_scatter(in, 0, out, 0, counts, MPI.DOUBLE, MPI.SUM);
            }
            case "scan": {
                double[] in = new double[bytes / 8], out = new double[bytes / 8];
                return () -> MPI.COMM_WORLD.Scan(in, 0, out, 0, in.length, MPI.DOUBLE, MPI.SUM);
            }
            default:
                throw new MPIException("unknown primitive " + primitive + "; valid: barrier, bcast, reduce, allreduce,"
                        + " allgather, alltoall, gather, scatter, reduce_scatter, scan");
        }
    }
}
