package org.mpj.tests.p2p;

import mpi.MPI;

/** Programs that {@code MpjRunTest} starts with {@code mpjrun}, by class name. */
public final class MpjRunPrograms {
    private MpjRunPrograms() {
    }

    /**
     * Passes a token around the ring of all ranks; rank 0 checks it came back with every rank's
     * contribution and that Init handed back the arguments (args[0] is the expected world size).
     */
    public static class Ring {
        public static void main(String[] args) {
            String[] mine = MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (mine.length != 2 || !mine[1].equals("--app-option") || Integer.parseInt(mine[0]) != size) {
                throw new IllegalStateException("rank " + rank + ": Init returned " + java.util.Arrays.toString(mine)
                        + " in a world of " + size);
            }
            int[] token = new int[1];
            if (size > 1) {
                if (rank != 0) {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
                }
                token[0] += rank;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
                if (rank == 0) {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
                    if (token[0] != size * (size - 1) / 2) {
                        throw new IllegalStateException("rank 0: the token came back as " + token[0] + ", expected "
                                + size * (size - 1) / 2);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /** Rank 1 throws; the others wait in a receive that nothing will match. */
    public static class Thrower {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new IllegalArgumentException("planned failure of rank 1");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            MPI.Finalize();
        }
    }

    /** The last rank calls Abort(5). */
    public static class Aborter {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == MPI.COMM_WORLD.Size() - 1) {
                MPI.COMM_WORLD.Abort(5);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            MPI.Finalize();
        }
    }

    /** Every rank waits for a message that nobody sends. */
    public static class Deadlock {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            MPI.Finalize();
        }
    }

    /** Checks that the -D setting of the eager limit reached the ranks: 8 bytes complete alone, 9 do not. */
    public static class EagerLimitEight {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0) {
                mpi.Request eight = MPI.COMM_WORLD.Isend(new byte[8], 0, 8, MPI.BYTE, 1, 0);
                mpi.Request nine = MPI.COMM_WORLD.Isend(new byte[9], 0, 9, MPI.BYTE, 1, 1);
                if (eight.Test() == null || nine.Test() != null) {
                    throw new IllegalStateException("rank 0: with mpj.eagerLimitBytes=8, 8 bytes must be sent eagerly"
                            + " and 9 must wait for their receive");
                }
                MPI.COMM_WORLD.Barrier();
                nine.Wait();
            } else {
                MPI.COMM_WORLD.Barrier();
                MPI.COMM_WORLD.Recv(new byte[8], 0, 8, MPI.BYTE, 0, 0);
                MPI.COMM_WORLD.Recv(new byte[9], 0, 9, MPI.BYTE, 0, 1);
            }
            MPI.Finalize();
        }
    }
}
