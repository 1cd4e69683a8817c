package org.mpj.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank says hello. Run: {@code bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.Hello}
 */
public class Hello {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.Get_processor_name());
        MPI.Finalize();
    }
}
