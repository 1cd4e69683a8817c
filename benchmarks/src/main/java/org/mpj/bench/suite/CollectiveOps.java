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

    /**
     * The arrays of one point. An interleaved run gives each candidate its own ({@link Interleaved}):
     * K candidates of a 1 MiB Alltoall on 8 ranks hold K times 16 MiB per rank.
     */
    public static final class Buffers {
        final int n;
        final int[] counts, displs, rc;
        final byte[] one, all, in;
        final double[] x, y;

        public Buffers(String key, int bytes, int p) {
            n = reduces(key) ? bytes / 8 : bytes;
            counts = new int[p];
            displs = new int[p];
            for (int i = 0; i < p; i++) {
                counts[i] = n;
                displs[i] = i * n;
            }
            rc = new int[p];
            for (int i = 0; i < p; i++) {
                rc[i] = n / p + (i < n % p ? 1 : 0);
            }
            one = new byte[n];
            all = new byte[n * p];
            in = key.startsWith("alltoall") ? new byte[n * p] : null;
            x = new double[n];
            y = new double[n];
        }
    }

    /** The call for {@code key} at {@code bytes} on {@code comm}, with arrays of its own. */
    public static Call make(String key, int bytes, Intracomm comm) throws MPIException {
        return make(key, new Buffers(key, bytes, comm.Size()), comm);
    }

    /** The call for {@code key} on {@code comm} with the arrays {@code b} (made for the same key and size). */
    public static Call make(String key, Buffers b, Intracomm comm) throws MPIException {
        int n = b.n;
        int[] counts = b.counts, displs = b.displs, rc = b.rc;
        byte[] one = b.one, all = b.all, in = b.in;
        double[] x = b.x, y = b.y;
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
            case "alltoall":
                return () -> comm.Alltoall(all, 0, n, MPI.BYTE, in, 0, n, MPI.BYTE);
            case "alltoallv":
                return () -> comm.Alltoallv(all, 0, counts, displs, MPI.BYTE, in, 0, counts, displs, MPI.BYTE);
            case "reduce":
                return () -> comm.Reduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM, 0);
            case "allreduce":
                return () -> comm.Allreduce(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM);
            case "scan":
                return () -> comm.Scan(x, 0, y, 0, n, MPI.DOUBLE, MPI.SUM);
            case "reduce_scatter":
                return () -> comm.Reduce_scatter(x, 0, y, 0, rc, MPI.DOUBLE, MPI.SUM);
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
