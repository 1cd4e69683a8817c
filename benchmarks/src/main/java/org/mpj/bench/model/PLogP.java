package org.mpj.bench.model;

/**
 * The parameterized LogP model of Kielmann, Bal and Verstoep: latency L, and as functions of the
 * message size m the send overhead o_s(m), the receive overhead o_r(m) and the gap g(m), the least
 * interval between consecutive messages (the inverse of the bandwidth m / g(m)). A message's
 * end-to-end time is L + g(m); a round trip RTT(m) = 2·(L + g(m)), which is how L is measured:
 * L = RTT(0)/2 − g(0).
 */
public record PLogP(double latency, Curve sendOverhead, Curve recvOverhead, Curve gap) {
    /** From the measured round trip at 0 bytes and the curves, as Kielmann's method derives L. */
    public static PLogP fromMeasurement(double rtt0, Curve os, Curve or, Curve g) {
        return new PLogP(Math.max(0, rtt0 / 2 - g.at(0)), os, or, g);
    }

    /** End-to-end time of one message of m bytes. */
    public double time(double m) {
        return latency + gap.at(m);
    }

    /**
     * LogGP from PLogP (Kielmann et al., section 2): g = g(0), G the slope of g(m) for large m, o the mean of
     * the two overheads of a small message, and L what remains of a small message's end-to-end time,
     * L + g(0), after both overheads: L_LogGP = L + g(0) − 2o.
     */
    public LogGP toLogGP() {
        double o = (sendOverhead.at(0) + recvOverhead.at(0)) / 2;
        return new LogGP(Math.max(0, latency + gap.at(0) - 2 * o), o, gap.at(0), gap.asymptoticSlope());
    }

    public String describe() {
        return String.format("PLogP: L = %.3f us, g(0) = %.3f us, o_s(0) = %.3f us, o_r(0) = %.3f us, G = %.4f ns/B",
                latency * 1e6, gap.at(0) * 1e6, sendOverhead.at(0) * 1e6, recvOverhead.at(0) * 1e6, gap.asymptoticSlope() * 1e9);
    }
}
