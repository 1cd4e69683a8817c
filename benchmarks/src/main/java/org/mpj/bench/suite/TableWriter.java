package org.mpj.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Prints results as the OSU and Intel MPI benchmarks do — a header per test, one row per size, figures
 * in columns, flagged rows marked — and, when asked, the same rows as CSV.
 */
public final class TableWriter implements AutoCloseable {
    private final PrintStream out;
    private final Writer csv;

    public TableWriter(PrintStream out, String csvFile) {
        this.out = out;
        try {
            if (csvFile == null) {
                csv = null;
            } else {
                Path p = Path.of(csvFile);
                if (p.getParent() != null) {
                    Files.createDirectories(p.getParent());
                }
                csv = Files.newBufferedWriter(p);
                csv.write(Row.CSV_HEADER + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("--csv " + csvFile + ": cannot write the file: " + e.getMessage(), e);
        }
    }

    public void header(String test, String type, String algorithm, int ranks, String device) {
        String bw = test.equals("pingpong") ? "MB/s" : "agg MB/s";
        out.printf(Locale.ROOT, "%n# MPJ %s, %s, %d ranks, algorithm %s, device %s%n", test, type, ranks, algorithm, device);
        out.printf(Locale.ROOT, "# %10s %8s %12s %12s %12s %12s %7s%n", "bytes", "reps", "t_min[us]", "t_avg[us]", "t_max[us]", bw, "spread");
    }

    public void row(Row r) {
        out.printf(Locale.ROOT, "  %10d %8d %12.2f %12.2f %12.2f %12.1f %6.1f%%%s%n", r.bytes(), r.reps(), r.minUs(), r.avgUs(),
                r.maxUs(), r.bandwidthMBs(), 100 * r.spread(), r.flagged() ? " *" : "");
        if (csv != null) {
            try {
                csv.write(r.csv() + "\n");
                csv.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append to the CSV file: " + e.getMessage(), e);
            }
        }
    }

    public void footer() {
        out.printf("%n# * spread (max - min) / avg over %.0f%%: a noisy point%n", 100 * Row.SPREAD_LIMIT);
    }

    @Override
    public void close() {
        if (csv != null) {
            try {
                csv.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the CSV file: " + e.getMessage(), e);
            }
        }
    }
}
