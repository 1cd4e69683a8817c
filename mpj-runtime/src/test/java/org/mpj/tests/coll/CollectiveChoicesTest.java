package org.mpj.tests.coll;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.coll.CollectiveChoices;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.select.Rule;
import org.mpj.coll.select.Selector;
import org.mpj.coll.select.Table;
import org.mpj.core.Bootstrap;
import org.mpj.core.Communicator;
import org.mpj.core.Config;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;
import org.mpj.runtime.Jobs;

/**
 * {@link CollectiveChoices}: a Dup given an algorithm runs it, a Dup given a table chooses from it
 * (for its own size and placement), and bad names are refused with the valid ones, before the Dup.
 * The algorithm that runs is seen two ways: through the choices the calls scan, and by its effect
 * on a counting reduction operator (a flat-tree root folds p − 1 vectors, a binomial root ⌈log2 p⌉).
 */
class CollectiveChoicesTest {
    public static class Forced {
        /** This rank's calls of the user operator (each rank has its own statics). */
        static int folds;

        static final Op COUNTING_SUM = new Op(new User_function() {
            @Override
            public void Call(Object in, int i0, Object inout, int j0, int count, Datatype t) {
                folds++;
                int[] a = (int[]) in, b = (int[]) inout;
                for (int k = 0; k < count; k++) {
                    b[j0 + k] += a[i0 + k];
                }
            }
        }, true);

        public static void main(String[] args) {
            MPI.Init(args);
            RankContext rank = Bootstrap.contextFor(MPI.class.getClassLoader());
            Communicator world = rank.world();
            int me = world.rank(), p = world.size();
            for (String name : Catalog.names("reduce")) {
                Communicator dup = CollectiveChoices.dupWithAlgorithm(world, "reduce", name);
                for (long bytes : new long[] {0, 8, 1 << 20}) {
                    check(name.equals(CollectiveChoices.algorithm(dup, "reduce", bytes)),
                            "reduce at " + bytes + " B runs " + CollectiveChoices.algorithm(dup, "reduce", bytes)
                                    + ", not " + name);
                    check(CollectiveChoices.algorithm(dup, "bcast", bytes)
                                    .equals(CollectiveChoices.algorithm(world, "bcast", bytes)),
                            "forcing reduce changed bcast at " + bytes + " B");
                }
                Intracomm c = (Intracomm) rank.facade(dup);
                int[] in = {me + 1, 2 * me}, out = new int[2];
                folds = 0;
                c.Reduce(in, 0, out, 0, 2, MPI.INT, COUNTING_SUM, 0);
                check(me != 0 || out[0] == p * (p + 1) / 2 && out[1] == p * (p - 1), name + ": sum " + out[0]);
                int[] counts = new int[p];
                MPI.COMM_WORLD.Gather(new int[] {folds}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT, 0);
                if (me == 0 && p == 4 && name.equals("bFT")) {
                    check(counts[0] == 3 && counts[1] + counts[2] + counts[3] == 0, "bFT folds " + Arrays.toString(counts));
                }
                if (me == 0 && p == 4 && name.equals("BT")) {
                    check(counts[0] == 2 && counts[2] == 1, "BT folds " + Arrays.toString(counts));
                }
                c.Free();
            }
            MPI.Finalize();
        }
    }

    public static class Tabled {
        public static void main(String[] args) {
            MPI.Init(args);
            RankContext rank = Bootstrap.contextFor(MPI.class.getClassLoader());
            Communicator world = rank.world();
            int p = world.size();
            Table table = new Table(List.of(
                    new Rule(Primitive.REDUCE, 1, Rule.ANY_RANKS, 0, 1023, "bFT"),
                    // A hierarchical rule does not apply on one node: 4 KiB falls to the next rule, 2 KiB to none.
                    new Rule(Primitive.REDUCE, 1, Rule.ANY_RANKS, 1024, Rule.ANY_BYTES, "hierarchical"),
                    new Rule(Primitive.REDUCE, 1, Rule.ANY_RANKS, 4096, Rule.ANY_BYTES, "linear"),
                    new Rule(Primitive.BCAST, p + 1, Rule.ANY_RANKS, 0, Rule.ANY_BYTES, "linear")));
            Communicator dup = CollectiveChoices.dupWithTable(world, table);
            expect(dup, "reduce", 8, "bFT");
            expect(dup, "reduce", 4096, "linear");
            expect(dup, "reduce", 2048, Catalog.names("reduce").get(0));
            expect(dup, "bcast", 8, Catalog.names("bcast").get(0));
            Intracomm c = (Intracomm) rank.facade(dup);
            double[] x = new double[512], y = new double[512];
            Arrays.fill(x, 1);
            c.Allreduce(x, 0, y, 0, 512, MPI.DOUBLE, MPI.SUM);
            check(y[511] == p, "Allreduce on the tabled Dup gave " + y[511]);
            // The job has no settings: the shipped table chooses as COMM_WORLD does.
            Communicator shipped = CollectiveChoices.dupWithTable(world, Selector.shippedTable());
            for (String key : List.of("bcast", "allreduce", "alltoall", "barrier")) {
                for (long bytes : new long[] {0, 64, 4096, 1 << 16, 1 << 20}) {
                    expect(shipped, key, bytes, CollectiveChoices.algorithm(world, key, bytes));
                }
            }
            c.Free();
            shipped.free();
            refused(() -> CollectiveChoices.dupWithAlgorithm(world, "reduce", "binomal"),
                    "unknown reduce algorithm 'binomal'; valid: BT, MST");
            refused(() -> CollectiveChoices.dupWithAlgorithm(world, "bcats", "BT"),
                    "no collective primitive 'bcats'; valid: barrier, bcast");
            MPI.Finalize();
        }

