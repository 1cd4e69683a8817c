package org.mpj.tests.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.runtime.Jobs;

/**
 * The segmented tree engine's algorithms and those of native MPIs (Bcast linear/pipeline/kchain/
 * segBinomial/binary/splitBinary, Reduce over every tree, Allreduce rabenseifner/ring, Allgather and
 * Alltoall bruck, Alltoall linear, Barrier flat/doubleRing/recursiveDoubling/bruck), each forced with
 * {@code mpj.coll.<primitive>} (one job forces one algorithm of every primitive, to keep jobs few)
 * on communicators of 1 to 9 ranks and on Split sub-communicators of them, with 64-byte segments so that counts
 * of 0, 1, odd, exactly one segment, one segment + 1 and several segments with a short last one are
 * all cheap, plus one vector past the eager limit, against a sequential reference: every root, a
 * derived type with holes, MPI.OBJECT, predefined operators and a non-commutative user operator.
 */
class SegmentedAlgorithmsTest {
    static final List<Integer> RANKS = List.of(1, 2, 3, 4, 5, 7, 8, 9);
    static final Map<String, List<String>> ALGORITHMS = Map.of(
            "bcast", List.of("linear", "pipeline", "kchain", "segBinomial", "binary", "splitBinary"),
            "reduce", List.of("linear", "pipeline", "kchain", "segBinomial", "binary"),
            "allreduce", List.of("rabenseifner", "ring"),
            "allgather", List.of("bruck"),
            "alltoall", List.of("linear", "bruck"),
            "barrier", List.of("flat", "doubleRing", "recursiveDoubling", "bruck"));
    static final String SEGMENT_BYTES = "64";

    /** Primitives in the order a job runs them. */
    static final List<String> PRIMITIVES = List.of("barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall");
    /** Jobs per communicator size: the i-th job forces the i-th algorithm of every primitive (cycling). */
    static final int VARIANTS = 6;

    /** One job runs every primitive, each forced to one of its algorithms: few jobs, every pairing. */
    static Map<String, String> forcing(int variant, String segmentBytes) {
        Map<String, String> settings = new java.util.TreeMap<>();
        for (String prim : PRIMITIVES) {
            List<String> algs = ALGORITHMS.get(prim);
            settings.put("mpj.coll." + prim, algs.get(variant % algs.size()));
        }
        settings.put("mpj.coll.segmentBytes", segmentBytes);
        return settings;
    }

    static Stream<Arguments> cases() {
        return RANKS.stream().flatMap(np -> java.util.stream.IntStream.range(0, VARIANTS)
                .mapToObj(v -> Arguments.of(np, v, forcing(v, SEGMENT_BYTES).toString())));
    }

    @ParameterizedTest(name = "np={0} {2}")
    @MethodSource("cases")
    @Timeout(60)
    void agreesWithSequentialReference(int np, int variant, String settings) {
        Jobs.runOk(np, forcing(variant, SEGMENT_BYTES), Cases.class, SEGMENT_BYTES, "full");
    }

    /**
     * Unsegmented (0) and the default segment size, where whole messages and segments cross the eager
     * limit, on 7 ranks (the trees branch unevenly); fewer types and roots.
     */
    @ParameterizedTest(name = "segmentBytes={0} {2}")
    @MethodSource("otherSegmentSizes")
    @Timeout(60)
    void otherSegmentSizesAgree(String segmentBytes, int variant, String settings) {
        Jobs.runOk(7, forcing(variant, segmentBytes), Cases.class, segmentBytes, "quick");
    }

    static Stream<Arguments> otherSegmentSizes() {
        return Stream.of("0", "8192").flatMap(s -> java.util.stream.IntStream.range(0, VARIANTS)
                .mapToObj(v -> Arguments.of(s, v, forcing(v, s).toString())));
    }

