package org.mpj.examples.nbody;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * NBody with a fault put in after every force computation, to show that its checks catch it:
 * {@code PerturbedNBody FAULT PARTICLES STEPS THETA SEED}.
 * <ul>
 * <li>{@code flip-sign}: the last rank's particles are pushed instead of pulled;</li>
 * <li>{@code stronger-gravity}: every acceleration 10% too large;</li>
 * <li>{@code drop-particle}: the last rank loses a particle after the second step's forces.</li>
 * </ul>
 */
public final class PerturbedNBody {
    private PerturbedNBody() {
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        RunOptions options = RunOptions.parse(Arrays.copyOfRange(app, 1, app.length));
        int last = MPI.COMM_WORLD.Size() - 1;
        NBody.Perturbation fault = switch (app[0]) {
            case "flip-sign" -> (p, rank, step) -> {
                if (rank == last) {
                    scale(p, -1);
                }
            };
            case "stronger-gravity" -> (p, rank, step) -> scale(p, 1.1);
            case "drop-particle" -> (p, rank, step) -> {
                if (rank == last && step == 2) {
                    p.remove(p.count / 2);
                }
            };
            default -> throw new IllegalArgumentException("unknown fault " + app[0]);
        };
        RunReport report = NBody.run(options, MPI.COMM_WORLD, fault);
        MPI.Finalize();
        report.requirePassed();
    }

    private static void scale(Particles p, double factor) {
        for (int k = 0; k < 3 * p.count; k++) {
            p.acc[k] *= factor;
        }
    }
}
