package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The top of the global octree, the same on every rank, and which rank owns each of its leaves.
 *
 * <p>It is refined a level at a time: every rank counts its particles (and their work) in the eight
 * children of each cell still to refine, one Allreduce adds the counts of all ranks, and every child
 * with more than {@code threshold} particles is refined in the next round. The leaves, in curve order,
 * are dealt to ranks in contiguous runs of about equal work, so each rank owns one key range made of
 * whole octree cells (Gadget-2's domain decomposition). A leaf holds at most N / (16 P) particles,
 * which bounds the imbalance to about a sixteenth of a rank's share.
 */
final class TopTree {
    /** Leaves per rank that the threshold aims at: more balance, a larger top tree. */
    static final int LEAVES_PER_RANK = 16;

    // Cells in the order made; the children of a cell are made together and lie side by side.
    int cells;
    int[] level = new int[64];
    long[] firstKey = new long[64];
    double[] particles = new double[64];
    double[] work = new double[64];
    int[] firstChild = new int[64];
    int[] children = new int[64]; // 0: a leaf

    // Leaves in curve order and their owners; rank r owns leaves [firstLeafOfRank[r], firstLeafOfRank[r+1]).
    int leaves;
    int[] leafCell = new int[64];
    int[] leafOwner = new int[64];
    int[] firstLeafOfRank;
    /** Rank r owns keys [startKey[r], startKey[r + 1]). */
    long[] startKey;

    private int[] refine = new int[64];
    private int[] refineNext = new int[64];
    private double[] localCounts = new double[0];
    private double[] globalCounts = new double[0];

    /**
     * Builds the top tree from each rank's particle keys, sorted ascending in keys[0..n), with
     * workPrefix[i] the work of the first i of them.
     */
    void build(long[] keys, double[] workPrefix, int n, long total, Intracomm comm) throws MPIException {
        int size = comm.Size();
        long threshold = Math.max(1, total / ((long) LEAVES_PER_RANK * size));
        cells = 0;
        int root = newCell(0, 0, total, workPrefix[n]);
        int toRefine = 0;
        if (total > threshold) {
            refine[toRefine++] = root;
        }
        while (toRefine > 0) {
            // Rounds make the same decisions on every rank: they depend on global counts only.
            if (localCounts.length < 16 * toRefine) {
                localCounts = new double[16 * toRefine];
                globalCounts = new double[16 * toRefine];
            }
            for (int j = 0; j < toRefine; j++) {
                int c = refine[j];
                long span = HilbertKey.span(level[c] + 1);
                for (int d = 0; d < 8; d++) {
                    int lo = KeySort.lowerBound(keys, n, firstKey[c] + d * span);
                    int hi = KeySort.lowerBound(keys, n, firstKey[c] + (d + 1) * span);
                    localCounts[16 * j + d] = hi - lo;
                    localCounts[16 * j + 8 + d] = workPrefix[hi] - workPrefix[lo];
                }
            }
            comm.Allreduce(localCounts, 0, globalCounts, 0, 16 * toRefine, MPI.DOUBLE, MPI.SUM);
            int next = 0;
            for (int j = 0; j < toRefine; j++) {
                int c = refine[j];
                int childLevel = level[c] + 1;
                long span = HilbertKey.span(childLevel);
                firstChild[c] = cells;
                for (int d = 0; d < 8; d++) {
                    double count = globalCounts[16 * j + d];
                    if (count == 0) {
                        continue;
                    }
                    int child = newCell(childLevel, firstKey[c] + d * span, count, globalCounts[16 * j + 8 + d]);
                    children[c]++;
                    if (count > threshold && childLevel < HilbertKey.BITS) {
                        if (next == refineNext.length) {
                            refineNext = java.util.Arrays.copyOf(refineNext, 2 * next);
                        }
                        refineNext[next++] = child;
                    }
                }
            }
            int[] t = refine;
            refine = refineNext;
            refineNext = t;
            toRefine = next;
        }
        leaves = 0;
        collectLeaves(root);
        assignLeaves(size);
    }

    private int newCell(int lvl, long key, double count, double w) {
        if (cells == level.length) {
            int cap = 2 * cells;
            level = java.util.Arrays.copyOf(level, cap);
            firstKey = java.util.Arrays.copyOf(firstKey, cap);
            particles = java.util.Arrays.copyOf(particles, cap);
            work = java.util.Arrays.copyOf(work, cap);
            firstChild = java.util.Arrays.copyOf(firstChild, cap);
            children = java.util.Arrays.copyOf(children, cap);
        }
        int c = cells++;
        level[c] = lvl;
        firstKey[c] = key;
        particles[c] = count;
        work[c] = w;
        firstChild[c] = -1;
        children[c] = 0;
        return c;
    }

    /** Leaves in depth-first order, children in curve order: ascending keys. */
    private void collectLeaves(int c) {
        if (children[c] == 0) {
            if (leaves == leafCell.length) {
                leafCell = java.util.Arrays.copyOf(leafCell, 2 * leaves);
                leafOwner = java.util.Arrays.copyOf(leafOwner, 2 * leaves);
            }
            leafCell[leaves++] = c;
            return;
        }
        for (int k = 0; k < children[c]; k++) {
            collectLeaves(firstChild[c] + k);
        }
    }

    /**
     * Leaf j goes to the rank whose share of the total work holds the middle of leaf j's work:
     * non-decreasing in j, so every rank gets a contiguous run (maybe empty).
     */
    private void assignLeaves(int size) {
        double total = 0;
        for (int j = 0; j < leaves; j++) {
            total += work[leafCell[j]];
        }
        double before = 0;
        for (int j = 0; j < leaves; j++) {
            double w = work[leafCell[j]];
            int owner = total > 0 ? (int) ((before + 0.5 * w) / total * size) : 0;
            leafOwner[j] = Math.min(size - 1, Math.max(owner, j > 0 ? leafOwner[j - 1] : 0));
            before += w;
        }
        if (firstLeafOfRank == null || firstLeafOfRank.length != size + 1) {
            firstLeafOfRank = new int[size + 1];
            startKey = new long[size + 1];
        }
        int j = 0;
        for (int r = 0; r <= size; r++) {
            while (j < leaves && leafOwner[j] < r) {
                j++;
            }
            firstLeafOfRank[r] = j;
        }
        startKey[size] = HilbertKey.span(0);
        for (int r = size - 1; r >= 0; r--) {
            int f = firstLeafOfRank[r];
            startKey[r] = f < firstLeafOfRank[r + 1] ? firstKey[leafCell[f]] : startKey[r + 1];
        }
        startKey[0] = 0;
    }
}
