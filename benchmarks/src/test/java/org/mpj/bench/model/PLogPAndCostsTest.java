package org.mpj.bench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** PLogP, LogGP derived from it, the collective cost formulas, and the held-out fit, on synthetic data. */
class PLogPAndCostsTest {
    static final double US = 1e-6, NS = 1e-9;
    static final double[] SIZES = {0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1 << 20};

    /** A synthetic platform: L = 5 us, g(m) = 1 us + 0.5 ns/B, o_s(m) = 0.4 us + 0.1 ns/B, o_r(m) = 0.6 us + 0.1 ns/B. */
    static PLogP synthetic() {
        double[] g = new double[SIZES.length], os = new double[SIZES.length], or = new double[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            g[i] = 1 * US + 0.5 * NS * SIZES[i];
            os[i] = 0.4 * US + 0.1 * NS * SIZES[i];
            or[i] = 0.6 * US + 0.1 * NS * SIZES[i];
        }
        double rtt0 = 2 * (5 * US + 1 * US);
        return PLogP.fromMeasurement(rtt0, new Curve(SIZES, os), new Curve(SIZES, or), new Curve(SIZES, g));
    }

    @Test
    void plogpFromMeasurementRecoversLatencyAndGap() {
        PLogP p = synthetic();
        assertEquals(5 * US, p.latency(), 1e-12);
        assertEquals(1 * US + 0.5 * NS * 3000, p.gap().at(3000), 1e-12, "interpolated between measured sizes");
        assertEquals(1 * US + 0.5 * NS * (4 << 20), p.gap().at(4 << 20), 1e-12, "extrapolated past the largest");
        assertEquals(6 * US + 0.5 * NS * 1024, p.time(1024), 1e-12);
    }

    @Test
    void logGPDerivedFromPLogP() {
        LogGP l = synthetic().toLogGP();
        assertEquals(0.5 * US, l.overhead(), 1e-12);
        assertEquals(1 * US, l.gap(), 1e-12);
        assertEquals(0.5 * NS, l.gapPerByte(), 1e-15);
        // a small message end to end is the same in both models: L + g(0) = o + L' + o
        assertEquals(6 * US, l.time(1), 1e-12);
    }

