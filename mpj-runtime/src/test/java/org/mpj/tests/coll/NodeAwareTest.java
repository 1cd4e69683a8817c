package org.mpj.tests.coll;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.Jobs;

/**
 * What the correctness matrix (which forces every algorithm on shm, one node) does not cover of the
 * node-aware algorithms: the shared ones' fallback on tcp, whose ranks do not share arrays; the
 * hierarchical ones across nodes (simulated on shm with mpj.shm.ranksPerNode); and long runs of
 * back-to-back calls in which a rank running ahead would overwrite a buffer still being read.
 */
class NodeAwareTest {
    static final List<Integer> RANKS = List.of(2, 3, 5);
    /** Every primitive that has a "shared" algorithm, forced to it. */
    static final Map<String, String> FORCED = Stream.of("barrier", "bcast", "allgather", "allgatherv", "alltoall",
            "alltoallv", "allreduce", "gather", "scatter", "reduce", "reduce_scatter", "scan")
            .collect(java.util.stream.Collectors.toMap(p -> "mpj.coll." + p, p -> "shared"));

    static Stream<Arguments> cases() {
        return RANKS.stream().flatMap(np -> Stream.of("Bcast", "Allgather", "Allgatherv", "Alltoall", "Alltoallv", "Barrier", "Allreduce",
                "Gather", "Scatter", "Reduce", "Reduce_scatter", "Scan")
                .map(prim -> Arguments.of(np, prim)));
    }

