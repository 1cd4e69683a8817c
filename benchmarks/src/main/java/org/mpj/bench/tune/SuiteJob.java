package org.mpj.bench.tune;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.mpj.bench.Suite;
import org.mpj.bench.suite.Row;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.ThreadJob;

/**
 * Runs the suite as a job of thread ranks inside this JVM (what {@code mpjrun} does, without a JVM
 * start per run), with MPJ settings such as {@code mpj.coll.bcast=binomial}, and returns its rows.
 * The suite's tables are not printed: the caller prints progress and its own summary.
 */
public final class SuiteJob {
    /**
     * A job runs at most this long per candidate it measures, then is aborted: a hung algorithm must
     * not stop the whole tuning run.
     */
    static final long TIMEOUT_MS_PER_CANDIDATE = 600_000;

    private SuiteJob() {
    }

    /** The suite, measuring {@code candidates} candidates (its {@code --algorithms} and {@code --tables}; 1 without). */
    public static List<Row> run(int ranks, String device, Map<String, String> settings, List<String> suiteArgs,
                                int candidates) {
        Path csv;
        try {
            csv = Files.createTempFile("mpj-suite", ".csv");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary CSV file: " + e.getMessage(), e);
        }
        List<String> args = new ArrayList<>(suiteArgs);
        args.addAll(List.of("--quiet", "--csv", csv.toString()));
        Map<String, String> s = new HashMap<>(settings);
        s.put("mpj.device", device);
        URL where = Suite.class.getProtectionDomain().getCodeSource().getLocation();
        ThreadJob job = new ThreadJob(ranks, new URL[] {where}, Suite.class.getName(), args.toArray(new String[0]), s, List.of(),
                TIMEOUT_MS_PER_CANDIDATE * Math.max(1, candidates));
        PrintStream out = System.out;
        JobResult r;
        try {
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            r = job.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the suite", e);
        } finally {
            System.setOut(out);
        }
        try {
            if (!r.succeeded()) {
                throw new IllegalStateException("suite job with " + ranks + " ranks, settings " + settings + ", args " + suiteArgs
                        + " failed: " + r.message(), r.cause());
            }
            List<Row> rows = new ArrayList<>();
            for (String line : Files.readAllLines(csv)) {
                if (!line.equals(Row.CSV_HEADER) && !line.isBlank()) {
                    rows.add(Row.parse(line));
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the suite's CSV " + csv + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(csv);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }
}
