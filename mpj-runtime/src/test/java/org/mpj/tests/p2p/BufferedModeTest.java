package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.stream.Stream;
import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * Buffered mode on every rank count and device: a Bsend that does not fit the attached buffer fails
 * with MPI_ERR_BUFFER naming both sizes, one byte more fits, and MPJ Express's forms
 * ({@code Buffer_attach(ByteBuffer)}, {@code Buffer_detach()} as a statement) work beside mpiJava's.
 */
class BufferedModeTest {
    static final int INTS = 100;
    static final int BYTES = INTS * 4;

    static Stream<Arguments> devicesAndRanks() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(1, 2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    public static class TooSmallThenExact {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int next = (rank + 1) % size, prev = (rank + size - 1) % size;
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            int[] out = new int[INTS], in = new int[INTS];
            for (int i = 0; i < INTS; i++) {
                out[i] = rank * 1000 + i;
            }
            int[] expected = new int[INTS];
            for (int i = 0; i < INTS; i++) {
                expected[i] = prev * 1000 + i;
            }
            String where = "rank " + rank + " of " + size;

            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", where + ": Bsend with no buffer",
                    () -> MPI.COMM_WORLD.Bsend(out, 0, INTS, MPI.INT, next, 1), "no buffer is attached");
            byte[] tooSmall = new byte[BYTES + MPI.BSEND_OVERHEAD - 1];
            MPI.Buffer_attach(tooSmall);
            Expect.error(MPI.ERR_BUFFER, "MPI_ERR_BUFFER", where + ": Bsend one byte too big",
                    () -> MPI.COMM_WORLD.Bsend(out, 0, INTS, MPI.INT, next, 1), BYTES + " bytes",
                    Integer.toString(tooSmall.length));
            assertSame(tooSmall, MPI.Buffer_detach(), where + ": detach returns the attached array");

            byte[] exact = new byte[BYTES + MPI.BSEND_OVERHEAD];
            MPI.Buffer_attach(exact);
            MPI.COMM_WORLD.Bsend(out, 0, INTS, MPI.INT, next, 2);
            MPI.COMM_WORLD.Recv(in, 0, INTS, MPI.INT, prev, 2);
            assertArrayEquals(expected, in, where + ": Bsend into a buffer of exactly size + overhead");
            assertSame(exact, MPI.Buffer_detach(), where);

            // MPJ Express's signatures: a ByteBuffer attached, Buffer_detach() as a statement.
            MPI.Buffer_attach(ByteBuffer.allocateDirect(2 * (BYTES + MPI.BSEND_OVERHEAD)));
            MPI.COMM_WORLD.Bsend(out, 0, INTS, MPI.INT, next, 3);
            MPI.COMM_WORLD.Bsend(out, 1, INTS - 1, MPI.INT, next, 4);
            MPI.Buffer_detach();
            MPI.COMM_WORLD.Recv(in, 0, INTS, MPI.INT, prev, 3);
            assertArrayEquals(expected, in, where + ": first Bsend through a ByteBuffer");
            MPI.COMM_WORLD.Recv(in, 0, INTS - 1, MPI.INT, prev, 4);
            for (int i = 0; i < INTS - 1; i++) {
                if (in[i] != expected[i + 1]) {
                    throw new AssertionError(where + ": second Bsend, element " + i + ": " + in[i] + " != " + expected[i + 1]);
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("devicesAndRanks")
    @Timeout(90)
    void bsendNeedsRoomForDataAndOverhead(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), TooSmallThenExact.class);
    }
}
