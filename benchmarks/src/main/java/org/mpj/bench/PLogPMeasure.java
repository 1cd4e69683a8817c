package org.mpj.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;
import org.mpj.bench.model.Curve;
import org.mpj.bench.model.PLogP;
import org.mpj.bench.suite.Sizes;
import org.mpj.bench.suite.SuiteOptions;

/**
 * Measures the PLogP parameters as Kielmann, Bal and Verstoep do ("Fast measurement of LogP parameters
 * for message passing platforms"), between rank 0 and the others:
 * <ul>
 *   <li>RTT(m): ping-pong with rank 1;</li>
 *   <li>o_s(m): the time rank 0 spends inside Send, each send followed by a 0-byte acknowledgement so
 *       that sends never queue behind each other;</li>
 *   <li>o_r(m): the time rank 1 spends inside Recv when it posts the receive after the message has
 *       arrived (it waits longer than a round trip, then until Iprobe sees the message);</li>
 *   <li>g(m): the time per message of a burst of sends that saturates the link: the burst doubles until
 *       its time per message changes by under 5%;</li>
 *   <li>g_k(m): the same burst sent round robin to k = 1 .. p−1 destinations (the gap to k
 *       destinations: whether the sender, not the link, is the bottleneck).</li>
 * </ul>
 * L = RTT(0)/2 − g(0). Prints the table, the model and LogGP derived from it; {@code --csv FILE} writes
 * bytes, rtt, os, or, g and g_k in seconds.
 *
 * <pre>bin/mpjrun -np 4 -cp benchmarks/target/classes org.mpj.bench.PLogPMeasure [--sizes models] [--reps N] [--csv FILE]</pre>
 */
