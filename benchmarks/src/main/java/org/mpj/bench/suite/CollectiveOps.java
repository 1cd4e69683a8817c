package org.mpj.bench.suite;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * One call of each collective at a message size, buffers made once per point. The size means what the
 * selector's table means by it, so a suite row and a table line speak of the same thing: the whole
 * vector for bcast, reduce, allreduce and scan; the block per rank for gather, scatter, allgather and
 * alltoall and their v-forms (equal counts); the sum of the receive counts for reduce_scatter; 0 for barrier.
 * Data movers send bytes; reductions sum doubles (sizes are rounded down to whole doubles), root 0.
 */
public final class CollectiveOps {
    /** One call of the operation under test. */
    @FunctionalInterface
    public interface Call {
        void run() throws MPIException;
    }

    private CollectiveOps() {
    }

    /** True when the collective reduces doubles, so only multiples of 8 bytes are measured. */
    public static boolean reduces(String key) {
        return key.equals("reduce") || key.equals("allreduce") || key.equals("reduce_scatter") || key.equals("scan");
    }

    /** The call for {@code key} at {@code bytes} on {@code comm}. */
    public static Call make(String key, int bytes, Intracomm comm) throws MPIException {
        int p = comm.Size();
        int n = reduces(key) ? bytes / 8 : bytes;
        int[] counts = new int[p], displs = new int[p];
        for (int i = 0; i < p; i++) {
            counts[i] = n;
            displs[i] = i * n;
        }
        byte[] one = new byte[n], all = new byte[n * p];
        double[] x = new double[n], y = new double[n];
        switch (key) {
            case "barrier":
                return comm::Barrier;
            case "bcast":
                return () -> comm.Bcast(one, 0, n, MPI.BYTE, 0);
            case "gather":
                return () -> comm.Gather(one, 0, n, MPI.BYTE, all, 0, n, MPI.BYTE, 0);
            case "gatherv":
                return () -> comm.Gatherv(one, 0, n, MPI.BYTE, all, 0, counts, displs, MPI.BYTE, 0);
            case "scatter":
                return () -> comm.Scatter(all, 0, n, MPI.BYTE, one, 0, n, MPI.BYTE, 0);
            case "scatterv":
                return () -> comm.Scatterv(all, 0, counts, displs, MPI.BYTE, one, 0, n, MPI.BYTE, 0);
            case "allgather":
                return () -> comm.Allgather(one, 0, n, MPI.BYTE, all, 0, n, MPI.BYTE);
            case "allgatherv":
                return () -> comm.Allgatherv(one, 0, n, MPI.BYTE, all, 0, counts, displs, MPI.BYTE);
            case "alltoall": {
                byte[] in = new byte[n * p];
                return () -> comm.Alltoall(all, 0, n, MPI.BYTE, in, 0, n, MPI.BYTE);
            }
            case "alltoallv": {
                byte[] in = new byte[n * p];
                return () -> comm.Alltoallv(all, 0, counts, displs, MPI.BYTE, in, 0, counts, displs, MPI.BYTE);
            }
            case "reduce":
                return () -> comm.Reduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM, 0);
            case "allreduce":
                return () -> comm.Allreduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM);
            case "scan":
                return () -> comm.Scan(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM);
            case "reduce_scatter": {
                int[] rc = new int[p];
                for (int i = 0; i < p; i++) {
                    rc[i] = n / p + (i < n % p ? 1 : 0);
                }
                return () -> comm.Reduce_scatter(x, 0, y, 0, rc, MPI.DOUBLE, MPI.SUM);
            }
            default:
                throw new IllegalArgumentException("no collective named '" + key + "'; known: " + SuiteOptions.COLLECTIVES);
        }
    }

    /** The ring shift: every rank sends to its right neighbour and receives from its left one, all at once. */
    public static Call ring(int bytes, Intracomm comm) throws MPIException {
        int p = comm.Size(), r = comm.Rank();
        byte[] out = new byte[bytes], in = new byte[bytes];
        return () -> comm.Sendrecv(out, 0, bytes, MPI.BYTE, (r + 1) % p, 7, in, 0, bytes, MPI.BYTE, (r - 1 + p) % p, 7);
    }

    /** All-to-all pairs: p − 1 rounds, in round k every rank exchanges with rank ± k, all at once. */
    public static Call pairs(int bytes, Intracomm comm) throws MPIException {
        int p = comm.Size(), r = comm.Rank();
        byte[] out = new byte[bytes], in = new byte[bytes];
        return () -> {
            for (int k = 1; k < p; k++) {
                comm.Sendrecv(out, 0, bytes, MPI.BYTE, (r + k) % p, 8, in, 0, bytes, MPI.BYTE, (r - k + p) % p, 8);
            }
        };
    }
}
