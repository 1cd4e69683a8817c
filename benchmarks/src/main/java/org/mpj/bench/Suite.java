package org.mpj.bench;

import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

import org.mpj.bench.suite.Candidate;
import org.mpj.bench.suite.CollectiveOps;
import org.mpj.bench.suite.Interleaved;
import org.mpj.bench.suite.Primitive;
import org.mpj.bench.suite.RankTimes;
import org.mpj.bench.suite.Row;
import org.mpj.bench.suite.Settle;
import org.mpj.bench.suite.SuiteOptions;
import org.mpj.bench.suite.TableWriter;
import org.mpj.core.Bootstrap;
import org.mpj.core.RankContext;

/**
 * The MPJ micro-benchmark suite: ping-pong for every primitive type, every collective, and the ring
 * and all-to-all-pairs patterns, on whatever device and algorithm the job was started with.
 *
 * <pre>
 * bin/mpjrun -np 4 -cp benchmarks/target/classes org.mpj.bench.Suite --tests all --sizes pow2 --csv out.csv
 * bin/mpjrun -np 4 -Dmpj.coll.bcast=MST -cp benchmarks/target/classes org.mpj.bench.Suite --tests bcast --label MST
 * bin/mpjrun -np 4 -cp benchmarks/target/classes org.mpj.bench.Suite --tests bcast --algorithms MST,BT,pipeline \
 *     --tables tuned=collectives.properties,default=shipped
 * </pre>
 *
 * Timing as the OSU and Intel MPI benchmarks do it: untimed warm-up calls, then timed repetitions with a
 * barrier before each call so that consecutive collectives cannot pipeline; each rank averages its own
 * calls ({@code --stat median}: takes the median call), and the table shows the min / average / max of
 * those figures across ranks. Ping-pong times
 * half the round trip between ranks 0 and 1 in batches ({@code --batches}, default 5) and shows min / average /
 * max across batches.
 *
 * <p>{@code --algorithms} and {@code --tables} compare candidates inside the one job: each algorithm of the
 * (one) collective tested, and each table, runs on a Dup of COMM_WORLD of its own (made by
 * {@link org.mpj.coll.CollectiveChoices}), and at each size their calls are interleaved ({@link Interleaved}),
 * so that all of them meet the same machine. Each candidate gets its own rows, named by the algorithm or
 * the table; a table named {@code shipped} is the one MPJ ships. Before timing, such a run calls its
 * candidates at every size until the JIT compilers fall quiet ({@link Settle}, {@code --settle S}: for at
 * most S seconds, 0 not at all).
 */
