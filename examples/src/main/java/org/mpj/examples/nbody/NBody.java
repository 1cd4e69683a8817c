package org.mpj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A Gadget-style cosmological N-body code without the cosmology: a Plummer sphere evolved under
 * softened gravity with a Barnes-Hut tree (monopoles, opening angle theta), its particles spread over
 * the ranks along a Peano-Hilbert curve, integrated with a kick-drift-kick leapfrog.
 *
 * <p>Each step: half kick, drift, domain decomposition and particle exchange
 * ({@link DomainDecomposition}), tree forces with exports to the ranks whose top cells must be opened
 * ({@link GravitySolver}), half kick. At the end the run checks itself: sampled tree forces against
 * direct summation ({@link ForceCheck}), and the drift of energy and momentum, and the job fails if a
 * check does.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.nbody.NBody [PARTICLES [STEPS [THETA [SEED]]]]</pre>
 */
public final class NBody {
    /**
     * Bound on |E - E0| / |E0| over a run of up to about 50 steps. The energy uses the tree's potential,
     * whose error (about 1e-3 of E at theta 1, 2e-4 at 0.5) changes as particles cross cells, and the
     * leapfrog adds its own (6e-5 over 50 steps with exact forces, N = 2000). Measured drifts over 50
     * steps, N = 500 to 10^4: at most 1.5e-4 at theta 0.5, 1.0e-3 at theta 1.
     */
    static final double ENERGY_TOLERANCE = 2e-3;
    /**
     * Bound on |P - P0| / sum m|v|. Barnes-Hut forces are not pairwise symmetric, so momentum drifts:
     * measured over 50 steps, N = 2000, 7e-5 at theta 0.5 and 5.5e-4 at theta 1 (3e-17 at theta 0).
     */
    static final double MOMENTUM_TOLERANCE = 2e-3;

    /** A change made to the particles after every force computation, for tests that break the code. */
    interface Perturbation {
        Perturbation NONE = (p, rank, step) -> { };

        void afterForces(Particles p, int rank, int step);
    }

    private NBody() {
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        RunReport report = run(RunOptions.parse(app), MPI.COMM_WORLD, Perturbation.NONE);
        MPI.Finalize();
        report.requirePassed();
    }

    /** Runs the simulation; rank 0 prints the report. */
    static RunReport run(RunOptions o, Intracomm comm, Perturbation perturbation) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        Particles p = new Particles((int) (o.particles() / size + 1));
        PlummerSphere.generate(p, o.particles(), o.seed(), comm);
        DomainDecomposition domains = new DomainDecomposition(comm, o.particles());
        GravitySolver gravity = new GravitySolver(comm, o.theta(), RunOptions.SOFTENING);
        Leapfrog leapfrog = new Leapfrog();

        domains.decompose(p);
        gravity.compute(p, domains.tree);
        perturbation.afterForces(p, rank, 0);
        Conserved start = Conserved.measure(p, comm);

        comm.Barrier();
        long t0 = System.nanoTime();
        long forceNs = 0;
        long interactions = 0;
        long exported = 0;
        double time = 0;
        for (int step = 1; step <= o.steps(); step++) {
            double dt = leapfrog.timestep(p, RunOptions.SOFTENING, comm);
            Leapfrog.kick(p, 0.5 * dt);
            Leapfrog.drift(p, dt);
            long f0 = System.nanoTime();
            domains.decompose(p);
            gravity.compute(p, domains.tree);
            forceNs += System.nanoTime() - f0;
            interactions += gravity.interactions;
            exported += gravity.exported;
            perturbation.afterForces(p, rank, step);
            Leapfrog.kick(p, 0.5 * dt);
            time += dt;
        }
        double[] local = {(System.nanoTime() - t0) * 1e-9, forceNs * 1e-9};
        double[] slowest = new double[2];
        comm.Allreduce(local, 0, slowest, 0, 2, MPI.DOUBLE, MPI.MAX);
        double[] counts = {interactions, exported};
        double[] totals = new double[2];
        comm.Allreduce(counts, 0, totals, 0, 2, MPI.DOUBLE, MPI.SUM);
        // Balance: the fewest and most particles and interactions of a rank (the minima negated).
        double[] loads = {p.count, -p.count, interactions, -interactions};
        double[] extremes = new double[4];
        comm.Allreduce(loads, 0, extremes, 0, 4, MPI.DOUBLE, MPI.MAX);

        Conserved end = Conserved.measure(p, comm);
        ForceCheck.Result check = ForceCheck.run(p, o.particles(), o.theta(), RunOptions.SOFTENING, comm);
        RunReport report = new RunReport(o, size, time, slowest[0], slowest[1], totals[0], totals[1],
                -extremes[1], extremes[0], -extremes[3], extremes[2], start, end, check);
        if (rank == 0) {
            System.out.print(report.text());
            System.out.flush();
        }
        return report;
    }
}
