package org.mpj.bench.model;

/**
 * How one model parameter of a collective grows with the number of ranks p: fitted as a + b·p and as
 * a + b·⌈log2 p⌉, keeping the form with the smaller squared residual. An algorithm whose t0 or tb is
 * best described linearly in p does O(p) steps.
 */
public record ScalingFit(double a, double b, boolean logarithmic) {
    public static ScalingFit fit(int[] ranks, double[] values) {
        double[] p = new double[ranks.length], logp = new double[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            p[i] = ranks[i];
            logp[i] = ceilLog2(ranks[i]);
        }
        LeastSquares.Line lin = LeastSquares.fit(p, values);
        LeastSquares.Line log = LeastSquares.fit(logp, values);
        boolean useLog = LeastSquares.residual(log, logp, values) < LeastSquares.residual(lin, p, values);
        LeastSquares.Line l = useLog ? log : lin;
        return new ScalingFit(l.intercept(), l.slope(), useLog);
    }

    public double at(int ranks) {
        return a + b * (logarithmic ? ceilLog2(ranks) : ranks);
    }

    static int ceilLog2(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    @Override
    public String toString() {
        return String.format("%.4g + %.4g·%s", a, b, logarithmic ? "⌈log2 p⌉" : "p");
    }
}
