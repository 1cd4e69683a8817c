package org.mpj.examples.nbody;

/**
 * One Barnes-Hut walk: the acceleration and potential at a point from the monopoles of the cells
 * that look small enough from it, with Plummer softening.
 *
 * <p>A cell of side s whose centre of mass is at distance d is taken whole when s &lt; theta d and
 * the point is not inside the cell (a cell that holds the point is always opened: its centre of mass
 * may lie far from the point while the cell's own mass is near). Otherwise the walk goes into it.
 *
 * <p>A walk for a particle of this rank (a home walk) that must open another rank's top leaf cannot:
 * it notes that rank, and the particle is sent there. The walk for such an imported particle
 * (an import walk) makes the same choices on the same top tree and adds only what lies inside this
 * rank's opened top leaves; everything else the home walk already counted, so it skips top cells
 * that hold none of this rank's leaves without a look.
 *
 * <p>Work, the weight of the domain decomposition, is charged where it is done: a home walk's
 * interactions to its particle, an import walk's to the particle taken (a cell's first particle).
 * A rank's work is then what it computed, and cells whose owners are asked often weigh more.
 */
final class TreeWalk {
    private final Octree tree;
    private final Particles p;
    private final double theta2;
    private final double eps2;

    /** Results of the last walk. */
    double ax;
    double ay;
    double az;
    double pot;
    long interactions;
    /** Ranks the last home walk must export its particle to, exportRanks[0..exports). */
    final int[] exportRanks;
    int exports;

    private final int[] exportStamp;
    private int stamp;

    TreeWalk(Octree tree, Particles p, double theta, double softening, int ranks) {
        this.tree = tree;
        this.p = p;
        this.theta2 = theta * theta;
        this.eps2 = softening * softening;
        this.exportRanks = new int[ranks];
        this.exportStamp = new int[ranks];
    }

    /**
     * Walks the tree for the point (x, y, z). {@code self} is the particle at that point, left out of
     * its own force (-1 for none); {@code imported} selects an import walk.
     */
    void walk(double x, double y, double z, int self, boolean imported) {
        double sx = 0;
        double sy = 0;
        double sz = 0;
        double sp = 0;
        long count = 0;
        exports = 0;
        stamp++;
        Octree t = tree;
        double[] pos = p.pos;
        int item = t.nodes > 0 ? 0 : Octree.END;
        while (item != Octree.END) {
            if (item < 0) {
                int j = -1 - item;
                if (j != self) {
                    double dx = pos[3 * j] - x;
                    double dy = pos[3 * j + 1] - y;
                    double dz = pos[3 * j + 2] - z;
                    double inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
                    double mInv = p.mass[j] * inv;
                    double mInv3 = mInv * inv * inv;
                    sx += mInv3 * dx;
                    sy += mInv3 * dy;
                    sz += mInv3 * dz;
                    sp -= mInv;
                    count++;
                    if (imported) {
                        p.work[j]++;
                    }
                }
                item = t.particleNext[j];
                continue;
            }
            int n = item;
            byte kind = t.kind[n];
            if (imported && kind != Octree.LOCAL && !t.holdsLocal[n]) {
                item = t.next[n];
                continue;
            }
            double dx = t.com[3 * n] - x;
            double dy = t.com[3 * n + 1] - y;
            double dz = t.com[3 * n + 2] - z;
            double r2 = dx * dx + dy * dy + dz * dz;
            double s = t.side[n];
            if (s * s < theta2 * r2 && !inside(t, n, x, y, z)) {
                if (!imported || kind == Octree.LOCAL) {
                    double inv = 1 / Math.sqrt(r2 + eps2);
                    double mInv = t.mass[n] * inv;
                    double mInv3 = mInv * inv * inv;
                    sx += mInv3 * dx;
                    sy += mInv3 * dy;
                    sz += mInv3 * dz;
                    sp -= mInv;
                    count++;
                    if (imported) {
                        p.work[t.firstParticle[n]]++;
                    }
                }
                item = t.next[n];
            } else if (kind == Octree.TOP_LEAF_REMOTE) {
                if (!imported) {
                    markExport(t.owner[n]);
                }
                item = t.next[n];
            } else {
                item = t.firstChild[n];
            }
        }
        ax = sx;
        ay = sy;
        az = sz;
        pot = sp;
        interactions = count;
    }

    private static boolean inside(Octree t, int n, double x, double y, double z) {
        double h = 0.5 * t.side[n];
        return Math.abs(x - t.center[3 * n]) <= h && Math.abs(y - t.center[3 * n + 1]) <= h
                && Math.abs(z - t.center[3 * n + 2]) <= h;
    }

    private void markExport(int rank) {
        if (exportStamp[rank] != stamp) {
            exportStamp[rank] = stamp;
            exportRanks[exports++] = rank;
        }
    }
}
