package org.mpj.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.mpj.bench.model.Curve;
import org.mpj.bench.model.PLogP;

/** Reads the CSV that {@code PLogPMeasure --csv} writes (bytes, rtt, o_s, o_r, g, then g_k) into the model. */
public final class PLogPCsv {
    private PLogPCsv() {
    }

    public static PLogP read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read PLogP CSV " + file + ": " + e.getMessage(), e);
        }
        int n = lines.size() - 1;
        if (n < 2 || !lines.get(0).startsWith("bytes,rtt_s,os_s,or_s,g_s")) {
            throw new IllegalArgumentException(file + ": not a PLogPMeasure CSV (header bytes,rtt_s,os_s,or_s,g_s and 2+ rows expected)");
        }
        double[] b = new double[n], rtt = new double[n], os = new double[n], or = new double[n], g = new double[n];
        for (int i = 0; i < n; i++) {
            String[] f = lines.get(i + 1).split(",");
            b[i] = Double.parseDouble(f[0]);
            rtt[i] = Double.parseDouble(f[1]);
            os[i] = Double.parseDouble(f[2]);
            or[i] = Double.parseDouble(f[3]);
            g[i] = Double.parseDouble(f[4]);
        }
        if (b[0] != 0) {
            throw new IllegalArgumentException(file + ": the first row must be 0 bytes (L comes from RTT(0))");
        }
        return PLogP.fromMeasurement(rtt[0], new Curve(b, os), new Curve(b, or), new Curve(b, g));
    }
}
