package org.example;

import mpi.MPI;
import mpi.MPIException;

/** Passes a counter around the ranks once; every rank adds one. Rank 0 prints the total. */
public class Ring {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counter = new int[1];
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        if (rank == 0) {
            counter[0] = 1;
            MPI.COMM_WORLD.Send(counter, 0, 1, MPI.INT, next, 0);
            MPI.COMM_WORLD.Recv(counter, 0, 1, MPI.INT, prev, 0);
            System.out.println("ring of " + size + " ranks: counter " + counter[0]);
        } else {
            MPI.COMM_WORLD.Recv(counter, 0, 1, MPI.INT, prev, 0);
            counter[0]++;
            MPI.COMM_WORLD.Send(counter, 0, 1, MPI.INT, next, 0);
        }
        MPI.Finalize();
    }
}
