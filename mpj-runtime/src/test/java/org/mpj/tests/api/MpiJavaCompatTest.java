package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * What mpiJava 1.2 programs written for other Java MPI libraries rely on (found by running the test
 * programs that MPJ Express ships, unchanged): {@code MPI.REQUEST_NULL} in request arrays, and
 * datatypes that carry no data sent from and into any array. On every device.
 */
class MpiJavaCompatTest {
    /**
     * Each rank receives from the previous rank and sends to the next, with MPI.REQUEST_NULL between
     * the real requests as mpiJava's testany/waitany/waitsome programs write it: the any/some calls
     * report only the real ones; Wait, Test and the all-calls accept the null ones.
     */
    public static class RequestNull {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            assertTrue(MPI.REQUEST_NULL.Is_null(), "MPI.REQUEST_NULL.Is_null()");
            assertNotNull(MPI.REQUEST_NULL.Wait(), "Wait on MPI.REQUEST_NULL returns an empty status");
            assertNotNull(MPI.REQUEST_NULL.Test(), "Test on MPI.REQUEST_NULL returns an empty status");
            assertEquals(Runtime.getRuntime().availableProcessors(), MPI.NUM_OF_PROCESSORS,
                    "MPI.NUM_OF_PROCESSORS (MPJ Express's multithreaded programs read it)");

            for (int round = 0; round < 3; round++) {
                int[] in = {-1}, out = {rank * 100 + round};
                Request[] reqs = {MPI.REQUEST_NULL, MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev, round),
                        MPI.REQUEST_NULL, MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, next, round), MPI.REQUEST_NULL};
                boolean[] seen = new boolean[reqs.length];
                int reported = 0;
                while (reported < 2) {
                    Status[] done;
                    if (round == 0) {
                        done = new Status[] {Request.Waitany(reqs)};
                    } else if (round == 1) {
                        done = Request.Waitsome(reqs);
                    } else {
                        Status s = Request.Testany(reqs);
                        done = s == null ? new Status[0] : new Status[] {s};
                    }
                    for (Status s : done) {
                        if (s.index != 1 && s.index != 3 || seen[s.index]) {
                            fail("rank " + rank + ", round " + round + ": reported index " + s.index
                                    + " (real requests are 1 and 3, each once; seen " + Arrays.toString(seen) + ")");
                        }
                        seen[s.index] = true;
                        reported++;
                    }
                }
                assertEquals(prev * 100 + round, in[0], "rank " + rank + ", round " + round + ": received value");
                Status none = Request.Waitany(reqs);
                assertEquals(MPI.UNDEFINED, none.index, "rank " + rank + ": Waitany over null requests only");
                assertEquals(reqs.length, Request.Waitall(reqs).length, "Waitall over null requests");
                assertNotNull(Request.Testall(reqs), "Testall over null requests is complete");
                assertEquals(0, Request.Testsome(reqs).length, "Testsome over null requests reports none");
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("org.mpj.tests.api.ApiCases#devicesAndRanks")
    @Timeout(60)
    void requestNullIsSkippedByTheAnySomeAndAllCalls(String dev, int np) {
        Jobs.runOk(np, ApiCases.on(dev), RequestNull.class);
    }

    /**
     * IBM's zero1 as mpiJava ports it: a Struct of no blocks, sent 100 times into an int[]; and
     * Contiguous(0, INT) received as doubles. A type without data touches no element, matches a
     * receive of any type, and leaves the buffer as it was; Get_count of it is 0.
     */
    public static class EmptyTypes {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            empty.Commit();
            assertEquals(0, empty.Size(), "size of an empty Struct");
            assertEquals(0, empty.Extent(), "extent of an empty Struct");

            int[] ints = {rank, rank, rank};
            int[] intsIn = {-5, -5, -5};
            Status s = MPI.COMM_WORLD.Sendrecv(ints, 0, 100, empty, next, 1, intsIn, 0, 100, empty, prev, 1);
            assertEquals(prev, s.source, "rank " + rank + ": source of the empty message");
            assertEquals(0, s.Get_count(empty), "rank " + rank + ": Get_count of empty items");
            assertEquals(0, s.Get_elements(empty), "rank " + rank + ": Get_elements of empty items");
            assertEquals("[-5, -5, -5]", Arrays.toString(intsIn), "rank " + rank + ": the int[] is untouched");

            Object[] objects = {"kept"};
            MPI.COMM_WORLD.Sendrecv(new Object[] {"x"}, 0, 7, empty, next, 2, objects, 0, 7, empty, prev, 2);
            assertEquals("kept", objects[0], "rank " + rank + ": the Object[] is untouched");

            Datatype noInts = Datatype.Contiguous(0, MPI.INT);
            noInts.Commit();
            double[] doubles = {2.5, 2.5};
            s = MPI.COMM_WORLD.Sendrecv(ints, 0, 1, noInts, next, 3, doubles, 0, 2, MPI.DOUBLE, prev, 3);
            assertEquals(0, s.Get_count(MPI.DOUBLE), "rank " + rank + ": an empty int message received as doubles");
            assertEquals("[2.5, 2.5]", Arrays.toString(doubles), "rank " + rank + ": the double[] is untouched");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("org.mpj.tests.api.ApiCases#devicesAndRanks")
    @Timeout(60)
    void typesWithoutDataFitAnyBufferAndMatchAnyReceive(String dev, int np) {
        Jobs.runOk(np, ApiCases.on(dev), EmptyTypes.class);
    }
}
