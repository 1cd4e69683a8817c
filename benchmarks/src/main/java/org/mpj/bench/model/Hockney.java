package org.mpj.bench.model;

/**
 * Hockney's model of a point-to-point transfer: T(n) = t0 + tb·n, a start-up time and a time per
 * byte (the inverse of the asymptotic bandwidth), fitted by least squares over (n, T(n)).
 */
public record Hockney(double t0, double tb) implements TimeModel {
    public static Hockney fit(double[] bytes, double[] seconds) {
        LeastSquares.Line l = LeastSquares.fit(bytes, seconds, LeastSquares.relativeWeights(seconds));
        return new Hockney(l.intercept(), l.slope());
    }

    @Override
    public double time(double bytes) {
        return t0 + tb * bytes;
    }

    /** n½: the size at which the model reaches half its asymptotic bandwidth (t0 / tb). */
    public double halfBandwidthBytes() {
        return t0 / tb;
    }

    @Override
    public String describe() {
        return String.format("Hockney: t0 = %.3f us, tb = %.4f ns/B (%.2f GB/s)", t0 * 1e6, tb * 1e9, 1e-9 / tb);
    }
}
