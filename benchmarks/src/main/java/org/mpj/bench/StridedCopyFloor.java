package org.mpj.bench;

import java.util.Arrays;

/**
 * What one thread of plain Java reaches when it copies StridedPingPong's layouts, without MPJ: the
 * floor under the strided/contiguous ratio that StridedPingPong reports. Copies a {@code Vector} of
 * {@code blockBytes} blocks at twice their stride (whole blocks with {@code System.arraycopy}, 8-byte
 * blocks with an element loop) and the same bytes contiguously, between four arrays as the ping-pong's
 * two ranks hold them (each rank sends from one and receives into another, so a round trip touches all
 * four). Prints the best of {@link #BATCHES} batches of each, alternating, and contiguous/strided.
 *
 * <p>From the size where a copy is bound by memory bandwidth rather than by per-call costs, a strided
 * copy moves whole cache lines of which it uses a part: with 8-byte blocks every other element, half of
 * each line, so its bandwidth can reach at most half of the contiguous copy's.
 *
 * <pre>java -cp benchmarks/target/classes org.mpj.bench.StridedCopyFloor [blockBytes] [maxBytes]</pre>
 */
public final class StridedCopyFloor {
    static final int BATCHES = 9;

    private StridedCopyFloor() {
    }

    public static void main(String[] args) {
        int block = Math.max(1, (args.length > 0 ? Integer.parseInt(args[0]) : 8) / 8);
        int maxBytes = args.length > 1 ? Integer.parseInt(args[1]) : 4 << 20;
        System.out.printf("# plain Java copy floor: Vector of %d-byte blocks at twice their stride, one thread, best of %d%n",
                block * 8, BATCHES);
        System.out.printf("# %10s %12s %12s %8s%n", "bytes", "contig_us", "strided_us", "ratio");
        int first = Math.max(8 * block, 65536);
        for (int i = 0; i < 20; i++) {
            measure(first, block); // compiled code before the first printed size
        }
        for (int bytes = first; bytes <= maxBytes; bytes *= 2) {
            double[] t = measure(bytes, block);
            System.out.printf("  %10d %12.3f %12.3f %8.2f%n", bytes, t[0], t[1], t[0] / t[1]);
        }
    }

    /** {contiguous, strided} microseconds per copy of {@code bytes}, each the best batch. */
    static double[] measure(int bytes, int block) {
        int n = bytes / 8;
        double[][] arrays = new double[4][2 * n + 2 * block];
        for (double[] a : arrays) {
            Arrays.fill(a, 1.0);
        }
        int reps = Math.max(6, (64 << 20) / bytes);
        double contig = Double.MAX_VALUE, strided = Double.MAX_VALUE;
        for (int k = 0; k < BATCHES; k++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                System.arraycopy(arrays[(i & 1) * 2], 0, arrays[(i & 1) * 2 + 1], 0, n);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                copyVector(arrays[(i & 1) * 2], arrays[(i & 1) * 2 + 1], n, block);
            }
            long t2 = System.nanoTime();
            contig = Math.min(contig, (t1 - t0) / 1e3 / reps);
            strided = Math.min(strided, (t2 - t1) / 1e3 / reps);
        }
        return new double[] {contig, strided};
    }

    /** {@code n} doubles in blocks of {@code block}, every other block, between the same places of src and dst. */
    static void copyVector(double[] src, double[] dst, int n, int block) {
        if (block == 1) {
            for (int k = 0; k < 2 * n; k += 2) {
                dst[k] = src[k];
            }
        } else {
            for (int j = 0; j < 2 * n; j += 2 * block) {
                System.arraycopy(src, j, dst, j, block);
            }
        }
    }
}
