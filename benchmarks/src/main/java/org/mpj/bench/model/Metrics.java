package org.mpj.bench.model;

/**
 * The figures of merit of a measured curve T(n): start-up latency, asymptotic bandwidth, n½ (the
 * size where the measured bandwidth first reaches half the asymptotic one, interpolated between
 * measured sizes), and for collectives the aggregated bandwidth n·p/T and its peak.
 */
public final class Metrics {
    private Metrics() {
    }

    /** The smallest measured time: the start-up latency. */
    public static double startupLatency(double[] seconds) {
        double m = Double.MAX_VALUE;
        for (double s : seconds) {
            m = Math.min(m, s);
        }
        return m;
    }

    /** Bytes per second of the largest message: the asymptotic bandwidth as measured. */
    public static double asymptoticBandwidth(double[] bytes, double[] seconds) {
        int last = 0;
        for (int i = 1; i < bytes.length; i++) {
            if (bytes[i] > bytes[last]) {
                last = i;
            }
        }
        return bytes[last] / seconds[last];
    }

    /**
     * n½ from measurements (sizes ascending): the size at which bandwidth n/T(n) first reaches half
     * the asymptotic bandwidth, interpolated linearly between the two measured sizes around it.
     */
    public static double halfBandwidthBytes(double[] bytes, double[] seconds) {
        double half = asymptoticBandwidth(bytes, seconds) / 2;
        double prevN = 0, prevBw = 0;
        for (int i = 0; i < bytes.length; i++) {
            double bw = bytes[i] / seconds[i];
            if (bw >= half) {
                if (i == 0 || bw == prevBw) {
                    return bytes[i];
                }
                return prevN + (half - prevBw) * (bytes[i] - prevN) / (bw - prevBw);
            }
            prevN = bytes[i];
            prevBw = bw;
        }
        return bytes[bytes.length - 1];
    }

    /** Aggregated bandwidth of a collective: message size × ranks / time, in bytes per second. */
    public static double aggregatedBandwidth(double bytes, int ranks, double seconds) {
        return bytes * ranks / seconds;
    }

    /** The peak aggregated bandwidth over a curve, and the size where it occurs. */
    public static double[] peakAggregated(double[] bytes, int ranks, double[] seconds) {
        double best = 0, at = 0;
        for (int i = 0; i < bytes.length; i++) {
            double a = aggregatedBandwidth(bytes[i], ranks, seconds[i]);
            if (a > best) {
                best = a;
                at = bytes[i];
            }
        }
        return new double[] {best, at};
    }
}
