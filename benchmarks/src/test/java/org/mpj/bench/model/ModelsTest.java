package org.mpj.bench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ModelsTest {
    static final double US = 1e-6, NS = 1e-9;

    /** The example of Taboada et al.: t0 = 4 us, ti = 13 us, tb = 3.89 ns/B at 4 KiB. */
    @Test
    void papersExampleAtFourKiB() {
        double n = 4096;
        assertEquals(19.9, new Hockney(4 * US, 3.89 * NS).time(n) / US, 0.05);
        assertEquals(30.3, new LinearModel(4 * US, 13 * US, 3.89 * NS).time(n) / US, 0.05);
    }

    @Test
    void hockneyFitRecoversItsParameters() {
        double[] n = {0, 16, 256, 4096, 65536, 1 << 20};
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = 2 * US + 0.1 * NS * n[i];
        }
        Hockney h = Hockney.fit(n, t);
        assertEquals(2 * US, h.t0(), 1e-12);
        assertEquals(0.1 * NS, h.tb(), 1e-16);
        assertEquals(20_000, h.halfBandwidthBytes(), 1e-6);
    }

    @Test
    void linearModelFitRecoversItsParameters() {
        LinearModel truth = new LinearModel(3 * US, 0, 0.25 * NS);
        double[] n = {0, 1024, 4096, 16384, 65536, 262144};
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = truth.time(n[i]);
        }
        LinearModel m = LinearModel.fit(n, t);
        assertEquals(3 * US, m.t0(), 1e-12);
        assertEquals(0.25 * NS, m.tb(), 1e-15);
        assertEquals(0, m.ti(), 1e-12);
        assertEquals(0, m.meanRelativeError(n, t), 1e-9);
    }

    @Test
    void linearModelBeatsHockneyOnAStepCurve() {
        // An eager-to-rendezvous step: +10 us from 16 KiB on.
        double[] n = {0, 64, 1024, 4096, 16384, 65536, 262144, 1 << 20};
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = 1 * US + 0.2 * NS * n[i] + (n[i] >= 16384 ? 10 * US : 0);
        }
        double hockney = Hockney.fit(n, t).meanRelativeError(n, t);
        double linear = LinearModel.fit(n, t).meanRelativeError(n, t);
        assertTrue(linear < hockney, "linear model error " + linear + " should be below Hockney's " + hockney);
    }

    @Test
    void weightedFitFollowsTheSmallSizesWhereAnOrdinaryFitMissesThem() {
        // Times with a slope that steepens past 256 KiB (out of cache): the ordinary fit is set by the
        // largest sizes and its intercept misses the small ones by more than their value.
        double[] n = {0, 16, 256, 4096, 65536, 262144, 1 << 20, 4 << 20};
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = 1 * US + 0.05 * NS * n[i] + (n[i] > 262144 ? 0.1 * NS * (n[i] - 262144) : 0);
        }
        LeastSquares.Line ordinary = LeastSquares.fit(n, t), weighted = LeastSquares.fit(n, t, LeastSquares.relativeWeights(t));
        double ordinaryAt16 = Math.abs(ordinary.at(16) - t[1]) / t[1], weightedAt16 = Math.abs(weighted.at(16) - t[1]) / t[1];
        assertTrue(ordinaryAt16 > 0.5, "ordinary fit's error at 16 B: " + ordinaryAt16);
        assertTrue(weightedAt16 < 0.05, "weighted fit's error at 16 B: " + weightedAt16);
        assertThrows(IllegalArgumentException.class, () -> LeastSquares.fit(n, t, new double[n.length]));
    }

    @Test
    void linearModelNeedsTheZeroByteTime() {
        assertThrows(IllegalArgumentException.class, () -> LinearModel.fit(new double[] {1, 2, 3}, new double[] {1, 2, 3}));
    }

    @Test
    void metricsOfAHockneyCurve() {
        double[] n = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1 << 20, 1 << 24};
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = 1 * US + 1 * NS * n[i];
        }
        assertEquals(1.001 * US, Metrics.startupLatency(t), 1e-12);
        assertEquals(1e9, Metrics.asymptoticBandwidth(n, t), 1e9 * 1e-3);
        assertEquals(1000, Metrics.halfBandwidthBytes(n, t), 30);
        double[] peak = Metrics.peakAggregated(n, 4, t);
        assertEquals(1 << 24, peak[1]);
    }

    @Test
    void scalingFitTellsLogarithmicFromLinear() {
        int[] p = {2, 3, 4, 5, 7, 8, 9, 16};
        double[] log = new double[p.length], lin = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            log[i] = 5 + 3 * ScalingFit.ceilLog2(p[i]);
            lin[i] = 5 + 3 * p[i];
        }
        ScalingFit a = ScalingFit.fit(p, log), b = ScalingFit.fit(p, lin);
        assertTrue(a.logarithmic());
        assertFalse(b.logarithmic());
        assertEquals(5 + 3 * 5, a.at(32), 1e-9);
        assertEquals(5 + 3 * 32, b.at(32), 1e-9);
    }
}