    /**
     * Back-to-back calls with rotating roots and sizes on both sides of the staging limit, each
     * result checked: a rank that ran ahead and rewrote a buffer or stage still being read shows up
     * as a wrong value.
     */
    public static class Mixed {
        public static void main(String[] args) {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            int[] sizes = {1, 7, 4096, 4097, 20000};
            for (int i = 0; i < 600; i++) {
                int n = sizes[i % sizes.length], root = (i / 2) % p;
                long[] x = new long[n];
                if (me == root) {
                    java.util.Arrays.fill(x, 1000L * i + root);
                }
                w.Bcast(x, 0, n, mpi.MPI.LONG, root);
                check(x[0] == 1000L * i + root && x[n - 1] == x[0], "Bcast", i, x[0]);
                long[] in = new long[n], out = new long[n];
                java.util.Arrays.fill(in, me + i);
                w.Allreduce(in, 0, out, 0, n, mpi.MPI.LONG, mpi.MPI.SUM);
                long sum = (long) p * i + (long) p * (p - 1) / 2;
                check(out[0] == sum && out[n - 1] == sum, "Allreduce", i, out[0]);
                int m = Math.max(1, n / p);
                int[] blk = new int[m], all = new int[m * p];
                java.util.Arrays.fill(blk, me * 7 + i);
                w.Allgather(blk, 0, m, mpi.MPI.INT, all, 0, m, mpi.MPI.INT);
                for (int r = 0; r < p; r++) {
                    check(all[r * m] == r * 7 + i && all[r * m + m - 1] == r * 7 + i, "Allgather", i, all[r * m]);
                }
                int[] to = new int[m * p], from = new int[m * p];
                for (int r = 0; r < p; r++) {
                    java.util.Arrays.fill(to, r * m, r * m + m, 100 * me + r + i);
                }
                w.Alltoall(to, 0, m, mpi.MPI.INT, from, 0, m, mpi.MPI.INT);
                for (int r = 0; r < p; r++) {
                    int want = 100 * r + me + i;
                    check(from[r * m] == want && from[r * m + m - 1] == want, "Alltoall", i, from[r * m]);
                }
                // The v-variants: blocks of m and m + 1 items, placed with a gap of one item between them.
                int[] vCounts = new int[p], vDispls = new int[p];
                int at = 0;
                for (int r = 0; r < p; r++) {
                    vCounts[r] = m + r % 2;
                    vDispls[r] = at;
                    at += vCounts[r] + 1;
                }
                int[] blkV = new int[vCounts[me]], allV = new int[at];
                java.util.Arrays.fill(blkV, me * 7 + i);
                w.Allgatherv(blkV, 0, vCounts[me], mpi.MPI.INT, allV, 0, vCounts, vDispls, mpi.MPI.INT);
                for (int r = 0; r < p; r++) {
                    int first = allV[vDispls[r]], last = allV[vDispls[r] + vCounts[r] - 1];
                    check(first == r * 7 + i && last == first, "Allgatherv", i, first);
                }
                int[] sendCounts = new int[p], sendDispls = new int[p], recvCounts = new int[p], recvDispls = new int[p];
                int sendAt = 0, recvAt = 0;
                for (int r = 0; r < p; r++) {
                    sendCounts[r] = m + (me + r) % 2;
                    sendDispls[r] = sendAt;
                    sendAt += sendCounts[r];
                    recvCounts[r] = sendCounts[r];
                    recvDispls[r] = recvAt;
                    recvAt += recvCounts[r] + 1;
                }
                int[] toV = new int[sendAt], fromV = new int[recvAt];
                for (int r = 0; r < p; r++) {
                    java.util.Arrays.fill(toV, sendDispls[r], sendDispls[r] + sendCounts[r], 100 * me + r + i);
                }
                w.Alltoallv(toV, 0, sendCounts, sendDispls, mpi.MPI.INT, fromV, 0, recvCounts, recvDispls, mpi.MPI.INT);
                for (int r = 0; r < p; r++) {
                    int want = 100 * r + me + i, first = fromV[recvDispls[r]];
                    check(first == want && fromV[recvDispls[r] + recvCounts[r] - 1] == want, "Alltoallv", i, first);
                }
                long[] total = new long[n];
                w.Reduce(in, 0, total, 0, n, mpi.MPI.LONG, mpi.MPI.SUM, root);
                if (me == root) {
                    check(total[0] == sum && total[n - 1] == sum, "Reduce", i, total[0]);
                }
                int[] gathered = new int[m * p];
                w.Gather(blk, 0, m, mpi.MPI.INT, gathered, 0, m, mpi.MPI.INT, root);
                for (int r = 0; me == root && r < p; r++) {
                    check(gathered[r * m] == r * 7 + i && gathered[r * m + m - 1] == r * 7 + i, "Gather", i,
                            gathered[r * m]);
                }
                int[] mine = new int[m];
                w.Scatter(to, 0, m, mpi.MPI.INT, mine, 0, m, mpi.MPI.INT, root);
                int sent = 100 * root + me + i;
                check(mine[0] == sent && mine[m - 1] == sent, "Scatter", i, mine[0]);
                int[] counts = new int[p];
                int items = 0;
                for (int r = 0; r < p; r++) {
                    counts[r] = m + r % 2;
                    items += counts[r];
                }
                long[] vector = new long[items], block = new long[counts[me]];
                java.util.Arrays.fill(vector, me + i);
                w.Reduce_scatter(vector, 0, block, 0, counts, mpi.MPI.LONG, mpi.MPI.SUM);
                check(block[0] == sum && block[counts[me] - 1] == sum, "Reduce_scatter", i, block[0]);
                long[] prefix = new long[n];
                w.Scan(in, 0, prefix, 0, n, mpi.MPI.LONG, mpi.MPI.SUM);
                long upToMe = (long) (me + 1) * i + (long) me * (me + 1) / 2;
                check(prefix[0] == upToMe && prefix[n - 1] == upToMe, "Scan", i, prefix[0]);
            }
            mpi.MPI.Finalize();
        }

        static void check(boolean ok, String call, int i, long got) {
            if (!ok) {
                throw new AssertionError(call + " call " + i + " gave " + got);
            }
        }
    }