    @Test
    @Timeout(30)
    void badSegmentSizeStopsInit() {
        MpjException e = assertThrows(MpjException.class, () -> Jobs.run(2,
                Map.of("mpj.coll.segmentBytes", "-1"), Cases.class, "0", "quick"));
        assertEquals(ErrorClass.ERR_ARG, e.errorClass());
        assertTrue(e.getMessage().contains("setting mpj.coll.segmentBytes=-1")
                && e.getMessage().contains("out of range (valid: 0.."), e.getMessage());
        e = assertThrows(MpjException.class, () -> Jobs.run(2,
                Map.of("mpj.coll.segmentBytes", "8k"), Cases.class, "0", "quick"));
        assertTrue(e.getMessage().contains("setting mpj.coll.segmentBytes='8k'")
                && e.getMessage().contains("is not a whole number"), e.getMessage());
    }

    /** How a test type lays its items out in the array: extent and the positions holding data. */
    static final class Layout {
        final String name;
        final String component;
        final Datatype type;
        final int extent;
        final int[] data;

        Layout(String name, String component, Datatype type, int extent, int... data) {
            this.name = name;
            this.component = component;
            this.type = type;
            this.extent = extent;
            this.data = data;
        }

        static Layout of(String typed) {
            int w = Typed.width(typed);
            int[] all = new int[w];
            for (int i = 0; i < w; i++) {
                all[i] = i;
            }
            return new Layout(typed, typed, Typed.type(typed), w, all);
        }

        /** Vector(2, 1, 2, MPI.INT): two ints with a hole between them, which no collective may touch. */
        static Layout holey() {
            return new Layout("VECTOR(2,1,2,INT)", "INT", Datatype.Vector(2, 1, 2, MPI.INT), 3, 0, 2);
        }

        int size() {
            return data.length;
        }

        /** Array index of data element {@code j} of items starting at {@code offset}. */
        int at(int offset, int j) {
            return offset + j / data.length * extent + data[j % data.length];
        }

        /** PAD everywhere, STALE on the data elements of {@code count} items at {@code offset}. */
        long[] keys(int offset, int count) {
            long[] k = new long[offset + count * extent + 2];
            java.util.Arrays.fill(k, Typed.PAD);
            for (int j = 0; j < count * size(); j++) {
                k[at(offset, j)] = Typed.STALE;
            }
            return k;
        }

        /**
         * Items: 0, 1, odd, one segment, one + 1, five and a short one (for OBJECT, whose elements
         * serialize slowly, not the last); unsegmented: 0, 1, odd and past the eager limit.
         */
        int[] counts(int segmentBytes) {
            if (segmentBytes == 0) {
                return new int[] {0, 1, 7, 5000};
            }
            Class<?> c = Typed.component(component);
            int bytes = c == byte.class || c == boolean.class ? 1 : c == char.class || c == short.class ? 2
                    : c == int.class || c == float.class ? 4 : 8;  // long, double, and 8 per OBJECT element
            int seg = Math.max(1, segmentBytes / (bytes * size()));
            return component.equals("OBJECT") ? new int[] {0, 1, 7, seg + 1}
                    : new int[] {0, 1, 7, seg, seg + 1, 5 * seg + 3};
        }
    }

    /** Runs every primitive through its cases on COMM_WORLD and a Split sub-communicator. */
    public static class Cases {
        static final int SOFF = 2, ROFF = 3;
        final Intracomm comm;
        final int p, me;
        final int segmentBytes;
        /** Only INT and the holey vector (and the operators on them), roots 0 and p-1. */
        final boolean quick;
        int caseNo;

        Cases(Intracomm comm, String[] args) {
            this.comm = comm;
            this.segmentBytes = Integer.parseInt(args[0]);
            this.quick = args[1].equals("quick");
            this.p = comm.Size();
            this.me = comm.Rank();
        }

        public static void main(String[] args) {
            args = MPI.Init(args);
            // COMM_WORLD, then a sub-communicator of the odd world ranks and one of the even ones, in reverse order.
            int w = MPI.COMM_WORLD.Rank();
            Intracomm half = MPI.COMM_WORLD.Split(w % 2, -w);
            // Quick runs vary the segment size: only the segmented primitives depend on it.
            for (String primitive : args[1].equals("quick") ? List.of("bcast", "reduce") : PRIMITIVES) {
                new Cases(MPI.COMM_WORLD, args).run(primitive);
                new Cases(half, args).run(primitive);
            }
            half.Free();
            MPI.Finalize();
        }

