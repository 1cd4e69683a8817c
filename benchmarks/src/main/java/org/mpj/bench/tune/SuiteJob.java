package org.mpj.bench.tune;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.mpj.bench.Suite;
import org.mpj.bench.suite.Row;
import org.mpj.runtime.JvmOptions;
import org.mpj.runtime.MpjRun;

/**
 * Runs the suite as a job of its own, in a fresh JVM started through {@code mpjrun} (thread ranks for
 * shm, a JVM per rank for tcp), with MPJ settings such as {@code mpj.coll.bcast=binomial}, and returns
 * its rows. A fresh JVM per job, because a JVM that ran the jobs before it is not the JVM a program
 * runs in: after a tuning run's other primitives, the shared code paths were compiled for all of
 * them, and a 6-rank 64 KiB Scan of one algorithm took twice its time in a fresh JVM (85 against 53
 * us). The suite's tables are not printed: the caller prints progress and its own summary.
 *
 * <p>The JVM keeps its default tiered compilation, unlike {@code bin/mpjrun}, which runs several thread
 * ranks with C2 alone: with C2 alone a point's few hundred calls would time MPJ's code in the
 * interpreter (3-rank Barriers, 200 calls: 12-17 us against 4-5), and the table should rank compiled code.
 */
public final class SuiteJob {
    /**
     * A job runs at most this long per candidate it measures, then is aborted: a hung algorithm must
     * not stop the whole tuning run.
     */
    static final long TIMEOUT_S_PER_CANDIDATE = 600;

    private SuiteJob() {
    }

    /** The suite, measuring {@code candidates} candidates (its {@code --algorithms} and {@code --tables}; 1 without). */
    public static List<Row> run(int ranks, String device, Map<String, String> settings, List<String> suiteArgs,
                                int candidates) {
        Path csv;
        Path log;
        try {
            csv = Files.createTempFile("mpj-suite", ".csv");
            log = Files.createTempFile("mpj-suite", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary file: " + e.getMessage(), e);
        }
        long timeoutS = TIMEOUT_S_PER_CANDIDATE * Math.max(1, candidates);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The JVM's default tiered compilation, not bin/mpjrun's C2 alone for several thread ranks: the
        // suite's warm-ups are sized for it. Under C2 alone every Allreduce candidate on 4 thread ranks
        // measured 6-13 us from 16 B to 16 KiB (the shared one 3-4 us once compiled): interpreted.
        cmd.addAll(JvmOptions.ALL);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), MpjRun.class.getName(),
                "-np", Integer.toString(ranks), "--dev", device, "--stdin", "none", "--timeout", Long.toString(timeoutS)));
        settings.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-cp", where(), Suite.class.getName()));
        cmd.addAll(suiteArgs);
        cmd.addAll(List.of("--quiet", "--csv", csv.toString()));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(timeoutS + 60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            int rc = p.isAlive() ? -1 : p.exitValue();
            if (rc != 0) {
                throw new IllegalStateException("suite job with " + ranks + " ranks, settings " + settings + ", args " + suiteArgs
                        + " failed (mpjrun exit " + rc + "): " + tail(log));
            }
            List<Row> rows = new ArrayList<>();
            for (String line : Files.readAllLines(csv)) {
                if (!line.equals(Row.CSV_HEADER) && !line.isBlank()) {
                    rows.add(Row.parse(line));
                }
            }
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the suite", e);
        } catch (IOException e) {
            throw new UncheckedIOException("suite job: " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(csv);
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }

    /** Where the suite's classes are: the application class path of the job. */
    private static String where() {
        try {
            return Path.of(Suite.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the suite's classes: " + e.getMessage(), e);
        }
    }

    /** The last lines of a job's output, for its failure message. */
    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    }
}
