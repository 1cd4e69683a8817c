package org.mpj.bench.suite;

/**
 * One measured point: the time of one operation as min / average / max (across ranks for collectives
 * and patterns, across batches of round trips for ping-pong), and the bandwidth figure of the test.
 *
 * @param bandwidthMBs ping-pong: bytes / time; collectives and patterns: aggregated, bytes × ranks / time
 */
public record Row(String test, String type, String algorithm, int ranks, long bytes, int reps,
                  double minUs, double avgUs, double maxUs, double bandwidthMBs) {
    /** A point whose spread is over this share of its average is flagged: it is noise, not a figure. */
    public static final double SPREAD_LIMIT = 0.05;

    public static final String CSV_HEADER = "test,type,algorithm,ranks,bytes,reps,t_min_us,t_avg_us,t_max_us,mb_per_s,spread,flagged";

    /** (max − min) / average. */
    public double spread() {
        return avgUs == 0 ? 0 : (maxUs - minUs) / avgUs;
    }

    public boolean flagged() {
        return spread() > SPREAD_LIMIT;
    }

    public String csv() {
        return String.format(java.util.Locale.ROOT, "%s,%s,%s,%d,%d,%d,%.3f,%.3f,%.3f,%.2f,%.4f,%s", test, type, algorithm, ranks,
                bytes, reps, minUs, avgUs, maxUs, bandwidthMBs, spread(), flagged());
    }

    /** Parses a line written by {@link #csv()}. */
    public static Row parse(String line) {
        String[] f = line.split(",");
        if (f.length != 12) {
            throw new IllegalArgumentException("not a suite CSV row (12 fields expected, got " + f.length + "): " + line);
        }
        return new Row(f[0], f[1], f[2], Integer.parseInt(f[3]), Long.parseLong(f[4]), Integer.parseInt(f[5]),
                Double.parseDouble(f[6]), Double.parseDouble(f[7]), Double.parseDouble(f[8]), Double.parseDouble(f[9]));
    }
}
