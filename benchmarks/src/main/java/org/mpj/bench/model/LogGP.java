package org.mpj.bench.model;

/**
 * LogGP (Alexandrov et al.): latency L, overhead o (each side), gap g between small messages, gap per
 * byte G of long messages. A message of m bytes takes o + L + (m−1)·G + o end to end; consecutive
 * sends of m bytes leave a process every g + (m−1)·G.
 */
public record LogGP(double latency, double overhead, double gap, double gapPerByte) {
    public double time(double m) {
        return latency + 2 * overhead + Math.max(0, m - 1) * gapPerByte;
    }

    public double interval(double m) {
        return Math.max(gap, overhead) + Math.max(0, m - 1) * gapPerByte;
    }

    public String describe() {
        return String.format("LogGP: L = %.3f us, o = %.3f us, g = %.3f us, G = %.4f ns/B", latency * 1e6, overhead * 1e6,
                gap * 1e6, gapPerByte * 1e9);
    }
}
