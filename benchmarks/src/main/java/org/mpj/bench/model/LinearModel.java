package org.mpj.bench.model;

/**
 * The linear model of Taboada et al. for message-passing in Java:
 * <pre>T(n) = t0 + ti·(tb·n / (t0 + tb·n)) + tb·n</pre>
 * t0 is the zero-byte time; ti and tb are the intercept and slope of the least-squares fit of
 * T(n) − t0 against n, each point weighted by 1/T(n)² (see {@link LeastSquares}). The middle term
 * grows from 0 to ti as the transfer time comes to dominate the start-up, which captures the jump
 * between small and large messages that Hockney's straight line averages away.
 */
public record LinearModel(double t0, double ti, double tb) implements TimeModel {
    /**
     * Fits the model; {@code bytes} must contain 0 (whose time is t0) and at least two other sizes.
     */
    public static LinearModel fit(double[] bytes, double[] seconds) {
        double t0 = Double.NaN;
        int others = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                t0 = seconds[i];
            } else {
                others++;
            }
        }
        if (Double.isNaN(t0)) {
            throw new IllegalArgumentException("the linear model needs the 0-byte time (t0); no point has 0 bytes");
        }
        double[] x = new double[others], y = new double[others], t = new double[others];
        for (int i = 0, j = 0; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                x[j] = bytes[i];
                t[j] = seconds[i];
                y[j++] = seconds[i] - t0;
            }
        }
        // Weighted relative to T(n), not to T(n) - t0: the errors are reported relative to T(n).
        LeastSquares.Line l = LeastSquares.fit(x, y, LeastSquares.relativeWeights(t));
        return new LinearModel(t0, l.intercept(), l.slope());
    }

    @Override
    public double time(double bytes) {
        double transfer = tb * bytes;
        return t0 + (transfer == 0 ? 0 : ti * (transfer / (t0 + transfer))) + transfer;
    }

    @Override
    public String describe() {
        return String.format("linear model: t0 = %.3f us, ti = %.3f us, tb = %.4f ns/B", t0 * 1e6, ti * 1e6, tb * 1e9);
    }
}