        List<Layout> layouts() {
            return quick ? List.of(Layout.of("INT"), Layout.holey()) : List.of(Layout.of("INT"), Layout.of("DOUBLE"),
                    Layout.of("BYTE"), Layout.of("INT2"), Layout.holey(), Layout.of("OBJECT"));
        }

        /**
         * Every root when asked (trees are shifted by the root whatever the type and count, so one
         * type and a few counts do); else 0 and p-1.
         */
        int[] roots(boolean every) {
            if (!every || quick) {
                return p == 1 ? new int[] {0} : new int[] {0, p - 1};
            }
            int[] all = new int[p];
            for (int r = 0; r < p; r++) {
                all[r] = r;
            }
            return all;
        }

        long key(int from, int to, int j) {
            return caseNo * 7_919L + from * 1_000_003L + to * 10_007L + j;
        }

        void run(String primitive) {
            switch (primitive) {
                case "bcast" -> {
                    for (Layout l : layouts()) {
                        for (int count : l.counts(segmentBytes)) {
                            for (int root : roots(l.name.equals("INT") && count % 2 == 1)) {
                                bcast(l, count, root);
                            }
                        }
                    }
                }
                case "reduce", "allreduce" -> reductions(primitive.equals("reduce"));
                case "alltoall", "allgather" -> {
                    // Not segmented: counts per block of 0, 1, odd, and one past the eager limit.
                    for (Layout l : layouts()) {
                        for (int count : new int[] {0, 1, 7, 33}) {
                            exchange(primitive.equals("alltoall"), l, l, count);
                        }
                    }
                    exchange(primitive.equals("alltoall"), Layout.of("INT2"), Layout.of("INT"), 5);
                    exchange(primitive.equals("alltoall"), Layout.of("INT"), Layout.of("INT"), 5000);
                }
                case "barrier" -> barriers();
                default -> throw new IllegalArgumentException(primitive);
            }
        }

        void bcast(Layout l, int count, int root) {
            caseNo++;
            long[] want = l.keys(ROFF, count);
            for (int j = 0; j < count * l.size(); j++) {
                want[l.at(ROFF, j)] = key(root, 0, j);
            }
            Object buf = Typed.array(l.component, me == root ? want : l.keys(ROFF, count));
            comm.Bcast(buf, ROFF, count, l.type, root);
            Typed.expectAll(buf, want, "Bcast " + l.name + " count=" + count + " root=" + root + " p=" + p);
        }

        /** Alltoall (or Allgather) of {@code count} items of {@code s} per block, received as {@code r}. */
        void exchange(boolean toAll, Layout s, Layout r, int count) {
            caseNo++;
            int n = count * s.size(), rcount = n / r.size();
            int blocks = toAll ? p : 1;
            long[] send = s.keys(SOFF, blocks * count);
            for (int to = 0; to < blocks; to++) {
                for (int j = 0; j < n; j++) {
                    send[s.at(SOFF, to * n + j)] = key(me, toAll ? to : 0, j);
                }
            }
            long[] want = r.keys(ROFF, p * rcount);
            for (int from = 0; from < p; from++) {
                for (int j = 0; j < n; j++) {
                    want[r.at(ROFF, from * n + j)] = key(from, toAll ? me : 0, j);
                }
            }
            Object sbuf = Typed.array(s.component, send), rbuf = Typed.array(r.component, r.keys(ROFF, p * rcount));
            if (toAll) {
                comm.Alltoall(sbuf, SOFF, count, s.type, rbuf, ROFF, rcount, r.type);
            } else {
                comm.Allgather(sbuf, SOFF, count, s.type, rbuf, ROFF, rcount, r.type);
            }
            String what = (toAll ? "Alltoall " : "Allgather ") + s.name + "->" + r.name + " count=" + count + " p=" + p;
            Typed.expectAll(rbuf, want, what);
            Typed.expectAll(sbuf, send, what + " (send buffer must not change)");
        }

