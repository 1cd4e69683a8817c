package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/** Requests: the Wait and Test families report each completion exactly once, with its index; Free, Is_null. */
class RequestsTest {
    /** Receives rank 0 posts per other rank. */
    static final int PER_RANK = 6;
    /** Ints in a large message: past the default eager limit. */
    static final int LARGE = 5000;

    enum Family { WAITANY, WAITSOME, TESTANY, TESTSOME }

    /**
     * Rank 0 posts PER_RANK receives from every other rank (plus a null entry and a receive from
     * PROC_NULL); the others send them in a shuffled order; rank 0 drains them with one family of
     * calls and checks that every index is reported exactly once, with its status and data.
     */
    public static class CompleteEachOnce {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            Family family = Family.valueOf(args[0]);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            if (rank == 0) {
                int n = (size - 1) * PER_RANK + 2;
                Request[] reqs = new Request[n];
                int[][] bufs = new int[n][];
                int[] sourceOf = new int[n];
                int[] tagOf = new int[n];
                for (int i = 0; i < n - 2; i++) {
                    sourceOf[i] = 1 + i / PER_RANK;
                    tagOf[i] = i % PER_RANK;
                    bufs[i] = new int[LARGE];
                    reqs[i] = MPI.COMM_WORLD.Irecv(bufs[i], 0, LARGE, MPI.INT, sourceOf[i], tagOf[i]);
                }
                reqs[n - 2] = null;
                bufs[n - 1] = new int[1];
                sourceOf[n - 1] = MPI.PROC_NULL;
                tagOf[n - 1] = MPI.ANY_TAG;
                reqs[n - 1] = MPI.COMM_WORLD.Irecv(bufs[n - 1], 0, 1, MPI.INT, MPI.PROC_NULL, 3);
                MPI.COMM_WORLD.Barrier();
                boolean[] seen = new boolean[n];
                int reported = 0;
                while (true) {
                    Status[] done = drain(family, reqs);
                    if (done == null) {
                        break;
                    }
                    for (Status s : done) {
                        int i = s.index;
                        String where = "rank 0, " + family + ": request " + i;
                        assertTrue(i >= 0 && i < n && i != n - 2, where + ": index out of range or the null entry");
                        assertFalse(seen[i], where + " was reported twice");
                        seen[i] = true;
                        reported++;
                        assertTrue(reqs[i].Is_null(), where + ": not null once reported");
                        assertEquals(sourceOf[i], s.source, where + ": status.source");
                        assertEquals(tagOf[i], s.tag, where + ": status.tag");
                        if (i < n - 2) {
                            int[] expected = message(sourceOf[i], tagOf[i]);
                            assertEquals(expected.length, s.Get_count(MPI.INT), where + ": Get_count");
                            for (int j = 0; j < expected.length; j++) {
                                assertEquals(expected[j], bufs[i][j], where + ": element " + j);
                            }
                        }
                    }
                }
                assertEquals(n - 1, reported, "rank 0, " + family + ": requests reported");
                assertEquals(MPI.UNDEFINED, Request.Waitany(reqs).index, "rank 0: Waitany of null requests");
                assertEquals(MPI.UNDEFINED, Request.Testany(reqs).index, "rank 0: Testany of null requests");
                assertEquals(0, Request.Waitsome(reqs).length, "rank 0: Waitsome of null requests");
                assertEquals(0, Request.Testsome(reqs).length, "rank 0: Testsome of null requests");
            } else {
                MPI.COMM_WORLD.Barrier();
                List<Integer> tags = new ArrayList<>();
                for (int t = 0; t < PER_RANK; t++) {
                    tags.add(t);
                }
                Random random = new Random(rank);
                Collections.shuffle(tags, random);
                for (int t : tags) {
                    int[] m = message(rank, t);
                    MPI.COMM_WORLD.Send(m, 0, m.length, MPI.INT, 0, t);
                    if (random.nextBoolean()) {
                        Thread.sleep(1);
                    }
                }
            }
            MPI.Finalize();
        }

        /** The statuses one call of the family reports; null when every request is null. */
        private static Status[] drain(Family family, Request[] reqs) {
            switch (family) {
                case WAITANY: {
                    Status s = Request.Waitany(reqs);
                    return s.index == MPI.UNDEFINED ? null : new Status[] {s};
                }
                case WAITSOME: {
                    Status[] s = Request.Waitsome(reqs);
                    assertTrue(s.length > 0 || allNull(reqs), "Waitsome returned nothing while requests are pending");
                    return s.length == 0 ? null : s;
                }
                case TESTANY: {
                    Status s;
                    while ((s = Request.Testany(reqs)) == null) {
                        Thread.onSpinWait();
                    }
                    return s.index == MPI.UNDEFINED ? null : new Status[] {s};
                }
                default: {
                    if (allNull(reqs)) {
                        return null;
                    }
                    return Request.Testsome(reqs);
                }
            }
        }

        private static boolean allNull(Request[] reqs) {
            for (Request r : reqs) {
                if (r != null && !r.Is_null()) {
                    return false;
                }
            }
            return true;
        }

