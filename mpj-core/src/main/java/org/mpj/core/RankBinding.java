package org.mpj.core;

/**
 * Implemented by the class loader of a rank that runs as a thread: {@code mpi.MPI.Init} finds its
 * rank through the loader that loaded it, so every rank of a JVM gets its own {@code mpi} statics.
 * In a job that shares the program's classes between its thread ranks ({@link Config#SHARED_CLASSES})
 * one {@code mpi} facade serves every rank, and finds the calling rank through this loader as the
 * thread's context class loader.
 */
public interface RankBinding {
    RankContext rankContext();

    /** True when the rank's classes, the {@code mpi} facade's included, are the job's, loaded once. */
    default boolean sharesClasses() {
        return false;
    }
}