        void reductions(boolean rooted) {
            List<Object[]> specs = new ArrayList<>();
            for (ReductionCases.Spec s : ReductionCases.Runner.specs()) {
                String k = s.name + "/" + s.type;
                if (quick ? k.equals("SUM/INT") || s instanceof ReductionCases.MatrixProduct
                        : List.of("SUM/INT", "SUM/DOUBLE", "MAX/LONG", "BXOR/BYTE", "LAND/BOOLEAN", "MAXLOC/INT2",
                        "USER_SUM/LONG").contains(k) || s instanceof ReductionCases.MatrixProduct) {
                    specs.add(new Object[] {s, Layout.of(s.type)});
                }
                if (k.equals("SUM/INT")) {
                    specs.add(new Object[] {s, Layout.holey()});
                }
            }
            for (Object[] sl : specs) {
                ReductionCases.Spec s = (ReductionCases.Spec) sl[0];
                Layout l = (Layout) sl[1];
                // Every root for the sum of ints and the non-commutative product, at odd counts.
                boolean everyRoot = l.name.equals("INT") || s instanceof ReductionCases.MatrixProduct;
                for (int count : l.counts(segmentBytes)) {
                    for (int root : rooted ? roots(everyRoot && count % 2 == 1) : new int[] {-1}) {
                        reduce(s, l, count, root);
                    }
                }
            }
        }

        void reduce(ReductionCases.Spec s, Layout l, int count, int root) {
            caseNo++;
            long[] in = l.keys(SOFF, count);
            for (int j = 0; j < count * l.size(); j++) {
                in[l.at(SOFF, j)] = s.input(me, j);
            }
            Object send = Typed.array(l.component, in);
            boolean receives = root < 0 || me == root;
            Object recv = receives ? Typed.array(l.component, l.keys(ROFF, count)) : null;
            if (root >= 0) {
                comm.Reduce(send, SOFF, recv, ROFF, count, l.type, s.op, root);
            } else {
                comm.Allreduce(send, SOFF, recv, ROFF, count, l.type, s.op);
            }
            String what = (root >= 0 ? "Reduce root=" + root : "Allreduce") + " " + s.name + " on " + l.name
                    + " count=" + count + " p=" + p;
            Typed.expectAll(send, in, what + " (send buffer must not change)");
            if (!receives) {
                return;
            }
            long[] want = l.keys(ROFF, count);
            int w = l.size();
            for (int item = 0; item < count; item++) {
                // The reference folds per item of the spec's type; a holey item has the spec's width too.
                long[] folded = s.fold(p - 1, item);
                for (int k = 0; k < w; k++) {
                    want[l.at(ROFF, item * w + k)] = w == folded.length ? folded[k] : s.fold(p - 1, item * w + k)[0];
                }
            }
            Typed.expectAll(recv, want, what);
        }

        /**
         * Barrier: in each round one rank arrives late; no rank may leave before the last one
         * arrived (thread ranks share one nanoTime clock). Back-to-back barriers check that no
         * signal of one barrier is taken for the next.
         */
        void barriers() {
            long[] times = new long[2 * p];
            for (int round = 0; round < p + 1; round++) {
                if (me == round % p) {
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                long enter = System.nanoTime();
                comm.Barrier();
                long exit = System.nanoTime();
                comm.Allgather(new long[] {enter, exit}, 0, 2, MPI.LONG, times, 0, 2, MPI.LONG);
                long lastEnter = Long.MIN_VALUE, firstExit = Long.MAX_VALUE;
                for (int r = 0; r < p; r++) {
                    lastEnter = Math.max(lastEnter, times[2 * r]);
                    firstExit = Math.min(firstExit, times[2 * r + 1]);
                }
                if (firstExit < lastEnter) {
                    throw new AssertionError("Barrier round " + round + " p=" + p + ": a rank left "
                            + (lastEnter - firstExit) + " ns before the last one arrived");
                }
                for (int k = 0; k < 3; k++) {
                    comm.Barrier();
                }
            }
        }
    }
}
