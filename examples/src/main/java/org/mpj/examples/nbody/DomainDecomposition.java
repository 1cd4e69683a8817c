package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Gives every rank a contiguous piece of the Peano-Hilbert curve and moves the particles there:
 * <ol>
 * <li>the bounding cube of all particles (one Allreduce), and each particle's key in it;</li>
 * <li>the top tree and its leaves' owners ({@link TopTree}: an Allreduce of counts per level);</li>
 * <li>the exchange: Alltoall of how many particles go to each rank, Alltoallv of the particles;</li>
 * <li>the particles sorted by key again, and the octree built over them ({@link Octree}).</li>
 * </ol>
 * It runs before every force computation, since particles move between domains every step.
 */
final class DomainDecomposition {
    private final Intracomm comm;
    private final int size;
    private final long total;

    final TopTree top = new TopTree();
    final Octree tree = new Octree();
    private final KeySort sorter = new KeySort();
    private final double[] boxMin = new double[3];
    private double unit;
    private final int[] xyz = new int[3];

    private long[] keys = new long[0];
    private int[] cellCoords = new int[0];
    private int[] order = new int[0];
    private double[] workPrefix = new double[1];
    private final RecordExchange moves;
    private double[] sendBuffer = new double[0];
    private double[] recvBuffer = new double[0];

    DomainDecomposition(Intracomm comm, long total) throws MPIException {
        this.comm = comm;
        this.size = comm.Size();
        this.total = total;
        moves = new RecordExchange(size);
    }

    /** Redistributes p among the ranks and builds the tree over this rank's share. */
    void decompose(Particles p) throws MPIException {
        boundingCube(p);
        sortByKey(p);
        if (workPrefix.length < p.count + 1) {
            workPrefix = new double[p.capacity() + 1];
        }
        workPrefix[0] = 0;
        for (int i = 0; i < p.count; i++) {
            workPrefix[i + 1] = workPrefix[i] + Math.max(1, p.work[i]);
        }
        top.build(keys, workPrefix, p.count, total, comm);
        exchange(p);
        sortByKey(p);
        tree.build(top, p, keys, cellCoords, boxMin, unit, comm);
    }

    /** The smallest cube around all particles, widened a little so that none lies on its far faces. */
    private void boundingCube(Particles p) throws MPIException {
        double[] local = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
                Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        for (int i = 0; i < p.count; i++) {
            for (int d = 0; d < 3; d++) {
                double x = p.pos[3 * i + d];
                local[d] = Math.min(local[d], x);
                local[3 + d] = Math.min(local[3 + d], -x);
            }
        }
        double[] global = new double[6];
        comm.Allreduce(local, 0, global, 0, 6, MPI.DOUBLE, MPI.MIN);
        double extent = 0;
        for (int d = 0; d < 3; d++) {
            extent = Math.max(extent, -global[3 + d] - global[d]);
        }
        if (!(extent < Double.MAX_VALUE)) {
            throw new MPIException("NBody: a particle position is not finite (the bounding box spans " + extent
                    + "); the time step is too long for the softening");
        }
        double side = extent > 0 ? extent * (1 + 1e-6) : 1;
        for (int d = 0; d < 3; d++) {
            boxMin[d] = global[d] - 0.5 * (side - (-global[3 + d] - global[d]));
        }
        unit = side / HilbertKey.CELLS;
    }

    /** Computes keys and cells of the finest grid, sorts the particles by key. */
    private void sortByKey(Particles p) {
        int n = p.count;
        if (keys.length < n) {
            keys = new long[p.capacity()];
            cellCoords = new int[3 * p.capacity()];
            order = new int[p.capacity()];
        }
        int max = HilbertKey.CELLS - 1;
        for (int i = 0; i < n; i++) {
            int x = Math.min(max, Math.max(0, (int) ((p.pos[3 * i] - boxMin[0]) / unit)));
            int y = Math.min(max, Math.max(0, (int) ((p.pos[3 * i + 1] - boxMin[1]) / unit)));
            int z = Math.min(max, Math.max(0, (int) ((p.pos[3 * i + 2] - boxMin[2]) / unit)));
            keys[i] = HilbertKey.encode(x, y, z);
        }
        sorter.sort(keys, order, n);
        p.permute(order);
        for (int i = 0; i < n; i++) {
            HilbertKey.decode(keys[i], xyz);
            cellCoords[3 * i] = xyz[0];
            cellCoords[3 * i + 1] = xyz[1];
            cellCoords[3 * i + 2] = xyz[2];
        }
    }

    /** Sends every particle to the rank that owns its key (Alltoall of counts, Alltoallv of records). */
    private void exchange(Particles p) throws MPIException {
        int n = p.count;
        // Particles are sorted and ranks own ascending key ranges: each rank's particles are one run.
        for (int r = 0; r < size; r++) {
            int lo = KeySort.lowerBound(keys, n, top.startKey[r]);
            int hi = KeySort.lowerBound(keys, n, top.startKey[r + 1]);
            moves.sendCount[r] = hi - lo;
        }
        int received = moves.agree(comm);
        sendBuffer = RecordExchange.room(sendBuffer, Particles.RECORD * n);
        for (int i = 0; i < n; i++) {
            p.pack(i, sendBuffer, Particles.RECORD * i);
        }
        recvBuffer = RecordExchange.room(recvBuffer, Particles.RECORD * received);
        moves.forward(comm, Particles.RECORD, sendBuffer, recvBuffer);
        p.ensureCapacity(received);
        p.count = received;
        for (int i = 0; i < received; i++) {
            p.unpack(i, recvBuffer, Particles.RECORD * i);
        }
    }
}
