package org.mpj.examples;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Passes a token around the ring of ranks: rank 0 starts it with the number of laps, each rank
 * passes it to the next, and rank 0 counts a lap down each time the token comes back.
 *
 * <pre>bin/mpjrun -np 5 -cp examples/target/classes org.mpj.examples.Ring [laps]</pre>
 */
public class Ring {
    private static final int TAG = 201;

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] token = {app.length > 0 ? Integer.parseInt(app[0]) : 10};

        if (rank == 0) {
            System.out.println("Rank 0 sends " + token[0] + " to rank " + next + " (" + size + " ranks in the ring)");
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, TAG);
        }
        while (true) {
            Status s = MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, TAG);
            if (rank == 0) {
                token[0]--;
                System.out.println("Rank 0 got the token back from rank " + s.source + "; " + token[0] + " laps left");
            }
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, TAG);
            if (token[0] == 0) {
                break;
            }
        }
        if (rank == 0) {
            // The last lap's token comes back once more; take it so no message is left in flight.
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, TAG);
        }
        System.out.println("Rank " + rank + " exits");
        MPI.Finalize();
    }
}
