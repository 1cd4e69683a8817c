package org.mpj.bench.model;

/** Ordinary least squares of y = a + b·x, and the error measures the models report. */
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
        if (x.length != y.length || x.length < 2) {
            throw new IllegalArgumentException("least squares needs at least 2 points of (x, y); got " + x.length
                    + " x and " + y.length + " y");
        }
        int n = x.length;
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("least squares needs at least two distinct x values");
        }
        double b = sxy / sxx;
        return new Line(my - b * mx, b);
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
