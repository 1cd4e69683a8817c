package org.mpj.bench.model;

/**
 * Least squares of y = a + b·x, ordinary or weighted, and the error measures the models report. The
 * models of message times are fitted with weights 1/T(n)², which minimise relative residuals: their
 * error is reported relative, over sizes from 0 B to megabytes, where an ordinary fit lets the few
 * largest sizes set the line and misses the small ones by their whole value.
 */
public final class LeastSquares {
    /** Intercept a and slope b of the fitted line. */
    public record Line(double intercept, double slope) {
        public double at(double x) {
            return intercept + slope * x;
        }
    }

    private LeastSquares() {
    }

    public static Line fit(double[] x, double[] y) {
        double[] ones = new double[x.length];
        java.util.Arrays.fill(ones, 1);
        return fit(x, y, ones);
    }

    /** Minimises the sum of w_i·(y_i − a − b·x_i)²; the weights must be positive. */
    public static Line fit(double[] x, double[] y, double[] w) {
        if (x.length != y.length || x.length != w.length || x.length < 2) {
            throw new IllegalArgumentException("least squares needs at least 2 points of (x, y, weight); got " + x.length
                    + " x, " + y.length + " y and " + w.length + " weights");
        }
        int n = x.length;
        double sw = 0, mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            if (!(w[i] > 0) || Double.isInfinite(w[i])) {
                throw new IllegalArgumentException("least squares weight " + w[i] + " at point " + i + " is not a positive number");
            }
            sw += w[i];
            mx += w[i] * x[i];
            my += w[i] * y[i];
        }
        mx /= sw;
        my /= sw;
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += w[i] * (x[i] - mx) * (x[i] - mx);
            sxy += w[i] * (x[i] - mx) * (y[i] - my);
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("least squares needs at least two distinct x values");
        }
        double b = sxy / sxx;
        return new Line(my - b * mx, b);
    }

    /** Weights 1/t² for times t: the fit then minimises relative residuals. */
    public static double[] relativeWeights(double[] times) {
        double[] w = new double[times.length];
        for (int i = 0; i < times.length; i++) {
            w[i] = 1 / (times[i] * times[i]);
        }
        return w;
    }

    /** Sum of squared residuals of {@code line} over the points. */
    public static double residual(Line line, double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            double r = y[i] - line.at(x[i]);
            s += r * r;
        }
        return s;
    }
}
