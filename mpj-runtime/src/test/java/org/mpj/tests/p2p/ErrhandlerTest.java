package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;

/**
 * Error handlers through what a program sees: under ERRORS_RETURN a failed call throws MPIException
 * that the program catches, and the communicator goes on working; under ERRORS_ARE_FATAL an error
 * left uncaught ends the whole job, naming the rank and the error.
 */
class ErrhandlerTest {
    static Stream<Arguments> devicesAndRanks() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    /**
     * Each rank, under ERRORS_RETURN, sends to a rank that does not exist and receives a message
     * into too small a buffer; both calls fail with their class; the truncated message is consumed
     * (MPI), and a ring exchange afterwards on the same communicator and on a Dup delivers.
     */
    public static class ReturnAndCarryOn {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            assertSame(MPI.ERRORS_RETURN, MPI.COMM_WORLD.Errhandler_get());

            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "rank " + rank + ": Send to rank " + size,
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, size, 0), "rank " + size);

            MPI.COMM_WORLD.Isend(new int[] {1, 2, 3, 4}, 0, 4, MPI.INT, next, 5);
            int[] small = {-1, -1, -1};
            Expect.error(MPI.ERR_TRUNCATE, "MPI_ERR_TRUNCATE", "rank " + rank + ": 4 ints into room for 2",
                    () -> MPI.COMM_WORLD.Recv(small, 0, 2, MPI.INT, prev, 5), "16 bytes", "room for 8");
            assertEquals(-1, small[2], "rank " + rank + ": past the receive's room nothing is written");
            MPI.COMM_WORLD.Barrier();
            assertNull(MPI.COMM_WORLD.Iprobe(prev, 5), "rank " + rank + ": the truncated message is consumed");

            Intracomm dup = MPI.COMM_WORLD.Dup();
            assertSame(MPI.ERRORS_RETURN, dup.Errhandler_get(), "a Dup inherits the handler");
            for (Intracomm c : new Intracomm[] {MPI.COMM_WORLD, dup}) {
                int[] in = new int[2];
                Status s = c.Sendrecv(new int[] {rank, 7}, 0, 2, MPI.INT, next, 6, in, 0, 2, MPI.INT, prev, 6);
                assertArrayEquals(new int[] {prev, 7}, in, "rank " + rank + ": ring after the errors");
                assertEquals(prev, s.source);
            }
            dup.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(90)
    void errorsReturnLetsTheProgramCatchAndGoOn(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), ReturnAndCarryOn.class);
    }

    /** The last rank sends to a rank that does not exist and does not catch; the others wait for it. */
    public static class FatalUncaught {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.Errhandler_get());
            if (rank == size - 1) {
                MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, size + 3, 0);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, size - 1, 0);
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(90)
    void errorsAreFatalEndsTheJobNamingTheRank(String dev, int np) {
        JobResult r = Jobs.run(np, Map.of("mpj.device", dev), FatalUncaught.class);
        assertFalse(r.succeeded(), "the job must fail");
        assertEquals(np - 1, r.failedRank(), r.message());
        assertTrue(r.message().contains("MPI_ERR_RANK") && r.message().contains("rank " + (np + 3)), r.message());
    }
}
