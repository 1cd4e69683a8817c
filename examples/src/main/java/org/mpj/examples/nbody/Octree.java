package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A rank's view of the global Barnes-Hut octree: the top tree (the same everywhere), under each of
 * this rank's top leaves the full tree of its particles, and each other rank's top leaves as
 * pseudo-particles (mass and centre of mass only, from an Allgatherv).
 *
 * <p>Cells are split until they hold one particle, so the tree is the global octree whatever the
 * number of ranks: a walk makes the same choices on 1 rank as on 8, and results differ only in the
 * order of floating-point sums.
 *
 * <p>Items are nodes (index {@code >= 0}) or particles ({@code -1 - i}). The tree is threaded for a
 * walk without recursion or stack: {@code firstChild[n]} is where to go when node n is opened,
 * {@code next[n]} (or {@code particleNext[i]}) where to go when it is done with; {@link #END} ends.
 */
final class Octree {
    static final int END = Integer.MIN_VALUE;

    /** A top cell with top cells below it. */
    static final byte TOP_INTERNAL = 0;
    /** A top leaf of this rank: its particles' tree hangs below it. */
    static final byte TOP_LEAF_LOCAL = 1;
    /** Another rank's top leaf: a pseudo-particle; opening it means asking {@code owner[n]}. */
    static final byte TOP_LEAF_REMOTE = 2;
    /** A cell of this rank's particles below a top leaf. */
    static final byte LOCAL = 3;

    /** Doubles per top leaf in the Allgatherv of moments: mass, centre of mass. */
    private static final int MOMENTS = 4;

    int nodes;
    byte[] kind = new byte[0];
    int[] owner = new int[0];
    double[] mass = new double[0];
    double[] com = new double[0];      // centre of mass, 3 a node
    double[] center = new double[0];   // centre of the cube, 3 a node
    double[] side = new double[0];
    int[] firstChild = new int[0];
    int[] next = new int[0];           // the next sibling until threaded, then the next item of a walk
    int[] firstParticle = new int[0];  // of a LOCAL node: its first particle, which is charged its cost
    boolean[] holdsLocal = new boolean[0]; // of a top node: a top leaf of this rank lies in it
    int[] particleNext = new int[0];

    private TopTree top;
    private Particles p;
    private long[] keys;
    private int[] cellCoords;
    private double[] boxMin;
    private double unit;
    private int[] topLeafNode = new int[0];
    private int[] topNodes = new int[0];
    private int topNodeCount;
    private int leavesBuilt;
    private final int[] xyz = new int[3];
    private double[] myMoments = new double[0];
    private double[] allMoments = new double[0];
    private int[] recvCounts = new int[0];
    private int[] displs = new int[0];

    /**
     * Builds the tree. The particles are sorted by key (keys[i] of particle i) and all lie in this
     * rank's top leaves; cellCoords[3i..3i+2] is particle i's cell on the finest grid, whose cells are
     * {@code unit} wide from {@code boxMin}.
     */
    void build(TopTree top, Particles p, long[] keys, int[] cellCoords, double[] boxMin, double unit,
               Intracomm comm) throws MPIException {
        this.top = top;
        this.p = p;
        this.keys = keys;
        this.cellCoords = cellCoords;
        this.boxMin = boxMin;
        this.unit = unit;
        nodes = 0;
        topNodeCount = 0;
        ensureNodes(2 * p.count + top.cells + 8);
        if (particleNext.length < p.count) {
            particleNext = new int[p.capacity()];
        }
        if (topLeafNode.length < top.leaves) {
            topLeafNode = new int[top.cells];
        }
        if (topNodes.length < top.cells) {
            topNodes = new int[top.cells];
        }
        int rank = comm.Rank();
        leavesBuilt = 0;
        int root = buildTop(0, rank);
        exchangeLeafMoments(comm, rank);
        // Top cells were made parents first: summing them backwards fills every parent from its children.
        for (int k = topNodeCount - 1; k >= 0; k--) {
            int n = topNodes[k];
            if (kind[n] == TOP_INTERNAL) {
                sumChildren(n);
            }
        }
        thread(root, END);
    }

    /** Makes the node of top cell c and everything under it. */
    private int buildTop(int c, int rank) {
        int n = newNode();
        topNodes[topNodeCount++] = n;
        holdsLocal[n] = false;
        HilbertKey.decode(top.firstKey[c], xyz);
        setGeometry(n, xyz[0], xyz[1], xyz[2], top.level[c]);
        if (top.children[c] > 0) {
            kind[n] = TOP_INTERNAL;
            int prev = END;
            for (int k = 0; k < top.children[c]; k++) {
                int child = buildTop(top.firstChild[c] + k, rank);
                prev = link(n, prev, child);
                holdsLocal[n] |= holdsLocal[child];
            }
            return n;
        }
        int j = leavesBuilt++; // leaves are met in curve order, as TopTree numbers them
        topLeafNode[j] = n;
        owner[n] = top.leafOwner[j];
        if (owner[n] != rank) {
            kind[n] = TOP_LEAF_REMOTE;
            return n;
        }
        kind[n] = TOP_LEAF_LOCAL;
        holdsLocal[n] = true;
        long first = top.firstKey[c];
        int lo = KeySort.lowerBound(keys, p.count, first);
        int hi = KeySort.lowerBound(keys, p.count, first + HilbertKey.span(top.level[c]));
        buildChildren(n, lo, hi, top.level[c]);
        return n;
    }

    /** The item for particles [lo, hi) of one cell at {@code level}: the particle itself if alone. */
    private int buildCell(int lo, int hi, int level) {
        if (hi - lo == 1) {
            return -1 - lo;
        }
        int n = newNode();
        kind[n] = LOCAL;
        owner[n] = -1;
        firstParticle[n] = lo;
        setGeometry(n, cellCoords[3 * lo], cellCoords[3 * lo + 1], cellCoords[3 * lo + 2], level);
        buildChildren(n, lo, hi, level);
        return n;
    }

    /** Splits node n's particles [lo, hi) among its children by the key digit of the next level. */
    private void buildChildren(int n, int lo, int hi, int level) {
        int prev = END;
        if (level == HilbertKey.BITS) {
            // Particles in one cell of the finest grid: a bucket, walked one by one.
            for (int i = lo; i < hi; i++) {
                prev = link(n, prev, -1 - i);
            }
        } else {
            int i = lo;
            while (i < hi) {
                int digit = HilbertKey.childDigit(keys[i], level + 1);
                int j = i + 1;
                while (j < hi && HilbertKey.childDigit(keys[j], level + 1) == digit) {
                    j++;
                }
                prev = link(n, prev, buildCell(i, j, level + 1));
                i = j;
            }
        }
        sumChildren(n);
    }

    /** Appends child to node n's children after prev; returns child. */
    private int link(int n, int prev, int child) {
        if (prev == END) {
            firstChild[n] = child;
        } else {
            setNext(prev, child);
        }
        setNext(child, END);
        return child;
    }

    private void setNext(int item, int to) {
        if (item >= 0) {
            next[item] = to;
        } else {
            particleNext[-1 - item] = to;
        }
    }

    private int nextOf(int item) {
        return item >= 0 ? next[item] : particleNext[-1 - item];
    }

    /** Mass and centre of mass of node n from those of its children. */
    private void sumChildren(int n) {
        double m = 0;
        double mx = 0;
        double my = 0;
        double mz = 0;
        for (int c = firstChild[n]; c != END; c = nextOf(c)) {
            double cm;
            double x;
            double y;
            double z;
            if (c >= 0) {
                cm = mass[c];
                x = com[3 * c];
                y = com[3 * c + 1];
                z = com[3 * c + 2];
            } else {
                int i = -1 - c;
                cm = p.mass[i];
                x = p.pos[3 * i];
                y = p.pos[3 * i + 1];
                z = p.pos[3 * i + 2];
            }
            m += cm;
            mx += cm * x;
            my += cm * y;
            mz += cm * z;
        }
        mass[n] = m;
        com[3 * n] = m > 0 ? mx / m : center[3 * n];
        com[3 * n + 1] = m > 0 ? my / m : center[3 * n + 1];
        com[3 * n + 2] = m > 0 ? mz / m : center[3 * n + 2];
    }

    /** Every rank learns every top leaf's moments; ranks own consecutive leaves, so one Allgatherv. */
    private void exchangeLeafMoments(Intracomm comm, int rank) throws MPIException {
        int size = comm.Size();
        int[] first = top.firstLeafOfRank;
        int mine = first[rank + 1] - first[rank];
        if (myMoments.length < MOMENTS * Math.max(mine, 1)) {
            myMoments = new double[MOMENTS * Math.max(mine, 1)];
        }
        if (allMoments.length < MOMENTS * top.leaves) {
            allMoments = new double[MOMENTS * top.leaves];
        }
        if (recvCounts.length != size) {
            recvCounts = new int[size];
            displs = new int[size];
        }
        for (int k = 0; k < mine; k++) {
            int n = topLeafNode[first[rank] + k];
            myMoments[MOMENTS * k] = mass[n];
            myMoments[MOMENTS * k + 1] = com[3 * n];
            myMoments[MOMENTS * k + 2] = com[3 * n + 1];
            myMoments[MOMENTS * k + 3] = com[3 * n + 2];
        }
        for (int r = 0; r < size; r++) {
            recvCounts[r] = MOMENTS * (first[r + 1] - first[r]);
            displs[r] = MOMENTS * first[r];
        }
        comm.Allgatherv(myMoments, 0, MOMENTS * mine, MPI.DOUBLE, allMoments, 0, recvCounts, displs, MPI.DOUBLE);
        for (int j = 0; j < top.leaves; j++) {
            int n = topLeafNode[j];
            mass[n] = allMoments[MOMENTS * j];
            com[3 * n] = allMoments[MOMENTS * j + 1];
            com[3 * n + 1] = allMoments[MOMENTS * j + 2];
            com[3 * n + 2] = allMoments[MOMENTS * j + 3];
        }
    }

    /** Turns sibling links into walk order: an item's next is its sibling, else its parent's next. */
    private void thread(int item, int after) {
        int sibling = nextOf(item);
        int to = sibling != END ? sibling : after;
        setNext(item, to);
        if (item >= 0 && kind[item] != TOP_LEAF_REMOTE) {
            int c = firstChild[item];
            while (c != END) {
                int s = nextOf(c);
                thread(c, to);
                c = s;
            }
        }
    }

    private void setGeometry(int n, int x, int y, int z, int level) {
        int shift = HilbertKey.BITS - level;
        double width = (double) (1 << shift) * unit;
        center[3 * n] = boxMin[0] + ((x >> shift) << shift) * unit + 0.5 * width;
        center[3 * n + 1] = boxMin[1] + ((y >> shift) << shift) * unit + 0.5 * width;
        center[3 * n + 2] = boxMin[2] + ((z >> shift) << shift) * unit + 0.5 * width;
        side[n] = width;
    }

    private int newNode() {
        if (nodes == mass.length) {
            ensureNodes(2 * nodes + 16);
        }
        int n = nodes++;
        firstChild[n] = END;
        next[n] = END;
        mass[n] = 0;
        return n;
    }

    private void ensureNodes(int capacity) {
        if (capacity <= mass.length) {
            return;
        }
        kind = java.util.Arrays.copyOf(kind, capacity);
        owner = java.util.Arrays.copyOf(owner, capacity);
        mass = java.util.Arrays.copyOf(mass, capacity);
        com = java.util.Arrays.copyOf(com, 3 * capacity);
        center = java.util.Arrays.copyOf(center, 3 * capacity);
        side = java.util.Arrays.copyOf(side, capacity);
        firstChild = java.util.Arrays.copyOf(firstChild, capacity);
        next = java.util.Arrays.copyOf(next, capacity);
        firstParticle = java.util.Arrays.copyOf(firstParticle, capacity);
        holdsLocal = java.util.Arrays.copyOf(holdsLocal, capacity);
    }
}