    /**
     * Both ways of the shared algorithms with short messages: where ranks outnumber cores (one core),
     * through stages but for a primitive's 1st, 2nd, 4th ... call, straight; where each rank has a core
     * (64), straight out of the owners' buffers.
     */
    static Stream<Arguments> mixedCases() {
        return Stream.of(2, 3, 8).flatMap(np -> Stream.of(1, 64).map(cores -> Arguments.of(np, cores)));
    }

    @ParameterizedTest(name = "mixed np={0}, {1} cores")
    @MethodSource("mixedCases")
    @Timeout(120)
    void backToBackCallsNeverReadARewrittenBuffer(int np, int cores) {
        Map<String, String> settings = new java.util.HashMap<>(FORCED);
        settings.put("mpj.coresOnHost", Integer.toString(cores));
        Jobs.runOk(np, settings, Mixed.class);
    }

    /**
     * Alltoallv where one rank's data is long (published) and the others' short (staged) in the same
     * call, the long one moving from rank to rank call after call; blocks of no items, blocks laid out
     * in reverse rank order and a first block before the send offset (a negative displacement).
     */
    public static class AlltoallvLongAndShort {
        static final int LONG = 6000;
        static final int OFFSET = 8;

        static int items(int from, int to, int call, int p) {
            if ((from + to + call) % 3 == 2) {
                return 0;
            }
            return from == call % p ? LONG + to : 3 + (from + to) % 2;
        }

