package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;

/** One 64 MiB message, every byte checked: received into a posted receive, and waiting for one. */
class LargeMessageTest {
    static final int BYTES = 64 << 20;

    public static class SixtyFourMiB {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int peer = size - 1;
            byte[] out = rank == 0 ? new byte[BYTES + 1] : null;
            if (out != null) {
                Payload.BYTE.fill(out, 1, BYTES, 64);
            }
            byte[] in = rank == peer ? new byte[BYTES] : null;
            for (boolean receiveFirst : new boolean[] {true, false}) {
                String where = "rank " + rank + ", 64 MiB " + (receiveFirst ? "into a posted receive" : "before its receive");
                Request r = rank == peer && receiveFirst ? MPI.COMM_WORLD.Irecv(in, 0, BYTES, MPI.BYTE, 0, 1) : null;
                Request s = rank == 0 && !receiveFirst ? MPI.COMM_WORLD.Isend(out, 1, BYTES, MPI.BYTE, peer, 1) : null;
                MPI.COMM_WORLD.Barrier();
                if (rank == 0 && receiveFirst) {
                    MPI.COMM_WORLD.Send(out, 1, BYTES, MPI.BYTE, peer, 1);
                }
                if (rank == peer) {
                    Status st = r != null ? r.Wait() : MPI.COMM_WORLD.Recv(in, 0, BYTES, MPI.BYTE, 0, 1);
                    assertEquals(BYTES, st.Get_count(MPI.BYTE), where + ": Get_count");
                    Payload.verifyBytes(in, 0, BYTES, 64, where);
                    java.util.Arrays.fill(in, (byte) 0);
                }
                if (s != null) {
                    s.Wait();
                }
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2})
    @Timeout(60)
    void sixtyFourMebibytesArriveIntact(int np) {
        Jobs.runOk(np, SixtyFourMiB.class);
    }
}
