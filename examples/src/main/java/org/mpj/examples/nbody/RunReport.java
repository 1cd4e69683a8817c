package org.mpj.examples.nbody;

/** What a run prints, and whether its checks passed. */
record RunReport(RunOptions options, int ranks, double simulatedTime, double seconds, double forceSeconds,
                 double interactions, double exported, double fewestParticles, double mostParticles,
                 double fewestInteractions, double mostInteractions, Conserved start, Conserved end,
                 ForceCheck.Result check) {

    boolean particlesKept() {
        return end.particles() == options.particles() && start.particles() == options.particles()
                && Math.abs(end.mass() - 1) <= 1e-12;
    }

    boolean energyKept() {
        return end.energyDrift(start) <= NBody.ENERGY_TOLERANCE;
    }

    boolean momentumKept() {
        return end.momentumDrift(start) <= NBody.MOMENTUM_TOLERANCE;
    }

    boolean passed() {
        return particlesKept() && energyKept() && momentumKept() && check.passed();
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("NBody: Barnes-Hut tree, theta %.3f, Plummer softening %.4f, Peano-Hilbert domains%n",
                options.theta(), RunOptions.SOFTENING));
        sb.append(String.format("  particles      %d (seed %d), %d at the end%n", options.particles(), options.seed(),
                (long) end.particles()));
        sb.append(String.format("  ranks          %d%n", ranks));
        sb.append(String.format("  steps          %d, to t = %.6f%n", options.steps(), simulatedTime));
        sb.append(String.format("  time           %.3f s, forces and domains %.3f s%n", seconds, forceSeconds));
        sb.append(String.format("  interactions   %d, %.4g /s; particles exported %d%n", (long) interactions,
                seconds > 0 ? interactions / seconds : 0.0, (long) exported));
        sb.append(String.format("  domains        particles per rank %d..%d, interactions per rank %d..%d%n",
                (long) fewestParticles, (long) mostParticles, (long) fewestInteractions, (long) mostInteractions));
        sb.append(String.format("  energy         E0 = %.12e, E = %.12e, drift %.3e (tolerance %.0e) %s%n",
                start.energy(), end.energy(), end.energyDrift(start), NBody.ENERGY_TOLERANCE, verdict(energyKept())));
        sb.append(String.format("  momentum       |P - P0| / sum m|v| = %.3e (tolerance %.0e) %s%n",
                end.momentumDrift(start), NBody.MOMENTUM_TOLERANCE, verdict(momentumKept())));
        sb.append(String.format("  force check    %d particles vs direct sum: median %.3e, 99th percentile %.3e, "
                        + "max %.3e (bounds %.1e, %.1e) %s%n", check.samples(), check.median(), check.p99(), check.max(),
                check.medianBound(), check.p99Bound(), verdict(check.passed())));
        if (!particlesKept()) {
            sb.append(String.format("  particles      %d at the start, %d at the end, mass %.15f: LOST%n",
                    (long) start.particles(), (long) end.particles(), end.mass()));
        }
        sb.append("  result         ").append(passed() ? "PASSED" : "FAILED").append(System.lineSeparator());
        return sb.toString();
    }

    private static String verdict(boolean ok) {
        return ok ? "OK" : "FAILED";
    }

    /** Ends the program with an error when a check failed (call after MPI.Finalize). */
    void requirePassed() {
        if (!passed()) {
            throw new CheckFailed("NBody: check FAILED" + (particlesKept() ? "" : ": particles lost")
                    + (energyKept() ? "" : ": energy drift " + end.energyDrift(start))
                    + (momentumKept() ? "" : ": momentum drift " + end.momentumDrift(start))
                    + (check.passed() ? "" : ": force check median " + check.median() + ", 99th percentile " + check.p99()));
        }
    }
}
