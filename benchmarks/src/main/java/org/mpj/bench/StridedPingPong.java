package org.mpj.bench;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Strided against contiguous ping-pong between ranks 0 and 1, for each message size: the payload is
 * {@code bytes} of doubles taken in blocks of {@code blockBytes} from every other block of a larger
 * array (a {@code Vector} with stride twice its block, as Open MPI's {@code vector} test with 8-byte
 * blocks), or an {@code Indexed} type with irregular blocks of 1..{@code 2*block} doubles; beside the
 * contiguous ping-pong of the same bytes. Prints the half round trip of each (the median of
 * {@link #BATCHES} batches, the two kinds alternating) and strided bandwidth as a share of contiguous.
 *
 * <pre>bin/mpjrun -np 2 -cp benchmarks/target/classes org.mpj.bench.StridedPingPong [vector|indexed] [blockBytes] [maxBytes]</pre>
 */
public class StridedPingPong {
    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        String layout = app.length > 0 ? app[0] : "vector";
        int blockDoubles = Math.max(1, (app.length > 1 ? Integer.parseInt(app[1]) : 8) / 8);
        int maxBytes = app.length > 2 ? Integer.parseInt(app[2]) : 4 << 20;
        int rank = MPI.COMM_WORLD.Rank();
        double[] a = new double[2 * (maxBytes / 8) + 4 * blockDoubles];
        double[] b = new double[a.length];
        if (rank == 0) {
            System.out.printf("# MPJ strided ping-pong: %s, %d-byte blocks, half round trip%n", layout, blockDoubles * 8);
            System.out.printf("# %10s %12s %12s %12s %8s%n", "bytes", "contig_us", "strided_us", "strided_MB/s", "ratio");
        }
        // Compiled paths before any size is timed: the contiguous ones as PingPong warms them, then the
        // layout's at the large sizes (over tcp the 128 KiB point ran while the rendezvous compiled).
        PingPong.warmUp(rank, a, b, maxBytes, true);
        java.util.List<Datatype> large = new java.util.ArrayList<>();
        for (int bytes = Math.max(8 * blockDoubles, 16384); bytes <= Math.min(maxBytes, 1 << 20); bytes *= 2) {
            large.add(layoutType(layout, bytes / 8, blockDoubles));
        }
        for (int i = 0; i < WARM_UP_STRIDED_ROUND_TRIPS && !large.isEmpty(); i++) {
            PingPong.roundTrip(rank, a, b, 1, large.get(i % large.size()));
        }
        for (int bytes = Math.max(8 * blockDoubles, 64); bytes <= maxBytes; bytes *= 2) {
            int doubles = bytes / 8;
            Datatype type = layoutType(layout, doubles, blockDoubles);
            int reps = Math.max(1, PingPong.repsFor(bytes) / BATCHES);
            double[] contigUs = new double[BATCHES], stridedUs = new double[BATCHES];
            for (int k = 0; k < BATCHES; k++) {
                contigUs[k] = PingPong.halfRoundTripUs(rank, a, b, doubles, MPI.DOUBLE, reps);
                stridedUs[k] = PingPong.halfRoundTripUs(rank, a, b, 1, type, reps);
            }
            double contig = median(contigUs), strided = median(stridedUs);
            if (rank == 0) {
                System.out.printf("  %10d %12.3f %12.3f %12.1f %8.2f%n", bytes, contig, strided, bytes / strided, contig / strided);
            }
        }
        MPI.Finalize();
    }

    /**
     * Batches per size, contiguous and strided alternating; each figure is the median batch. A single
     * run of each, one after the other, read 2-20x off at random sizes on this shared 2-core VM (a
     * stalled batch, or the host's speed changing between the two runs).
     */
    static final int BATCHES = 7;
    static final int WARM_UP_STRIDED_ROUND_TRIPS = 3_000;

    static double median(double[] x) {
        double[] s = x.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    /** The committed type of {@code doubles} doubles in the named layout. */
    static Datatype layoutType(String layout, int doubles, int block) throws MPIException {
        Datatype t = layout.equals("indexed") ? irregular(doubles, block) : regular(doubles, block);
        t.Commit();
        return t;
    }

    /** {@code doubles} doubles in blocks of {@code block}, every other block. */
    static Datatype regular(int doubles, int block) throws MPIException {
        return Datatype.Vector(Math.max(1, doubles / block), Math.min(block, doubles), 2 * block, MPI.DOUBLE);
    }

    /** {@code doubles} doubles in blocks of 1..2*block doubles with gaps of 1..block, from a fixed seed. */
    static Datatype irregular(int doubles, int block) throws MPIException {
        java.util.Random rnd = new java.util.Random(42);
        java.util.List<int[]> blocks = new java.util.ArrayList<>();
        int placed = 0, at = 0;
        while (placed < doubles) {
            int len = Math.min(doubles - placed, 1 + rnd.nextInt(2 * block));
            blocks.add(new int[] {len, at});
            placed += len;
            at += len + 1 + rnd.nextInt(block);
        }
        int[] lens = blocks.stream().mapToInt(x -> x[0]).toArray();
        int[] displs = blocks.stream().mapToInt(x -> x[1]).toArray();
        return Datatype.Indexed(lens, displs, MPI.DOUBLE);
    }
}
