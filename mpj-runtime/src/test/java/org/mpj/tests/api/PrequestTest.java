package org.mpj.tests.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

class PrequestTest {
    static final int ROUNDS = 100;

    /**
     * A ring of persistent requests restarted 100 times, alternating Waitall and Test-polling, with a
     * message large enough (past the eager limit) to take the rendezvous path every other round.
     */
    public static class RingRestarted {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm c = MPI.COMM_WORLD;
            int rank = c.Rank(), p = c.Size(), right = (rank + 1) % p, left = (rank + p - 1) % p;
            int n = 64 * 1024;
            int[] out = new int[n], in = new int[n];
            Prequest recv = c.Recv_init(in, 0, n, MPI.INT, left, 3);
            Prequest send = c.Send_init(out, 0, n, MPI.INT, right, 3);
            assertFalse(recv.Is_null());
            for (int round = 0; round < ROUNDS; round++) {
                out[0] = rank * 1000 + round;
                out[n - 1] = -out[0];
                int count = round % 2 == 0 ? n : 1;
                Prequest.Startall(new Prequest[] {recv, round % 2 == 0 ? send : null});
                Prequest small = round % 2 == 0 ? null : c.Send_init(out, 0, 1, MPI.INT, right, 3);
                if (small != null) {
                    small.Start();
                }
                Status s;
                if (round % 3 == 0) {
                    Status[] all = Request.Waitall(new Request[] {recv, round % 2 == 0 ? send : small});
                    s = all[0];
                } else {
                    while ((s = recv.Test()) == null) {
                        Thread.yield();
                    }
                    (round % 2 == 0 ? send : small).Wait();
                }
                assertEquals(left, s.source);
                assertEquals(count, s.Get_count(MPI.INT));
                assertEquals(left * 1000 + round, in[0], "round " + round);
                if (count == n) {
                    assertEquals(-(left * 1000 + round), in[n - 1]);
                }
                assertFalse(recv.Is_null(), "an inactive persistent request is not null");
                Status idle = recv.Wait();
                assertNotNull(idle);
                if (small != null) {
                    small.Free();
                }
            }
            recv.Free();
            send.Free();
            assertTrue(recv.Is_null());
            MPIException e = assertThrows(MPIException.class, recv::Start);
            assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
            MPI.Finalize();
        }
    }

    /** Ssend_init, Rsend_init and Bsend_init between pairs, Start on an active request, and Cancel. */
    public static class SendModes {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm c = MPI.COMM_WORLD;
            int rank = c.Rank(), p = c.Size(), partner = rank ^ 1;
            if (partner >= p) {
                partner = MPI.PROC_NULL;
            }
            MPI.Buffer_attach(new byte[4096]);
            double[] out = new double[4], in = new double[4];
            Prequest recv = c.Recv_init(in, 0, 4, MPI.DOUBLE, partner, 9);
            Prequest[] sends = {
                c.Ssend_init(out, 0, 4, MPI.DOUBLE, partner, 9),
                c.Rsend_init(out, 0, 4, MPI.DOUBLE, partner, 9),
                c.Bsend_init(out, 0, 4, MPI.DOUBLE, partner, 9),
            };
            for (int round = 0; round < 3 * 10; round++) {
                Prequest send = sends[round % 3];
                java.util.Arrays.fill(out, rank + round / 10.0);
                recv.Start();
                MPI.COMM_WORLD.Barrier();   // Rsend needs the receive posted
                send.Start();
                Request.Waitall(new Request[] {send, recv});
                if (partner != MPI.PROC_NULL) {
                    assertArrayEquals(new double[] {partner + round / 10.0, partner + round / 10.0,
                        partner + round / 10.0, partner + round / 10.0}, in);
                }
            }
            recv.Start();
            MPIException e = assertThrows(MPIException.class, recv::Start);
            assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
            assertTrue(e.getMessage().contains("still active"), e.getMessage());
            recv.Cancel();
            Status s = recv.Wait();
            assertEquals(partner != MPI.PROC_NULL, s.Test_cancelled());
            recv.Free();
            e = assertThrows(MPIException.class, () -> c.Send_init(out, 0, 4, MPI.DOUBLE, p, 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            for (Prequest q : sends) {
                q.Free();
            }
            MPI.Buffer_detach();
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("org.mpj.tests.api.ApiCases#devicesAndRanks")
    @Timeout(90)
    void ringOfPersistentRequestsRestarted100Times(String dev, int np) {
        Jobs.runOk(np, ApiCases.on(dev), RingRestarted.class);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("org.mpj.tests.api.ApiCases#devicesAndRanks")
    @Timeout(90)
    void everySendModeRestartsAndActiveStartFails(String dev, int np) {
        Jobs.runOk(np, ApiCases.on(dev), SendModes.class);
    }
}
