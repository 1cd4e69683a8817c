package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * NPB IS (integer sort): ranks the keys of a sequence made by NPB's generator, ten times, with
 * two keys changed before each ranking. Each rank counts its keys per bucket; an Allreduce of the
 * bucket counts decides which buckets each rank owns, Alltoall exchanges how many keys go where and
 * Alltoallv moves them; each rank then ranks its key range by counting. Partial verification checks
 * the ranks of five test keys each iteration; full verification sorts the keys and checks the order
 * within and across ranks.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.IS [S|W|A|B] [SEED]</pre>
 */
public final class IS {
    private static final int MAX_ITERATIONS = 10;
    private static final int TEST = 5;
    /**
     * Keys per call of a loop over keys. A loop run once per ranking, over millions of keys, is compiled
     * while it runs, before its exit was ever taken; the compiled code then traps when the loop ends,
     * is thrown away and compiled again, and meanwhile the next rankings run interpreted: class A on 2
     * thread ranks spent 10-40 ms more in each of its first timed rankings than the 9 ms of a later one.
     * Called per block, a loop has ended many times before it is compiled.
     */
    static final int BLOCK = 1 << 14;

    // Test keys (index in the global sequence) and their ranks, from NPB 3.x.
    private static final int[] S_INDEX = {48427, 17148, 23627, 62548, 4431};
    private static final int[] S_RANK = {0, 18, 346, 64917, 65463};
    private static final int[] W_INDEX = {357773, 934767, 875723, 898999, 404505};
    private static final int[] W_RANK = {1249, 11698, 1039987, 1043896, 1048018};
    private static final int[] A_INDEX = {2112377, 662041, 5336171, 3642833, 4250760};
    private static final int[] A_RANK = {104, 17523, 123928, 8288932, 8388264};
    private static final int[] B_INDEX = {41869, 812306, 5102857, 18232239, 26860214};
    private static final int[] B_RANK = {33422937, 10244, 59149, 33135281, 99};

    private final char cls;
    private final int rank;
    private final int size;
    private final int totalKeys;
    private final int maxKey;
    private final int buckets;
    private final int shift;
    private final int numKeys;
    private final int[] testIndex;
    private final int[] testRank;

    private final int[] keys;
    private int[] keyBuff1;       // keys sorted by bucket, then counts per key value
    private int[] keyBuff2;       // keys received for this rank's buckets
    private final int[] bucketSize;       // this rank's bucket counts, then the test keys
    private final int[] bucketTotals;
    private final int[] bucketPtrs;
    private final int[] firstBucket;
    private final int[] lastBucket;
    private final int[] sendCount;
    private final int[] sendDispl;
    private final int[] recvCount;
    private final int[] recvDispl;

    private int passed;
    private int localKeys;
    private int minKey;