        public static void main(String[] args) {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            // One send array for every call: a rank that left while others still read its data would
            // overwrite it with the next call's values.
            int[] send = new int[p * (LONG + p + 1)];
            for (int i = 0; i < 300; i++) {
                int[] sendCounts = new int[p], sendDispls = new int[p], recvCounts = new int[p], recvDispls = new int[p];
                int at = 0;
                for (int r = p - 1; r >= 0; r--) {
                    sendCounts[r] = items(me, r, i, p);
                    sendDispls[r] = at - OFFSET;
                    at += sendCounts[r] + 1;
                }
                for (int r = 0; r < p; r++) {
                    java.util.Arrays.fill(send, OFFSET + sendDispls[r], OFFSET + sendDispls[r] + sendCounts[r],
                            1000 * me + r + 7 * i);
                }
                int received = 0;
                for (int r = 0; r < p; r++) {
                    recvCounts[r] = items(r, me, i, p);
                    recvDispls[r] = received;
                    received += recvCounts[r] + 1;
                }
                int[] recv = new int[received];
                java.util.Arrays.fill(recv, -1);
                w.Alltoallv(send, OFFSET, sendCounts, sendDispls, mpi.MPI.INT, recv, 0, recvCounts, recvDispls,
                        mpi.MPI.INT);
                for (int r = 0; r < p; r++) {
                    int want = 1000 * r + me + 7 * i, n = recvCounts[r];
                    for (int j : new int[] {0, n / 2, n - 1}) {
                        if (n > 0) {
                            Mixed.check(recv[recvDispls[r] + j] == want, "Alltoallv from " + r, i, recv[recvDispls[r] + j]);
                        }
                    }
                    Mixed.check(recv[recvDispls[r] + n] == -1, "Alltoallv past the block from " + r, i,
                            recv[recvDispls[r] + n]);
                }
            }
            mpi.MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "np={0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {2, 3, 5, 8})
    @Timeout(120)
    void alltoallvWithLongAndShortDataInOneCall(int np) {
        Jobs.runOk(np, FORCED, AlltoallvLongAndShort.class);
    }

    /**
     * Gather and Reduce alternating between blocks below and above the sizes that the shared ones
     * stage, with rotating roots: short and long calls pass different synchronisation steps, and a
     * call that counted a step it did not pass would leave the next short call waiting forever.
     */
    public static class ShortAndLongRooted {
        public static void main(String[] args) {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            int[] sizes = {3, 9000, 5, 20000, 4096, 4097};
            for (int i = 0; i < 300; i++) {
                int root = (i / 2) % p, n = sizes[i % sizes.length];
                int[] in = new int[n], out = new int[n * p];
                java.util.Arrays.fill(in, me + i);
                w.Gather(in, 0, n, mpi.MPI.INT, out, 0, n, mpi.MPI.INT, root);
                for (int r = 0; me == root && r < p; r++) {
                    Mixed.check(out[r * n] == r + i && out[r * n + n - 1] == r + i, "Gather", i, out[r * n]);
                }
                long[] v = new long[n], sum = new long[n];
                java.util.Arrays.fill(v, me);
                w.Reduce(v, 0, sum, 0, n, mpi.MPI.LONG, mpi.MPI.SUM, root);
                Mixed.check(me != root || sum[n - 1] == (long) p * (p - 1) / 2, "Reduce", i, sum[n - 1]);
            }
            mpi.MPI.Finalize();
        }
    }

    /**
     * Long Reduces (past the staging limit, where every rank folds a slice of every vector into the
     * root's receive buffer) with an operator that is not commutative, mixed with short ones and
     * Allreduces: item k of the result must be rank 0's item k (x op y = x), and a sum must hold at
     * every item, whichever rank folded its slice.
     */
    public static class LongReduceInRankOrder {
        public static void main(String[] args) {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            mpi.Op first = new mpi.Op(new mpi.User_function() {
                @Override
                public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, mpi.Datatype type) {
                    System.arraycopy(in, inOffset, inout, inoutOffset, count);
                }
            }, false);
            int[] sizes = {70_000, 17, 20_000, 16_385, 100_003};
            for (int i = 0; i < 40; i++) {
                int root = (i * 3) % p, n = sizes[i % sizes.length];
                int[] in = new int[n], got = new int[n];
                for (int k = 0; k < n; k++) {
                    in[k] = 1_000_000 * me + k + i;
                }
                w.Reduce(in, 0, got, 0, n, mpi.MPI.INT, first, root);
                for (int k = 0; me == root && k < n; k++) {
                    Mixed.check(got[k] == k + i, "Reduce(first) item " + k, i, got[k]);
                }
                w.Reduce(in, 0, got, 0, n, mpi.MPI.INT, mpi.MPI.SUM, root);
                for (int k = 0; me == root && k < n; k++) {
                    Mixed.check(got[k] == 1_000_000 * p * (p - 1) / 2 + p * (k + i), "Reduce(sum) item " + k, i, got[k]);
                }
                int[] all = new int[n];
                w.Allreduce(in, 0, all, 0, n, mpi.MPI.INT, first);
                Mixed.check(all[n - 1] == n - 1 + i, "Allreduce(first)", i, all[n - 1]);
            }
            mpi.MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "long reduce in rank order np={0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {2, 3, 4, 5, 8})
    @Timeout(60)
    void longReducesFoldEverySliceInRankOrder(int np) {
        Jobs.runOk(np, FORCED, LongReduceInRankOrder.class);
    }

    @ParameterizedTest(name = "short and long rooted calls np={0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {3, 5, 8})
    @Timeout(60)
    void shortAndLongRootedCallsAlternate(int np) {
        Jobs.runOk(np, FORCED, ShortAndLongRooted.class);
    }

    /**
     * Reductions whose ranks describe their items with different layouts of one type signature (two
     * ints: rank 0 with a hole between them, the others contiguous), short (staged) and long: the
     * shared algorithms, which combine buffers item by item, must see it and still give every rank
     * the right result, and leave the holes alone.
     */
    public static class MixedLayouts {
        static final int HOLE = -7;

        public static void main(String[] args) {
            mpi.MPI.Init(args);
            mpi.Intracomm w = mpi.MPI.COMM_WORLD;
            int me = w.Rank(), p = w.Size();
            mpi.Datatype pair = me == 0 ? mpi.Datatype.Vector(2, 1, 2, mpi.MPI.INT) : mpi.Datatype.Contiguous(2, mpi.MPI.INT);
            pair.Commit();
            int extent = me == 0 ? 3 : 2;
            for (int n : new int[] {3, 5000}) {
                int[] in = inputs(n, extent, me);
                int[] out = holes(n, extent);
                w.Allreduce(in, 0, out, 0, n, pair, mpi.MPI.SUM);
                expect(out, n, extent, p - 1, "Allreduce");
                out = holes(n, extent);
                w.Scan(in, 0, out, 0, n, pair, mpi.MPI.SUM);
                expect(out, n, extent, me, "Scan");
                int[] counts = new int[p];
                for (int r = 0; r < p; r++) {
                    counts[r] = n / p + (r < n % p ? 1 : 0);
                }
                int first = 0;
                for (int r = 0; r < me; r++) {
                    first += counts[r];
                }
                out = holes(counts[me], extent);
                w.Reduce_scatter(in, 0, out, 0, counts, pair, mpi.MPI.SUM);
                for (int i = 0; i < counts[me]; i++) {
                    expectItem(out, i, extent, p - 1, first + i, "Reduce_scatter");
                }
            }
            mpi.MPI.Finalize();
        }

        /** n items of two ints at the given extent: (r + i, r * i) for rank r, the holes HOLE. */
        static int[] inputs(int n, int extent, int r) {
            int[] a = holes(n, extent);
            for (int i = 0; i < n; i++) {
                a[i * extent] = r + i;
                a[i * extent + extent - 1] = r * i;
            }
            return a;
        }

        static int[] holes(int n, int extent) {
            int[] a = new int[n * extent];
            java.util.Arrays.fill(a, HOLE);
            return a;
        }

        static void expect(int[] a, int n, int extent, int last, String call) {
            for (int i = 0; i < n; i++) {
                expectItem(a, i, extent, last, i, call);
            }
        }

        /** Item {@code at} of {@code a} holds the sum over ranks 0..last of input item {@code i}. */
        static void expectItem(int[] a, int at, int extent, int last, int i, String call) {
            long first = 0, second = 0;
            for (int r = 0; r <= last; r++) {
                first += r + i;
                second += (long) r * i;
            }
            boolean ok = a[at * extent] == first && a[at * extent + extent - 1] == second
                    && (extent == 2 || a[at * extent + 1] == HOLE);
            if (!ok) {
                throw new AssertionError(call + ": item " + at + " is (" + a[at * extent] + ", "
                        + a[at * extent + extent - 1] + "), hole " + (extent == 2 ? "-" : a[at * extent + 1])
                        + "; expected (" + first + ", " + second + ")");
            }
        }
    }

    @ParameterizedTest(name = "mixed layouts np={0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {2, 3, 5})
    @Timeout(60)
    void reductionsOverDifferentLayoutsOfOneSignature(int np) {
        Jobs.runOk(np, FORCED, MixedLayouts.class);
    }

    /** Primitives with a hierarchical algorithm. */
    static final List<String> HIERARCHICAL = List.of("Bcast", "Barrier", "Allreduce", "Reduce", "Gather", "Scatter",
            "Allgather", "Alltoall");

    /**
     * Nodes of 2 and of 3 ranks simulated on shm, even and uneven (7 ranks: 3 + 3 + 1): the
     * hierarchical algorithms and the shared ones' fallback.
     */
    static Stream<Arguments> nodeCases() {
        return Stream.of(2, 3).flatMap(perNode -> Stream.of(2, 3, 5, 7, 8).flatMap(np ->
                HIERARCHICAL.stream().map(prim -> Arguments.of(perNode, np, prim))));
    }

    static Map<String, String> hierarchical(int ranksPerNode) {
        Map<String, String> s = new java.util.HashMap<>(FORCED);
        s.put("mpj.shm.ranksPerNode", Integer.toString(ranksPerNode));
        s.put("mpj.coll.barrier", "hierarchical");
        s.put("mpj.coll.bcast", "hierarchical");
        s.put("mpj.coll.allreduce", "hierarchical");
        s.put("mpj.coll.reduce", "hierarchical");
        s.put("mpj.coll.gather", "hierarchical");
        s.put("mpj.coll.scatter", "hierarchical");
        s.put("mpj.coll.allgather", "hierarchical");
        s.put("mpj.coll.alltoall", "hierarchical");
        return s;
    }

    @ParameterizedTest(name = "{0} ranks per node, np={1} {2}")
    @MethodSource("nodeCases")
    @Timeout(60)
    void hierarchicalAcrossNodes(int ranksPerNode, int np, String primitive) {
        run(np, primitive, hierarchical(ranksPerNode));
    }

    @ParameterizedTest(name = "mixed hierarchical np={0}, {1} per node")
    @org.junit.jupiter.params.provider.CsvSource({"5, 2", "8, 2", "7, 3"})
    @Timeout(120)
    void backToBackHierarchicalCalls(int np, int perNode) {
        Jobs.runOk(np, hierarchical(perNode), Mixed.class);
    }

    /**
     * A communicator whose nodes interleave (Split keys ordering the ranks by their place in their node:
     * 6 ranks in nodes of 2 become nodes 0 1 2 0 1 2): Gather, Scatter, Allgather, Alltoall and a
     * non-commutative Reduce cannot keep their layout or rank order by nodes and must still agree with
     * the reference.
     */
    public static class Interleaved {
        public static void main(String[] args) {
            mpi.MPI.Init(args);
            int me = mpi.MPI.COMM_WORLD.Rank(), p = mpi.MPI.COMM_WORLD.Size(), perNode = Integer.parseInt(args[0]);
            mpi.Intracomm c = mpi.MPI.COMM_WORLD.Split(0, (me % perNode) * p + me);
            MovementCases movement = new MovementCases(false);
            ReductionCases.Runner reductions = new ReductionCases.Runner(false);
            for (String primitive : HIERARCHICAL) {
                switch (primitive) {
                    case "Barrier": CollMatrixTest.Matrix.barrier(c, "interleaved"); break;
                    case "Reduce": case "Allreduce": reductions.run(primitive, c, "interleaved"); break;
                    default: movement.run(primitive, c, "interleaved");
                }
            }
            c.Free();
            mpi.MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "interleaved nodes np={0}, {1} per node")
    @org.junit.jupiter.params.provider.CsvSource({"6, 2", "7, 3"})
    @Timeout(60)
    void interleavedNodesAgreeWithReference(int np, int perNode) {
        Jobs.runOk(np, hierarchical(perNode), Interleaved.class, Integer.toString(perNode));
    }

    /**
     * Hybrid jobs (JVMs of 2 and 3 thread ranks): the table's choice, hierarchical where nodes hold
     * several ranks, shared-memory on sub-communicators that Split leaves inside one JVM.
     */
    @ParameterizedTest(name = "hybrid {1} per JVM, np={0}")
    @org.junit.jupiter.params.provider.CsvSource({"5, 2", "7, 3"})
    @Timeout(180)
    void collectivesAcrossJvms(int np, int perJvm) {
        Jobs.runOk(Jobs.Launch.hybrid(perJvm), np, CollMatrixTest.Matrix.class, "quick",
                "Barrier,Bcast,Allreduce,Allgather,Alltoall,Reduce,Gather,Scatter,Scan");
    }

    /** Runs {@code primitive} as the correctness matrix does, against its sequential reference. */
    private static void run(int np, String primitive, Map<String, String> settings) {
        Jobs.runOk(np, settings, CollMatrixTest.Matrix.class, "quick", primitive);
    }

    @ParameterizedTest(name = "tcp np={0} {1}")
    @MethodSource("cases")
    @Timeout(60)
    void fallsBackWhereRanksDoNotShareMemory(int np, String primitive) {
        Map<String, String> tcp = new java.util.HashMap<>(FORCED);
        tcp.put("mpj.device", "tcp");
        run(np, primitive, tcp);
    }
}
