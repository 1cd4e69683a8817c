package org.mpj.examples.npb;

import mpi.MPIException;

/**
 * NPB's multi-partition decomposition: p = q^2 ranks cut the grid into q^3 cells, q per axis, and each
 * rank holds q of them, one in every slab of every axis. Rank (i, j) of the q x q rank grid holds cells
 * (i + c, j - c, c) mod q for c = 0..q-1, so a line of cells along any axis is spread over q ranks and
 * all ranks work at every stage of a sweep. The next cell along x is held by rank (i+1, j), along y by
 * (i, j+1), along z by (i-1, j+1): each rank has one successor and one predecessor per axis.
 */
final class MultiPartition {
    final int q;                              // cells per axis, and cells per rank
    final int[][] coord;                      // coord[c][d]: cell c's place along axis d, 0..q-1
    final int[][] size;                       // size[c][d]: points of cell c along axis d
    final int[][] low;                        // low[c][d]: global index of cell c's first point
    final int[][] slice;                      // slice[d][s]: the cell of this rank at place s along axis d
    final int[] successor = new int[3];
    final int[] predecessor = new int[3];

    MultiPartition(String bench, int rank, int ranks, int n) {
        q = (int) Math.round(Math.sqrt(ranks));
        if (q * q != ranks) {
            throw new MPIException(bench + " needs a square number of ranks (1, 4, 9, 16, ...), got " + ranks);
        }
        if (n / q < 3) {
            throw new MPIException(bench + ": a " + n + "^3 grid is too small for " + ranks
                    + " ranks: cells need at least 3 points per axis (at most " + (n / 3) * (n / 3) + " ranks)");
        }
        int i = rank % q;
        int j = rank / q;
        coord = new int[q][3];
        size = new int[q][3];
        low = new int[q][3];
        slice = new int[3][q];
        for (int c = 0; c < q; c++) {
            coord[c][0] = (i + c) % q;
            coord[c][1] = (j - c + q) % q;
            coord[c][2] = c;
            for (int d = 0; d < 3; d++) {
                int place = coord[c][d];
                int base = n / q;
                int excess = n % q; // the first cells take one point more
                size[c][d] = place < excess ? base + 1 : base;
                low[c][d] = place * base + Math.min(place, excess);
                slice[d][place] = c;
            }
        }
        successor[0] = (i + 1) % q + q * j;
        successor[1] = i + q * ((j + 1) % q);
        successor[2] = (i - 1 + q) % q + q * ((j + 1) % q);
        predecessor[0] = (i - 1 + q) % q + q * j;
        predecessor[1] = i + q * ((j - 1 + q) % q);
        predecessor[2] = (i + 1) % q + q * ((j - 1 + q) % q);
    }
}
