package org.mpj.tests;

import org.mpj.runtime.Jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SmokeTest {
    public static class PingPong {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] a = new int[4];
            if (rank == 0) {
                a[0] = 42;
                MPI.COMM_WORLD.Send(a, 0, 4, MPI.INT, 1, 7);
                MPI.COMM_WORLD.Recv(a, 0, 4, MPI.INT, 1, 8);
                assertEquals(43, a[0]);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(a, 0, 4, MPI.INT, 0, 7);
                a[0]++;
                MPI.COMM_WORLD.Send(a, 0, 4, MPI.INT, 0, 8);
            }
            MPI.Finalize();
        }
    }

    @Test
    @Timeout(60)
    void pingPongBetweenTwoThreadRanks() {
        Jobs.runOk(2, PingPong.class);
    }
}
