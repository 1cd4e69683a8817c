package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Datatype;
import mpi.MPI;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;

/** Bad input raises MPIException with the right error class and a message that names the value. */
class ErrorsTest {
    /** Every argument check of the point-to-point calls, on rank 0 of 4; the ranks then still work. */
    public static class BadArguments {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0) {
                checkRanks();
                checkCountsAndBuffers();
                checkTypesAndTags();
                checkBufferedMode();
                checkLifeCycle(args);
                checkExtremeArguments();
            }
            MPI.COMM_WORLD.Barrier();
            int[] token = {rank};
            Status s = MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % 4, 3, new int[1], 0, 1, MPI.INT,
                    (rank + 3) % 4, 3);
            assertEquals((rank + 3) % 4, s.source, "rank " + rank + ": the job works after the errors");
            MPI.Finalize();
        }

        private static void checkRanks() {
            int[] b = new int[4];
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Send to rank 7 of 4",
                    () -> MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 7, 0), "Send", "rank 7", "size 4", "MPI.COMM_WORLD");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Isend to rank 4 of 4",
                    () -> MPI.COMM_WORLD.Isend(b, 0, 1, MPI.INT, 4, 0), "rank 4", "size 4");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Ssend to rank -5",
                    () -> MPI.COMM_WORLD.Ssend(b, 0, 1, MPI.INT, -5, 0), "rank -5");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Recv from rank 7 of 4",
                    () -> MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 7, 0), "Recv", "rank 7", "size 4");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Irecv from rank 9 of 4",
                    () -> MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, 9, 0), "rank 9");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Probe of rank 7",
                    () -> MPI.COMM_WORLD.Probe(7, 0), "rank 7");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Iprobe of rank 7",
                    () -> MPI.COMM_WORLD.Iprobe(7, 0), "rank 7");
            Expect.error(MPI.ERR_RANK, "MPI_ERR_RANK", "Sendrecv to rank 8",
                    () -> MPI.COMM_WORLD.Sendrecv(b, 0, 1, MPI.INT, 8, 0, b, 0, 1, MPI.INT, 1, 0), "rank 8");
        }

        private static void checkCountsAndBuffers() {
            Expect.error(MPI.ERR_COUNT, "MPI_ERR_COUNT", "Send of count -1",
                    () -> MPI.COMM_WORLD.Send(new int[4], 0, -1, MPI.INT, 1, 0), "count -1");
            Expect.error(MPI.ERR_COUNT, "MPI_ERR_COUNT", "Irecv of count -3",
                    () -> MPI.COMM_WORLD.Irecv(new int[4], 0, -3, MPI.INT, 1, 0), "count -3");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Send past the end",
                    () -> MPI.COMM_WORLD.Send(new double[12], 10, 8, MPI.DOUBLE, 1, 0), "offset 10", "count 8", "double[12]");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Recv past the end",
                    () -> MPI.COMM_WORLD.Recv(new byte[5], 0, 6, MPI.BYTE, 1, 0), "count 6", "byte[5]");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Sendrecv past the end of its receive buffer",
                    () -> MPI.COMM_WORLD.Sendrecv(new int[4], 0, 1, MPI.INT, 1, 0, new int[2], 0, 3, MPI.INT, 1, 0),
                    "Sendrecv", "count 3", "int[2]");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Isend with offset -1",
                    () -> MPI.COMM_WORLD.Isend(new int[4], -1, 1, MPI.INT, 1, 0), "offset -1");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Send of a null buffer",
                    () -> MPI.COMM_WORLD.Send(null, 0, 3, MPI.INT, 1, 0), "null");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Bsend past the end",
                    () -> MPI.COMM_WORLD.Bsend(new long[2], 1, 2, MPI.LONG, 1, 0), "offset 1", "count 2", "long[2]");
        }

        private static void checkTypesAndTags() {
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "a double[] sent as MPI.INT",
                    () -> MPI.COMM_WORLD.Send(new double[4], 0, 4, MPI.INT, 1, 0), "double[4]", "MPI.INT", "int[]");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "an int[] received as MPI.LONG",
                    () -> MPI.COMM_WORLD.Recv(new int[4], 0, 4, MPI.LONG, 1, 0), "int[4]", "MPI.LONG");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "a null datatype",
                    () -> MPI.COMM_WORLD.Send(new int[4], 0, 4, null, 1, 0), "datatype");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "an object that is not Serializable",
                    () -> MPI.COMM_WORLD.Send(new Object[] {new Object()}, 0, 1, MPI.OBJECT, 1, 0), "Serializable");
            Expect.error(MPI.ERR_TAG, "MPI_ERR_TAG", "Send with tag -5",
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 1, -5), "tag -5");
            Expect.error(MPI.ERR_TAG, "MPI_ERR_TAG", "Isend with tag ANY_TAG",
                    () -> MPI.COMM_WORLD.Isend(new int[1], 0, 1, MPI.INT, 1, MPI.ANY_TAG), "tag " + MPI.ANY_TAG);
            Expect.error(MPI.ERR_TAG, "MPI_ERR_TAG", "Recv with tag -7",
                    () -> MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, -7), "tag -7");
            // Data of one type received as another is refused when the message matches.
            MPI.COMM_WORLD.Send(new int[] {1, 2}, 0, 2, MPI.INT, 0, 9);
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "MPI.INT data received as MPI.FLOAT",
                    () -> MPI.COMM_WORLD.Recv(new float[2], 0, 2, MPI.FLOAT, 0, 9), "MPI.INT", "MPI.FLOAT");
        }

        private static void checkBufferedMode() {
            int[] data = new int[100];
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Bsend with no buffer attached",
                    () -> MPI.COMM_WORLD.Bsend(data, 0, 100, MPI.INT, 1, 0), "Buffer_attach", "400 bytes");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Buffer_attach(null)", () -> MPI.Buffer_attach((byte[]) null), "null");
            byte[] small = new byte[400 + MPI.BSEND_OVERHEAD - 1];
            MPI.Buffer_attach(small);
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "a second Buffer_attach",
                    () -> MPI.Buffer_attach(new byte[10]), "already attached");
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Bsend larger than the attached buffer",
                    () -> MPI.COMM_WORLD.Bsend(data, 0, 100, MPI.INT, 1, 0), "400 bytes", Integer.toString(small.length));
            assertEquals(small, MPI.Buffer_detach(), "rank 0: Buffer_detach returns the buffer");
            assertEquals(null, MPI.Buffer_detach(), "rank 0: Buffer_detach with none attached");
        }

        /**
         * What a randomized run of bad arguments found raising other exceptions (an offset near 2^31
         * wrapped the end check around; a buffer that is not an array with a type of no data; null
         * datatypes in the collectives' checks; a derived type past 2^31-1 elements overflowed, or
         * built for seconds, or filled the heap) and now raises MPIException, at once.
         */
        private static void checkExtremeArguments() {
            int max = Integer.MAX_VALUE;
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Send at offset 2^31-1",
                    () -> MPI.COMM_WORLD.Send(new int[4], max, 2, MPI.INT, 1, 0), "offset " + max);
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Allreduce into offset 2^31-1",
                    () -> MPI.COMM_SELF.Allreduce(new long[4], 0, new long[2], max, 3, MPI.LONG, MPI.SUM), "offset " + max);
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Pack from offset 2^31-1",
                    () -> MPI.COMM_WORLD.Pack(new byte[9], max, 3, MPI.BYTE, new byte[64], 0), "offset " + max);
            Datatype empty = Datatype.Contiguous(0, MPI.INT);
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", "Bcast of a String",
                    () -> MPI.COMM_SELF.Bcast("text", 0, 1, empty, 0), "java.lang.String, not an array");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "Alltoall with a null send type",
                    () -> MPI.COMM_SELF.Alltoall(new int[2], 0, 1, null, new int[2], 0, 1, MPI.INT), "send datatype is null");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "Gatherv with a null receive type",
                    () -> MPI.COMM_SELF.Gatherv(new int[2], 0, 1, MPI.INT, new int[2], 0, new int[] {1}, new int[] {0}, null, 0),
                    "datatype is null");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "Vector of 2^60 elements",
                    () -> Datatype.Vector(1 << 30, 1 << 30, 1 << 30, MPI.INT), "2^31-1");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "Vector of 2^25 separate blocks",
                    () -> Datatype.Vector(1 << 25, 1, 2, MPI.INT), "separate blocks");
            Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", "Contiguous of 2^31 elements",
                    () -> Datatype.Contiguous(1 << 20, Datatype.Contiguous(1 << 11, MPI.INT)), "2^31-1");
            assertEquals(max, Datatype.Contiguous(max, MPI.BYTE).Size(), "a Contiguous of 2^31-1 bytes is made (one run)");
            assertEquals(0, Datatype.Vector(max, 0, 5, MPI.INT).Size(), "a Vector of empty blocks is made at once");
        }

        private static void checkLifeCycle(String[] args) {
            Expect.error(MPI.ERR_COMM, "MPI_ERR_COMM", "Free of COMM_WORLD", () -> MPI.COMM_WORLD.Free(), "MPI.COMM_WORLD");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Init twice", () -> MPI.Init(args), "Init", "twice");
        }
    }

    @Test
    @Timeout(30)
    void badArgumentsRaiseMpiExceptionNamingTheValue() {
        Jobs.runOk(4, BadArguments.class);
    }

    /**
     * MPI.OBJECT data whose elements do not fit the receive's array type (Integers into a String[])
     * fails the receive with MPI_ERR_TYPE naming both classes, whether the receive was posted first
     * (the sender's thread delivers into it) or the message waited for it; the sender is unaffected
     * and the pair goes on working.
     */
    public static class ObjectIntoNarrowerArray {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int last = size - 1;
            Object[] integers = {1, 2};
            for (boolean receiveFirst : new boolean[] {true, false}) {
                String where = "rank " + rank + ", Integers into a String[]" + (receiveFirst ? ", receive first" : ", message first");
                String[] strings = new String[2];
                mpi.Request r = rank == last && receiveFirst ? MPI.COMM_WORLD.Irecv(strings, 0, 2, MPI.OBJECT, 0, 1) : null;
                mpi.Request s = rank == 0 && !receiveFirst ? MPI.COMM_WORLD.Isend(integers, 0, 2, MPI.OBJECT, last, 1) : null;
                MPI.COMM_WORLD.Barrier();
                if (rank == 0 && receiveFirst) {
                    s = MPI.COMM_WORLD.Isend(integers, 0, 2, MPI.OBJECT, last, 1);
                }
                if (rank == last) {
                    mpi.Request posted = r;
                    Expect.error(MPI.ERR_TYPE, "MPI_ERR_TYPE", where, () -> {
                        if (posted != null) {
                            posted.Wait();
                        } else {
                            MPI.COMM_WORLD.Recv(strings, 0, 2, MPI.OBJECT, 0, 1);
                        }
                    }, "java.lang.Integer", "String[]");
                }
                if (s != null) {
                    s.Wait();
                }
                MPI.COMM_WORLD.Barrier();
            }
            Status s = MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 3, new int[1], 0, 1,
                    MPI.INT, (rank - 1 + size) % size, 3);
            assertEquals((rank - 1 + size) % size, s.source, "rank " + rank + ": the job works after the error");
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2})
    @Timeout(30)
    void objectsThatDoNotFitTheReceiveArrayRaiseErrType(int np) {
        Jobs.runOk(np, ObjectIntoNarrowerArray.class);
    }

    /** Each rank has its own {@code mpi} classes, so a program can call MPI before Init. */
    public static class BeforeInit {
        public static void main(String[] args) {
            assertFalse(MPI.Initialized(), "Initialized before Init");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "COMM_WORLD.Rank before Init",
                    () -> MPI.COMM_WORLD.Rank(), "MPI.COMM_WORLD.Rank", "before MPI.Init");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "COMM_WORLD.Send before Init",
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0), "Send", "before MPI.Init");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "COMM_SELF.Size before Init",
                    () -> MPI.COMM_SELF.Size(), "MPI.COMM_SELF", "before MPI.Init");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Finalize before Init", MPI::Finalize, "before MPI.Init");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Buffer_attach before Init",
                    () -> MPI.Buffer_attach(new byte[8]), "before MPI.Init");
            MPI.Init(args);
            assertTrue(MPI.Initialized(), "Initialized after Init");
            MPI.Finalize();
        }
    }

    /** After Finalize every call raises MPI_ERR_OTHER saying so; Init cannot start MPI again. */
    public static class AfterFinalize {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            MPI.Finalize();
            assertTrue(MPI.Initialized(), "rank " + rank + ": Initialized stays true after Finalize");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "COMM_WORLD.Rank after Finalize",
                    () -> MPI.COMM_WORLD.Rank(), "after MPI.Finalize", "rank " + rank);
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Send after Finalize",
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0), "after MPI.Finalize");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Irecv after Finalize",
                    () -> MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 0), "after MPI.Finalize");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Barrier after Finalize",
                    () -> MPI.COMM_WORLD.Barrier(), "after MPI.Finalize");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Finalize twice", MPI::Finalize, "after MPI.Finalize");
            Expect.error(MPI.ERR_OTHER, "MPI_ERR_OTHER", "Init after Finalize", () -> MPI.Init(args), "after MPI.Finalize");
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2})
    @Timeout(30)
    void callsBeforeInitRaise(int np) {
        Jobs.runOk(np, BeforeInit.class);
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 3})
    @Timeout(30)
    void callsAfterFinalizeRaise(int np) {
        Jobs.runOk(np, AfterFinalize.class);
    }
}