        static int[] message(int source, int tag) {
            int[] m = new int[tag % 3 == 2 ? LARGE : 1 + tag];
            Payload.INT.fill(m, 0, m.length, source * 100L + tag);
            return m;
        }
    }

    static Stream<Arguments> familyCases() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(2, 3, 4, 5, 8)
                .flatMap(np -> Stream.of(Family.values()).map(f -> Arguments.of(dev, np, f))));
    }

    @ParameterizedTest(name = "{0} np={1} {2}")
    @MethodSource("familyCases")
    @Timeout(90)
    void waitAndTestFamiliesReportEachRequestOnce(String dev, int np, Family family) {
        Jobs.runOk(np, Map.of("mpj.device", dev), CompleteEachOnce.class, family.name());
    }

    /**
     * Testall consumes nothing until every request is complete, then returns the statuses in array
     * order; Waitall skips null entries; Wait and Test of a null request return at once; Free lets
     * the operation complete; Status.index is UNDEFINED outside the any/some calls.
     */
    public static class AllAndFree {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int last = size - 1;
            int[] go = new int[1];
            if (rank == last) {
                int[][] in = new int[3][LARGE];
                Request[] reqs = new Request[3];
                for (int t = 0; t < 3; t++) {
                    reqs[t] = MPI.COMM_WORLD.Irecv(in[t], 0, LARGE, MPI.INT, 0, t);
                }
                assertNull(Request.Testall(reqs), "rank " + rank + ": Testall before any send");
                for (Request r : reqs) {
                    assertFalse(r.Is_null(), "rank " + rank + ": Testall consumed a request while returning null");
                }
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, 0, 50);
                MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, 0, 51);
                assertNull(Request.Testall(reqs), "rank " + rank + ": Testall with one of three complete");
                assertFalse(reqs[1].Is_null(), "rank " + rank + ": Testall consumed the complete request");
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, 0, 52);
                Status[] all;
                while ((all = Request.Testall(reqs)) == null) {
                    Thread.onSpinWait();
                }
                for (int t = 0; t < 3; t++) {
                    assertEquals(t, all[t].tag, "rank " + rank + ": Testall status " + t + " tag");
                    assertEquals(t + 10, in[t][0], "rank " + rank + ": Testall data " + t);
                    assertTrue(reqs[t].Is_null(), "rank " + rank + ": request " + t + " null after Testall");
                }
                // Waitall with a null entry and a freed request.
                int[] a = new int[1], b = new int[1];
                Request freed = MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, 0, 61);
                freed.Free();
                assertTrue(freed.Is_null(), "rank " + rank + ": a freed request is null");
                assertNotNull(freed.Wait(), "rank " + rank + ": Wait of a null request");
                assertEquals(MPI.UNDEFINED, freed.Wait().index, "rank " + rank + ": index of a plain Wait's status");
                assertNotNull(freed.Test(), "rank " + rank + ": Test of a null request");
                Request[] mixed = {null, MPI.COMM_WORLD.Irecv(a, 0, 1, MPI.INT, 0, 60), freed};
                Status[] ss = Request.Waitall(mixed);
                assertEquals(3, ss.length, "rank " + rank + ": Waitall statuses");
                assertEquals(60, ss[1].tag, "rank " + rank + ": Waitall status of the live request");
                assertEquals(6, a[0], "rank " + rank + ": Waitall data");
                MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, 0, 62);
                assertEquals(7, b[0], "rank " + rank + ": the freed receive still completes (its message came before tag 62's)");
                Request r = MPI.COMM_WORLD.Irecv(a, 0, 1, MPI.INT, 0, 63);
                Status w = r.Wait();
                assertEquals(MPI.UNDEFINED, w.index, "rank " + rank + ": index of a plain Wait's status");
                assertTrue(r.Is_null(), "rank " + rank + ": null after Wait");
                assertEquals(MPI.ANY_SOURCE, r.Wait().source, "rank " + rank + ": a second Wait returns an empty status");
            }
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, last, 50);
                MPI.COMM_WORLD.Send(new int[] {11}, 0, 1, MPI.INT, last, 1);
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, last, 51);
                MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, last, 52);
                int[] big = new int[LARGE];
                big[0] = 10;
                Request s0 = MPI.COMM_WORLD.Isend(big, 0, LARGE, MPI.INT, last, 0);
                s0.Free();
                assertTrue(s0.Is_null(), "rank 0: a freed send request is null");
                MPI.COMM_WORLD.Send(new int[] {12}, 0, 1, MPI.INT, last, 2);
                MPI.COMM_WORLD.Send(new int[] {6}, 0, 1, MPI.INT, last, 60);
                MPI.COMM_WORLD.Send(new int[] {7}, 0, 1, MPI.INT, last, 61);
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, last, 62);
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, last, 63);
            }
            MPI.Finalize();
        }
    }

    static Stream<Arguments> allAndFreeCases() {
        return Stream.of("shm", "tcp").flatMap(dev -> Stream.of(2, 3, 4, 5, 8).map(np -> Arguments.of(dev, np)));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("allAndFreeCases")
    @Timeout(90)
    void testallWaitallFreeAndNullRequests(String dev, int np) {
        Jobs.runOk(np, Map.of("mpj.device", dev), AllAndFree.class);
    }
}
