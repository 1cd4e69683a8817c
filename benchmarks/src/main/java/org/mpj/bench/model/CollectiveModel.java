package org.mpj.bench.model;

/**
 * The linear model for a collective over p ranks: T(n, p) = t0(p) + ti(p)·(tb(p)·n / (t0(p) + tb(p)·n))
 * + tb(p)·n, where each of t0, ti and tb is a {@link ScalingFit} of the per-p linear models.
 */
public record CollectiveModel(ScalingFit t0, ScalingFit ti, ScalingFit tb) {
    /** Fits one {@link LinearModel} per rank count, then each parameter against p. */
    public static CollectiveModel fit(int[] ranks, LinearModel[] perRanks) {
        double[] t0 = new double[ranks.length], ti = new double[ranks.length], tb = new double[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            t0[i] = perRanks[i].t0();
            ti[i] = perRanks[i].ti();
            tb[i] = perRanks[i].tb();
        }
        return new CollectiveModel(ScalingFit.fit(ranks, t0), ScalingFit.fit(ranks, ti), ScalingFit.fit(ranks, tb));
    }

    public double time(double bytes, int ranks) {
        return new LinearModel(t0.at(ranks), ti.at(ranks), tb.at(ranks)).time(bytes);
    }

    /** True when any parameter grows linearly with p: the algorithm takes O(p) steps. */
    public boolean linearInRanks() {
        return !t0.logarithmic() || !tb.logarithmic();
    }
}