    private IS(char cls, int rank, int size, long seed) {
        this.cls = cls;
        this.rank = rank;
        this.size = size;
        int keysLog2 = cls == 'S' ? 16 : cls == 'W' ? 20 : cls == 'A' ? 23 : 25;
        int maxKeyLog2 = cls == 'S' ? 11 : cls == 'W' ? 16 : cls == 'A' ? 19 : 21;
        int bucketsLog2 = cls == 'S' ? 9 : 10;
        totalKeys = 1 << keysLog2;
        maxKey = 1 << maxKeyLog2;
        buckets = 1 << bucketsLog2;
        shift = maxKeyLog2 - bucketsLog2;
        numKeys = totalKeys / size;
        testIndex = cls == 'S' ? S_INDEX : cls == 'W' ? W_INDEX : cls == 'A' ? A_INDEX : B_INDEX;
        testRank = cls == 'S' ? S_RANK : cls == 'W' ? W_RANK : cls == 'A' ? A_RANK : B_RANK;

        keys = new int[numKeys];
        keyBuff1 = new int[Math.max(numKeys, maxKey)];
        keyBuff2 = new int[numKeys];
        bucketSize = new int[buckets + TEST];
        bucketTotals = new int[buckets + TEST];
        bucketPtrs = new int[buckets];
        firstBucket = new int[size];
        lastBucket = new int[size];
        sendCount = new int[size];
        sendDispl = new int[size];
        recvCount = new int[size];
        recvDispl = new int[size];

        // This rank's share of one sequence of 4 * totalKeys numbers; a key is maxKey/4 * (sum of four).
        Randlc gen = new Randlc(Randlc.skip(seed, Randlc.A, 4L * numKeys * rank), Randlc.A);
        int k = maxKey / 4;
        for (int i = 0; i < numKeys; i++) {
            double x = gen.next();
            x += gen.next();
            x += gen.next();
            x += gen.next();
            keys[i] = (int) (k * x);
        }
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("IS", app, "SWAB");
        long seed = Npb.seed("IS", app, Npb.SEED);
        Npb.requirePowerOfTwo("IS", size, 512);
        IS is = new IS(cls, rank, size, seed);
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- IS Benchmark%n%n Size:  %d  (class %c)%n"
                    + " Iterations:   %d%n Number of processes:     %d%n", is.totalKeys, cls, MAX_ITERATIONS, size);
        }

        is.rank(1); // once untimed, as NPB does, to touch all data and code
        is.passed = 0;
        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        for (int it = 1; it <= MAX_ITERATIONS; it++) {
            is.rank(it);
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        is.fullVerify();
        int[] passed = {is.passed};
        MPI.COMM_WORLD.Allreduce(passed, 0, passed, 0, 1, MPI.INT, MPI.SUM);
        boolean verified = passed[0] == TEST * MAX_ITERATIONS + size;
        if (rank == 0) {
            Npb.report("IS", cls, Integer.toString(is.totalKeys), MAX_ITERATIONS, time[0],
                    (double) MAX_ITERATIONS * is.totalKeys / time[0] / 1e6, size, "keys ranked", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("IS", cls, verified);
    }

    /**
     * One ranking of all keys; counts the test keys whose rank is right. Each loop is a small method of
     * its own: every rank's copy of this class is compiled separately, and small methods reach compiled
     * code within the first iterations where one large method would run its loops from on-stack
     * replacement code for much of the timed run. The loops over keys run in blocks ({@link #BLOCK}).
     */
    private void rank(int iteration) throws MPIException {
        if (rank == 0) {
            keys[iteration] = iteration;
            keys[iteration + MAX_ITERATIONS] = maxKey - iteration;
        }
        countBuckets();
        sortIntoBuckets();
        MPI.COMM_WORLD.Allreduce(bucketSize, 0, bucketTotals, 0, buckets + TEST, MPI.INT, MPI.SUM);
        assignBuckets();
        MPI.COMM_WORLD.Alltoall(sendCount, 0, 1, MPI.INT, recvCount, 0, 1, MPI.INT);
        recvDispl[0] = 0;
        for (int r = 1; r < size; r++) {
            recvDispl[r] = recvDispl[r - 1] + recvCount[r - 1];
        }
        int received = recvDispl[size - 1] + recvCount[size - 1];
        if (received > keyBuff2.length) {
            keyBuff2 = new int[received + received / 8];
        }
        MPI.COMM_WORLD.Alltoallv(keyBuff1, 0, sendCount, sendDispl, MPI.INT, keyBuff2, 0, recvCount, recvDispl, MPI.INT);
        localKeys = received;
        minKey = firstBucket[rank] << shift;
        int maxKeyHere = ((lastBucket[rank] + 1) << shift) - 1;
        countKeys(Math.max(0, maxKeyHere - minKey + 1));
        checkTestKeys(iteration, maxKeyHere);
    }

    /** This rank's keys per bucket, and the test keys it holds (they ride along in the reduction). */
    private void countBuckets() {
        for (int i = 0; i < TEST; i++) {
            if (testIndex[i] / numKeys == rank) {
                bucketSize[buckets + i] = keys[testIndex[i] % numKeys];
            }
        }
        for (int from = 0; from < numKeys; from += BLOCK) {
            countBlock(keys, from, Math.min(numKeys, from + BLOCK), bucketSize, shift);
        }
    }

    private static void countBlock(int[] k, int from, int to, int[] counts, int s) {
        for (int i = from; i < to; i++) {
            counts[k[i] >>> s]++;
        }
    }

    /** keyBuff1 = this rank's keys grouped by bucket. */
    private void sortIntoBuckets() {
        int[] k = keys, ptrs = bucketPtrs, out = keyBuff1;
        int s = shift;
        ptrs[0] = 0;
        for (int b = 1; b < buckets; b++) {
            ptrs[b] = ptrs[b - 1] + bucketSize[b - 1];
        }
        for (int from = 0; from < numKeys; from += BLOCK) {
            sortBlock(k, from, Math.min(numKeys, from + BLOCK), ptrs, out, s);
        }
    }

    private static void sortBlock(int[] k, int from, int to, int[] ptrs, int[] out, int s) {
        for (int i = from; i < to; i++) {
            int key = k[i];
            out[ptrs[key >>> s]++] = key;
        }
    }

    /**
     * Whole buckets go to ranks in order: a rank takes buckets until the running total passes its share
     * of the keys, so every rank has work. Sets the counts and displacements of the keys sent to each,
     * and clears the bucket counts for the next ranking here rather than with Arrays.fill: the JDK's
     * method is one for all thread ranks, their calls add up, and C2 compiled it during a timed ranking,
     * taking a core from a rank (benchmarks/results/2026-11-28/npb-is-fill.txt).
     */
    private void assignBuckets() {
        long sum = 0;
        int localSum = 0;
        int j = 0;
        firstBucket[0] = 0;
        for (int b = 0; b < buckets; b++) {
            sum += bucketTotals[b];
            localSum += bucketSize[b];
            bucketSize[b] = 0;   // ready for the next ranking's counts
            if (sum >= (long) (j + 1) * numKeys) {
                sendCount[j] = localSum;
                if (j > 0) {
                    firstBucket[j] = lastBucket[j - 1] + 1;
                }
                lastBucket[j++] = b;
                localSum = 0;
            }
        }
        for (; j < size; j++) { // ranks left without a bucket get an empty key range
            sendCount[j] = 0;
            firstBucket[j] = 1;
            lastBucket[j] = 0;
        }
        sendDispl[0] = 0;
        for (int r = 1; r < size; r++) {
            sendDispl[r] = sendDispl[r - 1] + sendCount[r - 1];
        }
    }

    /** keyBuff1[k - minKey] = how many received keys are at most k, for the range keys of this rank. */
    private void countKeys(int range) {
        int[] counts = keyBuff1, in = keyBuff2;
        int min = minKey;
        java.util.Arrays.fill(counts, 0, range, 0);
        for (int from = 0; from < localKeys; from += BLOCK) {
            countKeyBlock(in, from, Math.min(localKeys, from + BLOCK), counts, min);
        }
        int sum = 0;
        for (int from = 0; from < range; from += BLOCK) {
            sum = prefixBlock(counts, from, Math.min(range, from + BLOCK), sum);
        }
    }

    private static void countKeyBlock(int[] in, int from, int to, int[] counts, int min) {
        for (int i = from; i < to; i++) {
            counts[in[i] - min]++;
        }
    }

    /** Running sums from {@code sum}, the total of the counts before {@code from}; returns the total up to {@code to}. */
    private static int prefixBlock(int[] counts, int from, int to, int sum) {
        for (int i = from; i < to; i++) {
            sum += counts[i];
            counts[i] = sum;
        }
        return sum;
    }

    /** Partial verification: the ranks of the test keys in this rank's range. */
    private void checkTestKeys(int iteration, int maxKeyHere) {
        long lesser = 0; // keys on lower ranks
        for (int r = 0; r < rank; r++) {
            for (int b = firstBucket[r]; b <= lastBucket[r]; b++) {
                lesser += bucketTotals[b];
            }
        }
        for (int i = 0; i < TEST; i++) {
            int k = bucketTotals[buckets + i];
            if (minKey <= k && k <= maxKeyHere) {
                long keyRank = (k > minKey ? keyBuff1[k - 1 - minKey] : 0) + lesser;
                long expected = testRank[i] + rankShift(i, iteration);
                if (keyRank == expected) {
                    passed++;
                } else {
                    System.out.printf("Failed partial verification: iteration %d, rank %d, test key %d%n", iteration, rank, i);
                }
            }
        }
    }

    /** How the two keys changed each iteration move the test keys' ranks (per class, from NPB). */
    private int rankShift(int i, int iteration) {
        return switch (cls) {
            case 'S' -> i <= 2 ? iteration : -iteration;
            case 'W' -> i < 2 ? iteration - 2 : -iteration;
            case 'A' -> i <= 2 ? iteration - 1 : -(iteration - 1);
            default -> i == 1 || i == 2 || i == 4 ? iteration : -iteration;
        };
    }

    /** Sorts this rank's keys by the counts of the last ranking and checks the order across ranks. */
    private void fullVerify() throws MPIException {
        int[] sorted = new int[Math.max(1, localKeys)];
        for (int i = 0; i < localKeys; i++) {
            int key = keyBuff2[i];
            sorted[--keyBuff1[key - minKey]] = key;
        }
        int outOfOrder = 0;
        for (int i = 1; i < localKeys; i++) {
            if (sorted[i - 1] > sorted[i]) {
                outOfOrder++;
            }
        }
        // Each rank's smallest key must not be below the largest key of the rank before it.
        int[] last = {localKeys > 0 ? sorted[localKeys - 1] : Integer.MIN_VALUE};
        int[] before = {Integer.MIN_VALUE};
        // Plain Irecv/Send rather than Sendrecv with PROC_NULL, which not every mpiJava implementation takes.
        Request fromPrev = rank > 0 ? MPI.COMM_WORLD.Irecv(before, 0, 1, MPI.INT, rank - 1, 1000) : null;
        if (rank + 1 < size) {
            MPI.COMM_WORLD.Send(last, 0, 1, MPI.INT, rank + 1, 1000);
        }
        if (fromPrev != null) {
            fromPrev.Wait();
        }
        if (localKeys > 0 && before[0] > sorted[0]) {
            outOfOrder++;
        }
        if (outOfOrder != 0) {
            System.out.printf("Rank %d: full verification: %d keys out of sort%n", rank, outOfOrder);
        } else {
            passed++;
        }
    }
}
