package org.mpj.bench.model;

/**
 * What the collective formulas need of a point-to-point model: the end-to-end time of one message
 * and the interval between consecutive messages leaving one process. In Hockney's model the two are
 * the same line α + β·m; LogGP and PLogP tell them apart, which is where their predictions for
 * flat trees and pipelines differ.
 */
public interface PointToPoint {
    /** Seconds from the start of a send of m bytes until the receiver has the data. */
    double message(double m);

    /** Seconds between the starts of two consecutive sends of m bytes from one process. */
    double interval(double m);

    String name();

    static PointToPoint hockney(Hockney h) {
        return new PointToPoint() {
            public double message(double m) {
                return h.time(m);
            }

            public double interval(double m) {
                return h.time(m);
            }

            public String name() {
                return "Hockney";
            }
        };
    }

    static PointToPoint logGP(LogGP l) {
        return new PointToPoint() {
            public double message(double m) {
                return l.time(m);
            }

            public double interval(double m) {
                return l.interval(m);
            }

            public String name() {
                return "LogGP";
            }
        };
    }

    static PointToPoint pLogP(PLogP p) {
        return new PointToPoint() {
            public double message(double m) {
                return p.time(m);
            }

            public double interval(double m) {
                return p.gap().at(m);
            }

            public String name() {
                return "PLogP";
            }
        };
    }
}
