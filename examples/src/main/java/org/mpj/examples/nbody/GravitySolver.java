package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * Accelerations and potentials of a rank's particles, Gadget-2 style: a home walk for every
 * particle; the particles whose walk had to open another rank's top leaf go to that rank
 * (Alltoall of counts, Alltoallv of positions), which walks its part of the tree for them; the
 * partial forces come back (Alltoallv) and are added. Every pair of items in the global tree is
 * counted exactly once, on the rank that holds the item that is opened or taken.
 */
final class GravitySolver {
    /** Doubles of an exported position: x y z. */
    private static final int QUERY = 3;
    /** Doubles of a partial result: ax ay az potential. */
    private static final int RESULT = 4;

    private final Intracomm comm;
    private final int size;
    private final double theta;
    private final double softening;

    private int[] exportParticle = new int[0];
    private int[] exportRank = new int[0];
    private int[] exportSorted = new int[0];
    private int exportCount;
    private final RecordExchange exports;
    /** Next free place per destination rank while exports are grouped. */
    private final int[] cursor;
    private double[] queriesOut = new double[0];
    private double[] queriesIn = new double[0];
    private double[] resultsOut = new double[0];
    private double[] resultsIn = new double[0];

    /** Interactions of the last call on this rank, and particles it exported. */
    long interactions;
    long exported;

    GravitySolver(Intracomm comm, double theta, double softening) throws MPIException {
        this.comm = comm;
        this.size = comm.Size();
        this.theta = theta;
        this.softening = softening;
        exports = new RecordExchange(size);
        cursor = new int[size];
    }

    /**
     * Sets acc and pot of every particle from the tree built over them, and work to the interactions
     * this rank computed for it or charged to it ({@link TreeWalk}).
     */
    void compute(Particles p, Octree tree) throws MPIException {
        TreeWalk walk = new TreeWalk(tree, p, theta, softening, size);
        interactions = 0;
        exportCount = 0;
        java.util.Arrays.fill(exports.sendCount, 0);
        for (int i = 0; i < p.count; i++) {
            walk.walk(p.pos[3 * i], p.pos[3 * i + 1], p.pos[3 * i + 2], i, false);
            p.acc[3 * i] = walk.ax;
            p.acc[3 * i + 1] = walk.ay;
            p.acc[3 * i + 2] = walk.az;
            p.pot[i] = walk.pot;
            p.work[i] = walk.interactions;
            interactions += walk.interactions;
            for (int k = 0; k < walk.exports; k++) {
                addExport(i, walk.exportRanks[k]);
            }
        }
        exported = exportCount;

        // Exports grouped by rank, in particle order within a rank (a stable counting sort).
        int imports = exports.agree(comm);
        if (exportSorted.length < exportCount) {
            exportSorted = new int[exportParticle.length];
        }
        System.arraycopy(exports.sendDispl, 0, cursor, 0, size);
        for (int e = 0; e < exportCount; e++) {
            exportSorted[cursor[exportRank[e]]++] = exportParticle[e];
        }
        queriesOut = RecordExchange.room(queriesOut, QUERY * exportCount);
        for (int k = 0; k < exportCount; k++) {
            int i = exportSorted[k];
            queriesOut[QUERY * k] = p.pos[3 * i];
            queriesOut[QUERY * k + 1] = p.pos[3 * i + 1];
            queriesOut[QUERY * k + 2] = p.pos[3 * i + 2];
        }
        queriesIn = RecordExchange.room(queriesIn, QUERY * imports);
        exports.forward(comm, QUERY, queriesOut, queriesIn);

        resultsOut = RecordExchange.room(resultsOut, RESULT * imports);
        for (int k = 0; k < imports; k++) {
            walk.walk(queriesIn[QUERY * k], queriesIn[QUERY * k + 1], queriesIn[QUERY * k + 2], -1, true);
            resultsOut[RESULT * k] = walk.ax;
            resultsOut[RESULT * k + 1] = walk.ay;
            resultsOut[RESULT * k + 2] = walk.az;
            resultsOut[RESULT * k + 3] = walk.pot;
            interactions += walk.interactions;
        }
        resultsIn = RecordExchange.room(resultsIn, RESULT * exportCount);
        exports.reply(comm, RESULT, resultsOut, resultsIn);
        for (int k = 0; k < exportCount; k++) {
            int i = exportSorted[k];
            p.acc[3 * i] += resultsIn[RESULT * k];
            p.acc[3 * i + 1] += resultsIn[RESULT * k + 1];
            p.acc[3 * i + 2] += resultsIn[RESULT * k + 2];
            p.pot[i] += resultsIn[RESULT * k + 3];
        }
    }

    private void addExport(int particle, int rank) {
        if (exportCount == exportParticle.length) {
            int cap = Math.max(16, 2 * exportCount);
            exportParticle = java.util.Arrays.copyOf(exportParticle, cap);
            exportRank = java.util.Arrays.copyOf(exportRank, cap);
        }
        exportParticle[exportCount] = particle;
        exportRank[exportCount++] = rank;
        exports.sendCount[rank]++;
    }
}