public class Suite {
    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), p = world.Size();
        SuiteOptions o;
        try {
            o = SuiteOptions.parse(app);
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                System.err.println("Suite: " + e.getMessage());
            }
            throw e;
        }
        if (o.help) {
            if (rank == 0) {
                System.out.println("usage: " + SuiteOptions.USAGE);
            }
            MPI.Finalize();
            return;
        }
        if (o.tests.contains("pingpong") && p < 2) {
            throw new IllegalArgumentException("Suite: pingpong needs at least 2 ranks; started with " + p);
        }
        try (TableWriter out = rank == 0 ? new TableWriter(System.out, o.csv) : null) {
            int done = 0;
            for (String test : o.tests) {
                done++;
                List<Primitive> types = test.equals("pingpong") ? o.types
                        : List.of(CollectiveOps.reduces(test) ? Primitive.DOUBLE : Primitive.BYTE);
                for (Primitive type : types) {
                    if (rank == 0) {
                        progress(o, "[suite " + done + "/" + o.tests.size() + "] " + test + " " + type.name().toLowerCase()
                                + ", " + p + " ranks, " + o.sizes.length + " sizes"
                                + (o.candidates.isEmpty() ? "" : ", " + o.candidates.size() + " candidates interleaved"));
                    }
                    if (!o.candidates.isEmpty()) {
                        compare(world, test, type, o, out);
                        continue;
                    }
                    if (rank == 0) {
                        out.header(test, type.name(), o.label, p, test.equals("pingpong") ? "ranks 0 and 1" : "all ranks");
                    }
                    for (int bytes : sizesFor(test, type, o.sizes)) {
                        Row r = test.equals("pingpong") ? pingPong(world, type, bytes, o) : collective(world, test, type, bytes, o);
                        if (rank == 0) {
                            out.row(r);
                        }
                    }
                }
            }
            if (rank == 0) {
                out.footer();
            }
        }
        MPI.Finalize();
    }

    private static void progress(SuiteOptions o, String line) {
        if (!o.quiet) {
            System.err.println(line);
            System.err.flush();
        }
    }

    /** The sizes a test can take: whole elements of its type (barrier: 0 only). */
    static List<Integer> sizesFor(String test, Primitive type, int[] sizes) {
        List<Integer> out = new ArrayList<>();
        for (int s : sizes) {
            if (test.equals("barrier") ? s == 0 : s % type.bytes == 0) {
                out.add(s);
            }
        }
        if (test.equals("barrier") && out.isEmpty()) {
            out.add(0);
        }
        return out;
    }

    static Row pingPong(Intracomm world, Primitive type, int bytes, SuiteOptions o) throws MPIException {
        int rank = world.Rank(), count = bytes / type.bytes;
        Object a = type.allocate(count), b = type.allocate(count);
        int batches = o.batches, reps = Math.max(batches, o.repsFor(bytes)), batch = reps / batches;
        for (int i = 0; i < o.warmupFor(reps); i++) {
            PingPong.roundTrip(rank, a, b, count, type.datatype());
        }
        double min = Double.MAX_VALUE, max = 0, sum = 0;
        for (int k = 0; k < batches; k++) {
            double us = PingPong.halfRoundTripUs(rank, a, b, count, type.datatype(), batch);
            min = Math.min(min, us);
            max = Math.max(max, us);
            sum += us;
        }
        double avg = sum / batches;
        return new Row("pingpong", type.name(), o.label, world.Size(), bytes, batch * batches, min, avg, max,
                bytes / avg);
    }

    static Row collective(Intracomm world, String test, Primitive type, int bytes, SuiteOptions o) throws MPIException {
        CollectiveOps.Call call = test.equals("ring") ? CollectiveOps.ring(bytes, world)
                : test.equals("pairs") ? CollectiveOps.pairs(bytes, world) : CollectiveOps.make(test, bytes, world);
        int reps = o.repsFor(bytes);
        long[] ns = new long[reps];
        for (int i = -o.warmupFor(reps); i < reps; i++) {
            world.Barrier();
            long t = System.nanoTime();
            call.run();
            if (i >= 0) {
                ns[i] = System.nanoTime() - t;
            }
        }
        return RankTimes.row(world, test, type, test.equals("ring") || test.equals("pairs") ? "p2p" : o.label, bytes, ns, o.median);
    }

    /**
     * {@code --algorithms} / {@code --tables}: every candidate on a Dup of COMM_WORLD of its own, all
     * sizes, interleaved; then each candidate's rows under a header of its own, as separate runs print them.
     */
    static void compare(Intracomm world, String test, Primitive type, SuiteOptions o, TableWriter out) throws MPIException {
        RankContext rank = Bootstrap.contextFor(MPI.class.getClassLoader());
        List<Candidate> candidates = o.candidates;
        Intracomm[] comms = new Intracomm[candidates.size()];
        for (int c = 0; c < comms.length; c++) {
            comms[c] = candidates.get(c).communicator(rank, test);
        }
        List<Integer> sizes = sizesFor(test, type, o.sizes);
        long t0 = System.nanoTime();
        int passes = Settle.run(world, comms, test, sizes, o.settleSeconds);
        if (world.Rank() == 0 && passes > 0) {
            progress(o, String.format(java.util.Locale.ROOT, "[suite] %s: compilers quiet after %d passes over all sizes (%.1f s)",
                    test, passes, (System.nanoTime() - t0) / 1e9));
        }
        Row[][] rows = new Row[sizes.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Interleaved.measure(world, comms, candidates, test, type, sizes.get(i), o);
        }
        for (Intracomm c : comms) {
            c.Free();
        }
        if (world.Rank() == 0) {
            for (int c = 0; c < comms.length; c++) {
                out.header(test, type.name(), candidates.get(c).label(), world.Size(), "all ranks");
                for (Row[] atSize : rows) {
                    out.row(atSize[c]);
                }
            }
        }
    }
}