    @Test
    void curvesRefuseTooFewOrUnorderedPoints() {
        assertThrows(IllegalArgumentException.class, () -> new Curve(new double[] {1}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new Curve(new double[] {4, 1}, new double[] {1, 2}));
    }

    @Test
    void hockneyFormulasAreThePapersClosedForms() {
        double a = 10 * US, b = 1 * NS, m = 65536, seg = 8192;
        CollectiveCosts whole = new CollectiveCosts(PointToPoint.hockney(new Hockney(a, b)), 0, 0);
        CollectiveCosts segmented = new CollectiveCosts(PointToPoint.hockney(new Hockney(a, b)), 0, seg);
        int ns = (int) (m / seg);
        for (int p : new int[] {3, 4, 5, 7, 8, 9, 16}) {
            double logp = Math.ceil(Math.log(p) / Math.log(2)), c = a + b * m, cs = a + b * seg;
            assertEquals((p - 1) * c, whole.time("bcast", "linear", p, m), 1e-12, "linear bcast p=" + p);
            assertEquals(logp * c, whole.time("bcast", "binomial", p, m), 1e-12, "binomial bcast p=" + p);
            assertEquals((p + ns - 2) * cs, segmented.time("bcast", "chain", p, m), 1e-12, "pipeline p=" + p);
            double log2p1 = Math.ceil(Math.log(p + 1) / Math.log(2));
            assertEquals(2 * (log2p1 + ns - 2) * cs, segmented.time("bcast", "binary", p, m), 1e-12, "binary p=" + p);
            assertEquals(2 * (p - 1) * a, whole.time("barrier", "linear", p, 0), 1e-12, "flat-tree barrier p=" + p);
            assertEquals(2 * p * a, whole.time("barrier", "doubleRing", p, 0), 1e-12, "double ring p=" + p);
            assertEquals(logp * a, whole.time("barrier", "bruck", p, 0), 1e-12, "Bruck p=" + p);
        }
    }

    @Test
    void plogpFormulasOfFlatTreeAndPipeline() {
        PLogP pl = synthetic();
        CollectiveCosts c = new CollectiveCosts(PointToPoint.pLogP(pl), 0, 4096);
        int p = 6;
        double m = 1 << 16, ms = 4096, ns = 16;
        // flat tree: L + (p − 1)·g(m); pipeline: (p − 1)·L + (p + n_s − 2)·g(m_s)
        assertEquals(pl.latency() + (p - 1) * pl.gap().at(m), c.time("bcast", "FT", p, m), 1e-12);
        assertEquals((p - 1) * pl.latency() + (p + ns - 2) * pl.gap().at(ms), c.time("bcast", "pipeline", p, m), 1e-12);
    }

    @Test
    void reductionsPayForTheOperatorPerByte() {
        CollectiveCosts free = new CollectiveCosts(PointToPoint.hockney(new Hockney(5 * US, 1 * NS)), 0, 0);
        CollectiveCosts paid = new CollectiveCosts(PointToPoint.hockney(new Hockney(5 * US, 1 * NS)), 2 * NS, 0);
        double m = 1 << 20;
        assertEquals(3 * 2 * NS * m, paid.time("reduce", "binomial", 8, m) - free.time("reduce", "binomial", 8, m), 1e-12);
    }

    @Test
    void everyModelledAlgorithmIsPositiveAndGrowsWithSize() {
        CollectiveCosts c = new CollectiveCosts(PointToPoint.logGP(synthetic().toLogGP()), 1 * NS, 8192);
        for (Map.Entry<String, List<String>> e : CollectiveCosts.ALGORITHMS.entrySet()) {
            for (String alg : e.getValue()) {
                for (int p : new int[] {2, 3, 5, 8, 9}) {
                    double small = c.time(e.getKey(), alg, p, e.getKey().equals("barrier") ? 0 : 64);
                    double large = c.time(e.getKey(), alg, p, e.getKey().equals("barrier") ? 0 : 1 << 20);
                    assertTrue(small > 0 && Double.isFinite(small), e.getKey() + " " + alg + " p=" + p + ": " + small);
                    assertTrue(large >= small, e.getKey() + " " + alg + " p=" + p);
                }
            }
        }
        assertTrue(Double.isNaN(c.time("bcast", "noSuchAlgorithm", 4, 64)));
        assertEquals(0, c.time("bcast", "binomial", 1, 64));
    }

    @Test
    void catalogNamesMapToModelNames() {
        assertTrue(CollectiveCosts.knows("bcast", "MST"));
        assertTrue(CollectiveCosts.knows("bcast", "scatterAllgather"));
        assertTrue(CollectiveCosts.knows("barrier", "dissemination"));
        assertTrue(CollectiveCosts.knows("allreduce", "reduce+bcast"));
        assertFalse(CollectiveCosts.knows("bcast", "nbBKT2"));
        assertTrue(CollectiveCosts.knows("allgather", "nbBDE") && CollectiveCosts.knows("allgather", "bBKT"));
        assertTrue(CollectiveCosts.knows("barrier", "BT") && CollectiveCosts.knows("reduce_scatter", "bBDE"));
        assertTrue(CollectiveCosts.knows("allreduce", "Reduce+Bcast") && CollectiveCosts.knows("gather", "nb2FT"));
    }

    @Test
    void heldOutFitRecoversTheLinearModelAndBeatsHockneyOnAStep() {
        double[] t = new double[SIZES.length];
        LinearModel truth = new LinearModel(2 * US, 6 * US, 0.3 * NS);
        for (int i = 0; i < SIZES.length; i++) {
            t[i] = truth.time(SIZES[i]);
        }
        PointToPointFit f = PointToPointFit.of(SIZES, t);
        assertEquals(2 * US, f.linear().t0(), 1e-12);
        assertTrue(f.linearError() < f.hockneyError(), f.describe());
        assertEquals(2 * US, f.startupSeconds(), 1e-12);
    }
}