        private static void expect(Communicator c, String key, long bytes, String name) {
            String got = CollectiveChoices.algorithm(c, key, bytes);
            check(name.equals(got), key + " at " + bytes + " B on " + c.size() + " ranks runs " + got + ", not " + name);
        }

        private static void refused(Runnable r, String message) {
            try {
                r.run();
            } catch (MpjException e) {
                check(e.getMessage().contains(message), "refused with '" + e.getMessage() + "', not '" + message + "'");
                return;
            }
            throw new AssertionError("not refused: " + message);
        }
    }

    /**
     * The table's oversubscribed rule (bFT) where the job's thread ranks outnumber the cores it is told
     * of, the next rule (BT) where they do not; seen in the choice and in the root's folds (bFT p - 1,
     * BT ceil(log2 p)). args[0]: the algorithm expected.
     */
    public static class Oversubscribed {
        public static void main(String[] args) {
            String[] app = MPI.Init(args);
            RankContext rank = Bootstrap.contextFor(MPI.class.getClassLoader());
            Communicator world = rank.world();
            int me = world.rank(), p = world.size();
            String got = CollectiveChoices.algorithm(world, "reduce", 8);
            check(app[0].equals(got), "reduce on " + p + " ranks runs " + got + ", not " + app[0]);
            int[] in = {1}, out = new int[1];
            Forced.folds = 0;
            MPI.COMM_WORLD.Reduce(in, 0, out, 0, 1, MPI.INT, Forced.COUNTING_SUM, 0);
            int folds = app[0].equals("bFT") ? p - 1 : 32 - Integer.numberOfLeadingZeros(p - 1);
            check(me != 0 || Forced.folds == folds && out[0] == p,
                    app[0] + " root folded " + Forced.folds + " times (expected " + folds + "), sum " + out[0]);
            MPI.Finalize();
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 3, 4})
    @Timeout(60)
    void aDupGivenAnAlgorithmRunsIt(int np) {
        Jobs.runOk(np, Forced.class);
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 3})
    @Timeout(60)
    void aDupGivenATableChoosesFromItForItsSizeAndPlacement(int np) {
        Jobs.runOk(np, Tabled.class);
    }

    @ParameterizedTest(name = "np={0} on {1} cores runs {2}")
    @CsvSource({"5, 2, bFT", "5, 8, BT", "3, 1, bFT", "3, 3, BT"})
    @Timeout(60)
    void oversubscribedRulesApplyWhereTheRanksOutnumberTheCores(int np, int cores, String expected, @TempDir Path dir)
            throws Exception {
        Path table = dir.resolve("t.properties");
        Files.writeString(table, "oversubscribed:shm:reduce.1-.0- = bFT\nshm:reduce.1-.0- = BT\n");
        Jobs.runOk(np, Map.of(Selector.TABLE, table.toString(), Config.CORES_ON_HOST, Integer.toString(cores)),
                Oversubscribed.class, expected);
    }

    /**
     * JVMs of one job on this host (tcp: one rank each; hybrid: two each) that outnumber the cores they
     * are told of take the oversubscribed rule, the same on every rank; with a core each, the next rule.
     */
    @ParameterizedTest(name = "{0}, np={1} on {2} cores runs {3}")
    @CsvSource({"tcp, 3, 1, bFT", "tcp, 3, 8, BT", "hybrid, 4, 2, bFT", "hybrid, 4, 8, BT"})
    @Timeout(120)
    void oversubscribedRulesApplyToTheJvmsOfAJobOnOneHost(String device, int np, int cores, String expected,
                                                          @TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.properties");
        Files.writeString(table, "oversubscribed:reduce.1-.0- = bFT\nreduce.1-.0- = BT\n");
        Jobs.Launch launch = device.equals("tcp") ? Jobs.Launch.TCP : Jobs.Launch.hybrid(2);
        var r = Jobs.run(launch, np, Map.of(Selector.TABLE, table.toString(), Config.CORES_ON_HOST, Integer.toString(cores)),
                Oversubscribed.class, expected);
        if (!r.succeeded()) {
            throw new AssertionError(launch + " with " + np + " ranks: " + r.message(), r.cause());
        }
    }
}
