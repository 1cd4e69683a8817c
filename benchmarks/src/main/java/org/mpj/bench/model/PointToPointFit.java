package org.mpj.bench.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Hockney's and the linear model fitted to one ping-pong curve, with the figures of merit and each
 * model's average absolute relative error at the sizes left out of the fit: the fit takes 0 B and
 * every other size from there on, the error is measured on the rest.
 */
public record PointToPointFit(Hockney hockney, LinearModel linear, double hockneyError, double linearError,
                              double startupSeconds, double asymptoticBytesPerSecond, double halfBandwidthBytes) {
    /** bytes ascending and including 0; seconds the one-way (half round trip) time of each. */
    public static PointToPointFit of(double[] bytes, double[] seconds) {
        List<Integer> fit = new ArrayList<>(), held = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            (bytes[i] == 0 || i % 2 == 0 ? fit : held).add(i);
        }
        if (held.isEmpty() || fit.size() < 3) {
            throw new IllegalArgumentException("a fit with held-out sizes needs at least 4 sizes including 0; got " + bytes.length);
        }
        double[] fb = pick(bytes, fit), fs = pick(seconds, fit), hb = pick(bytes, held), hs = pick(seconds, held);
        Hockney h = Hockney.fit(fb, fs);
        LinearModel l = LinearModel.fit(fb, fs);
        double[] nonZeroB = pick(bytes, nonZero(bytes)), nonZeroS = pick(seconds, nonZero(bytes));
        return new PointToPointFit(h, l, h.meanRelativeError(hb, hs), l.meanRelativeError(hb, hs),
                Metrics.startupLatency(seconds), Metrics.asymptoticBandwidth(bytes, seconds),
                Metrics.halfBandwidthBytes(nonZeroB, nonZeroS));
    }

    private static List<Integer> nonZero(double[] bytes) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] > 0) {
                out.add(i);
            }
        }
        return out;
    }

    private static double[] pick(double[] v, List<Integer> idx) {
        return idx.stream().mapToDouble(i -> v[i]).toArray();
    }

    public String describe() {
        return String.format("%s%n%s%nstart-up latency %.3f us, asymptotic bandwidth %.1f MB/s, n1/2 %.0f B%n"
                        + "average |relative error| at held-out sizes: Hockney %.1f%%, linear model %.1f%%",
                hockney.describe(), linear.describe(), startupSeconds * 1e6, asymptoticBytesPerSecond / 1e6, halfBandwidthBytes,
                100 * hockneyError, 100 * linearError);
    }
}
