package org.mpj.bench;

import mpi.MPI;
import mpi.MPIException;

/**
 * Times one collective at a few sizes with whatever algorithm the settings choose, so that
 * algorithms can be compared by forcing them: the average time per call of the slowest rank.
 *
 * <pre>
 * bin/mpjrun -np 4 -Dmpj.coll.bcast=pipeline -Dmpj.coll.segmentBytes=16384 -cp benchmarks/target/classes \
 *     org.mpj.bench.CollTime bcast 65536 1048576
 * </pre>
 * Sizes are bytes: of the whole vector for bcast, reduce and allreduce (doubles for the last two),
 * of one rank's block for allgather and alltoall. Barrier takes no size.
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
            System.out.printf("# %s on %d ranks, slowest rank's average per call%n# %10s %12s%n", primitive, p, "bytes",
                    "usec");
        }
        String[] sizes = app.length > 1 ? java.util.Arrays.copyOfRange(app, 1, app.length) : new String[] {"0"};
        for (String s : sizes) {
            int bytes = Integer.parseInt(s);
            int reps = repsFor((long) bytes * (primitive.startsWith("all") && !primitive.equals("allreduce") ? p : 1));
            Runnable call = call(primitive, bytes, p);
            for (int i = 0; i < reps; i++) { // as many untimed calls first: JIT compilation settles
                call.run();
            }
            MPI.COMM_WORLD.Barrier();
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                call.run();
            }
            double[] us = {(System.nanoTime() - t0) / 1e3 / reps}, max = new double[1];
            MPI.COMM_WORLD.Allreduce(us, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX);
            if (rank == 0) {
                System.out.printf("  %10d %12.2f%n", bytes, max[0]);
            }
        }
        MPI.Finalize();
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
            default:
                throw new MPIException("unknown primitive " + primitive
                        + "; valid: barrier, bcast, reduce, allreduce, allgather, alltoall");
        }
    }
}
