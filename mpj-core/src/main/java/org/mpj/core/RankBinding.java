package org.mpj.core;

/**
 * Implemented by the class loader of a rank that runs as a thread: {@code mpi.MPI.Init} finds its
 * rank through the loader that loaded it, so every rank of a JVM gets its own {@code mpi} statics.
 */
public interface RankBinding {
    RankContext rankContext();
}
