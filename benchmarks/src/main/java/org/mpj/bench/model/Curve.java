package org.mpj.bench.model;

import java.util.Arrays;

/**
 * A parameter measured as a function of message size, such as PLogP's g(m): the measured points,
 * linear interpolation between them, and the line through the last two beyond the largest (the
 * first two below the smallest), as Kielmann et al. read their tables.
 */
public record Curve(double[] bytes, double[] values) {
    public Curve {
        if (bytes.length != values.length || bytes.length < 2) {
            throw new IllegalArgumentException("a curve needs at least 2 points of (bytes, value); got " + bytes.length
                    + " sizes and " + values.length + " values");
        }
        for (int i = 1; i < bytes.length; i++) {
            if (bytes[i] <= bytes[i - 1]) {
                throw new IllegalArgumentException("curve sizes must ascend: " + Arrays.toString(bytes));
            }
        }
        bytes = bytes.clone();
        values = values.clone();
    }

    public double at(double m) {
        int hi = 1;
        while (hi < bytes.length - 1 && bytes[hi] < m) {
            hi++;
        }
        int lo = hi - 1;
        return values[lo] + (values[hi] - values[lo]) * (m - bytes[lo]) / (bytes[hi] - bytes[lo]);
    }

    /** Slope of the line through the last two points: time per byte for large messages. */
    public double asymptoticSlope() {
        int n = bytes.length;
        return (values[n - 1] - values[n - 2]) / (bytes[n - 1] - bytes[n - 2]);
    }
}
