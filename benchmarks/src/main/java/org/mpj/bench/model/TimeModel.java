package org.mpj.bench.model;

/** A model of a message's (or a collective's) time as a function of its size in bytes. */
public interface TimeModel {
    /** Predicted time in seconds for a message of {@code bytes}. */
    double time(double bytes);

    String describe();

    /**
     * Average absolute relative error |T_model − T_measured| / T_measured over the given points: how
     * well the model predicts sizes (typically ones not used for fitting).
     */
    default double meanRelativeError(double[] bytes, double[] seconds) {
        double s = 0;
        for (int i = 0; i < bytes.length; i++) {
            s += Math.abs(time(bytes[i]) - seconds[i]) / seconds[i];
        }
        return s / bytes.length;
    }
}
