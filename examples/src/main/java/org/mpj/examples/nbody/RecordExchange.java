package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * One all-to-all of records (a fixed number of doubles each): how many records go to and come from
 * each rank, their displacements, and the same in doubles as Alltoallv counts MPI.DOUBLE.
 * {@link #forward} sends by the send counts; {@link #reply} answers each record the other way.
 */
final class RecordExchange {
    final int[] sendCount;
    final int[] sendDispl;
    final int[] recvCount;
    final int[] recvDispl;
    private final int[] sendDoubles;
    private final int[] sendDoublesDispl;
    private final int[] recvDoubles;
    private final int[] recvDoublesDispl;

    RecordExchange(int size) {
        sendCount = new int[size];
        sendDispl = new int[size];
        recvCount = new int[size];
        recvDispl = new int[size];
        sendDoubles = new int[size];
        sendDoublesDispl = new int[size];
        recvDoubles = new int[size];
        recvDoublesDispl = new int[size];
    }

    /** Once {@link #sendCount} is filled: tells every rank what comes; returns the records received. */
    int agree(Intracomm comm) throws MPIException {
        comm.Alltoall(sendCount, 0, 1, MPI.INT, recvCount, 0, 1, MPI.INT);
        int s = 0;
        int r = 0;
        for (int k = 0; k < sendCount.length; k++) {
            sendDispl[k] = s;
            recvDispl[k] = r;
            s += sendCount[k];
            r += recvCount[k];
        }
        return r;
    }

    /** Records of {@code doubles} doubles: {@code out} grouped by destination, into {@code in} by source. */
    void forward(Intracomm comm, int doubles, double[] out, double[] in) throws MPIException {
        scale(doubles, sendCount, sendDispl, sendDoubles, sendDoublesDispl);
        scale(doubles, recvCount, recvDispl, recvDoubles, recvDoublesDispl);
        comm.Alltoallv(out, 0, sendDoubles, sendDoublesDispl, MPI.DOUBLE, in, 0, recvDoubles, recvDoublesDispl, MPI.DOUBLE);
    }

    /** One record back for each record received, into place of the record it answers. */
    void reply(Intracomm comm, int doubles, double[] out, double[] in) throws MPIException {
        scale(doubles, recvCount, recvDispl, recvDoubles, recvDoublesDispl);
        scale(doubles, sendCount, sendDispl, sendDoubles, sendDoublesDispl);
        comm.Alltoallv(out, 0, recvDoubles, recvDoublesDispl, MPI.DOUBLE, in, 0, sendDoubles, sendDoublesDispl, MPI.DOUBLE);
    }

    private static void scale(int doubles, int[] count, int[] displ, int[] scaledCount, int[] scaledDispl) {
        for (int k = 0; k < count.length; k++) {
            scaledCount[k] = doubles * count[k];
            scaledDispl[k] = doubles * displ[k];
        }
    }

    /** {@code a}, or a larger array when it holds fewer than {@code n} doubles. */
    static double[] room(double[] a, int n) {
        return a.length >= n ? a : new double[Math.max(n, a.length + a.length / 2)];
    }
}