public class PLogPMeasure {
    static final String USAGE = "PLogPMeasure [--sizes SPEC] [--reps N] [--csv FILE]";
    static final int TAG = 11, ACK = 12;
    /** Untimed round trips before the first size (10 × --reps when that is given). */
    static final int WARM_UP_ROUND_TRIPS = 20_000;
    /** Longest burst for g(m): enough to saturate, bounded so large messages stay quick. */
    static final int MAX_BURST = 256;

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        String sizesSpec = "models", csv = null;
        int fixedReps = 0;
        for (int i = 0; i < app.length; i++) {
            if (app[i].equals("--sizes") && i + 1 < app.length) {
                sizesSpec = app[++i];
            } else if (app[i].equals("--csv") && i + 1 < app.length) {
                csv = app[++i];
            } else if (app[i].equals("--reps") && i + 1 < app.length) {
                fixedReps = SuiteOptions.parse("--reps", app[++i]).reps;
            } else {
                throw new IllegalArgumentException("PLogPMeasure: unknown argument '" + app[i] + "'; usage: " + USAGE);
            }
        }
        int[] sizes = Sizes.parse(sizesSpec);
        int rank = MPI.COMM_WORLD.Rank(), p = MPI.COMM_WORLD.Size();
        if (p < 2) {
            throw new IllegalArgumentException("PLogPMeasure needs at least 2 ranks");
        }
        if (sizes[0] != 0) {
            throw new IllegalArgumentException("PLogPMeasure: --sizes must include 0 (L is measured from RTT(0))");
        }
        int max = sizes[sizes.length - 1];
        byte[] buf = new byte[max], ack = new byte[0];
        warmUp(rank, buf, fixedReps > 0 ? 10 * fixedReps : WARM_UP_ROUND_TRIPS);
        int n = sizes.length;
        double[] bytes = new double[n], rtt = new double[n], os = new double[n], or = new double[n], g = new double[n];
        double[][] gk = new double[n][p];
        if (rank == 0) {
            System.out.printf("# MPJ PLogP parameters (Kielmann's method), %d ranks, times in us%n", p);
            StringBuilder h = new StringBuilder(String.format("# %10s %10s %10s %10s %10s", "bytes", "RTT", "o_s", "o_r", "g"));
            for (int k = 2; k < p; k++) {
                h.append(String.format(" %10s", "g_" + k));
            }
            System.out.println(h);
        }
        for (int i = 0; i < n; i++) {
            int m = sizes[i];
            if (rank == 0) {
                System.err.println("[plogp] " + m + " B");
            }
            int reps = fixedReps > 0 ? fixedReps : PingPong.repsFor(m) / 10 + 5;
            bytes[i] = m;
            rtt[i] = 2e-6 * PingPong.halfRoundTripUs(rank, buf, buf, m, MPI.BYTE, reps);
            os[i] = sendOverhead(rank, buf, m, reps);
            // o_r is measured at rank 1; rank 0 reports it.
            double[] mine = {recvOverhead(rank, buf, m, reps, rtt[i])}, atRoot = new double[1];
            MPI.COMM_WORLD.Reduce(mine, 0, atRoot, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
            or[i] = atRoot[0];
            g[i] = gap(rank, buf, m, 1);
            for (int k = 2; k < p; k++) {
                gk[i][k] = gap(rank, buf, m, k);
            }
            if (rank == 0) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %10d %10.3f %10.3f %10.3f %10.3f", m,
                        rtt[i] * 1e6, os[i] * 1e6, or[i] * 1e6, g[i] * 1e6));
                for (int k = 2; k < p; k++) {
                    row.append(String.format(Locale.ROOT, " %10.3f", gk[i][k] * 1e6));
                }
                System.out.println(row);
            }
        }
        if (rank == 0) {
            PLogP model = PLogP.fromMeasurement(rtt[0], new Curve(bytes, os), new Curve(bytes, or), new Curve(bytes, g));
            System.out.println("# " + model.describe());
            System.out.println("# " + model.toLogGP().describe());
            if (csv != null) {
                write(Path.of(csv), bytes, rtt, os, or, g, gk, p);
            }
        }
        MPI.Finalize();
    }

    private static void warmUp(int rank, byte[] buf, int roundTrips) throws MPIException {
        for (int i = 0; i < roundTrips; i++) {
            PingPong.roundTrip(rank, buf, buf, i % 64, MPI.BYTE);
        }
        MPI.COMM_WORLD.Barrier();
    }

    /** Median seconds inside Send of m bytes at rank 0, each send acknowledged before the next. */
    static double sendOverhead(int rank, byte[] buf, int m, int reps) throws MPIException {
        long[] inside = new long[reps];
        MPI.COMM_WORLD.Barrier();
        for (int i = 0; i < reps; i++) {
            if (rank == 0) {
                long t = System.nanoTime();
                MPI.COMM_WORLD.Send(buf, 0, m, MPI.BYTE, 1, TAG);
                inside[i] = System.nanoTime() - t;
                MPI.COMM_WORLD.Recv(buf, 0, 0, MPI.BYTE, 1, ACK);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(buf, 0, m, MPI.BYTE, 0, TAG);
                MPI.COMM_WORLD.Send(buf, 0, 0, MPI.BYTE, 0, ACK);
            }
        }
        return median(inside);
    }

    /**
     * The median, not the mean: on a machine shared with other work one descheduled call would otherwise
     * move the figure by tens of microseconds.
     */
    static double median(long[] ns) {
        long[] s = ns.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2] / 1e9;
    }

    /**
     * Median seconds inside Recv of m bytes at rank 1, posted once the message has arrived: rank 1 first
     * waits longer than a round trip, then polls Iprobe until the message is there (a fixed delay alone
     * is not enough where the sender was parked and needs a wake-up first).
     */
    static double recvOverhead(int rank, byte[] buf, int m, int reps, double rttSeconds) throws MPIException {
        long[] inside = new long[reps];
        long delayNs = (long) (2 * rttSeconds * 1e9) + 2_000;
        MPI.COMM_WORLD.Barrier();
        for (int i = 0; i < reps; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(buf, 0, m, MPI.BYTE, 1, TAG);
                MPI.COMM_WORLD.Recv(buf, 0, 0, MPI.BYTE, 1, ACK);
            } else if (rank == 1) {
                long until = System.nanoTime() + delayNs;
                while (System.nanoTime() < until || MPI.COMM_WORLD.Iprobe(0, TAG) == null) {
                    Thread.onSpinWait();
                }
                long t = System.nanoTime();
                MPI.COMM_WORLD.Recv(buf, 0, m, MPI.BYTE, 0, TAG);
                inside[i] = System.nanoTime() - t;
                MPI.COMM_WORLD.Send(buf, 0, 0, MPI.BYTE, 0, ACK);
            }
        }
        return median(inside);
    }

    /**
     * g(m) to k destinations: rank 0 sends bursts of b messages round robin to ranks 1..k, doubling b
     * until the time per message changes by under 5%; each destination acknowledges its share.
     */
    static double gap(int rank, byte[] buf, int m, int k) throws MPIException {
        double last = Double.NaN;
        int maxBurst = Math.max(8, Math.min(MAX_BURST, (64 << 20) / Math.max(1, m)));
        for (int burst = 8; ; burst *= 2) {
            // The best of three bursts: a burst that lost the processor to other work is not the gap.
            double perMessage = Math.min(burst(rank, buf, m, k, burst), Math.min(burst(rank, buf, m, k, burst), burst(rank, buf, m, k, burst)));
            double[] agreed = {perMessage};
            MPI.COMM_WORLD.Bcast(agreed, 0, 1, MPI.DOUBLE, 0);
            boolean steady = !Double.isNaN(last) && Math.abs(agreed[0] - last) < 0.05 * last;
            if (steady || burst * 2 > maxBurst) {
                return agreed[0];
            }
            last = agreed[0];
        }
    }

    private static double burst(int rank, byte[] buf, int m, int k, int burst) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        long t = System.nanoTime();
        if (rank == 0) {
            for (int i = 0; i < burst; i++) {
                MPI.COMM_WORLD.Send(buf, 0, m, MPI.BYTE, 1 + i % k, TAG);
            }
            for (int d = 1; d <= Math.min(k, burst); d++) {
                MPI.COMM_WORLD.Recv(buf, 0, 0, MPI.BYTE, d, ACK);
            }
        } else if (rank <= k) {
            int mine = burst / k + (rank - 1 < burst % k ? 1 : 0);
            for (int i = 0; i < mine; i++) {
                MPI.COMM_WORLD.Recv(buf, 0, m, MPI.BYTE, 0, TAG);
            }
            MPI.COMM_WORLD.Send(buf, 0, 0, MPI.BYTE, 0, ACK);
        }
        return (System.nanoTime() - t) / 1e9 / burst;
    }

    private static void write(Path file, double[] bytes, double[] rtt, double[] os, double[] or, double[] g, double[][] gk, int p) {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            StringBuilder h = new StringBuilder("bytes,rtt_s,os_s,or_s,g_s");
            for (int k = 2; k < p; k++) {
                h.append(",g").append(k).append("_s");
            }
            w.println(h);
            for (int i = 0; i < bytes.length; i++) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%.0f,%.9e,%.9e,%.9e,%.9e", bytes[i], rtt[i], os[i], or[i], g[i]));
                for (int k = 2; k < p; k++) {
                    row.append(String.format(Locale.ROOT, ",%.9e", gk[i][k]));
                }
                w.println(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("--csv " + file + ": cannot write: " + e.getMessage(), e);
        }
    }
}
