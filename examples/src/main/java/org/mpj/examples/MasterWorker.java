package org.mpj.examples;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Counts the primes below a limit with a master handing out ranges to workers as they become free.
 * Rank 0 is the master: it waits for a message from any worker ({@code MPI.ANY_SOURCE}), takes the
 * result it carries, and answers that worker with the next range or, when none is left, with a stop
 * message. Fast workers therefore get more ranges than slow ones. The master checks the total
 * against a sieve. With one rank the master does every range itself.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.MasterWorker [limit] [chunk]</pre>
 */
public class MasterWorker {
    /** Worker to master: {count of primes in the range just done, or -1 for none yet, its start}. */
    private static final int TAG_RESULT = 10;
    /** Master to worker: {start, end} of the next range. */
    private static final int TAG_WORK = 11;
    /** Master to worker: no more work. */
    private static final int TAG_STOP = 12;

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int limit = app.length > 0 ? Integer.parseInt(app[0]) : 300_000;
        int chunk = app.length > 1 ? Integer.parseInt(app[1]) : 7_000;
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        if (rank == 0) {
            master(limit, chunk, size);
        } else {
            worker();
        }
        MPI.Finalize();
    }

    private static void master(int limit, int chunk, int size) throws MPIException {
        int ranges = (limit + chunk - 1) / chunk;
        long total = 0;
        int[] done = new int[size];
        int nextStart = 0;
        if (size == 1) {
            for (; nextStart < limit; nextStart += chunk) {
                total += countPrimes(nextStart, Math.min(limit, nextStart + chunk));
                done[0]++;
            }
        } else {
            int stopped = 0;
            long[] result = new long[2];
            while (stopped < size - 1) {
                Status s = MPI.COMM_WORLD.Recv(result, 0, 2, MPI.LONG, MPI.ANY_SOURCE, TAG_RESULT);
                if (result[0] >= 0) {
                    total += result[0];
                    done[s.source]++;
                }
                if (nextStart < limit) {
                    int[] range = {nextStart, Math.min(limit, nextStart + chunk)};
                    MPI.COMM_WORLD.Send(range, 0, 2, MPI.INT, s.source, TAG_WORK);
                    nextStart = range[1];
                } else {
                    MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, s.source, TAG_STOP);
                    stopped++;
                }
            }
        }
        long expected = sieveCount(limit);
        StringBuilder perRank = new StringBuilder();
        int sum = 0;
        for (int r = 0; r < size; r++) {
            perRank.append(r == 0 ? "" : " ").append(done[r]);
            sum += done[r];
        }
        String line = "primes below " + limit + ": " + total + " from " + sum + " of " + ranges
                + " ranges (ranges per rank: " + perRank + "); sieve: " + expected;
        if (total != expected || sum != ranges) {
            throw new IllegalStateException(line + " (FAILED)");
        }
        System.out.println(line + " (verified)");
    }

    private static void worker() throws MPIException {
        long[] result = {-1, 0};
        int[] range = new int[2];
        while (true) {
            MPI.COMM_WORLD.Send(result, 0, 2, MPI.LONG, 0, TAG_RESULT);
            Status s = MPI.COMM_WORLD.Recv(range, 0, 2, MPI.INT, 0, MPI.ANY_TAG);
            if (s.tag == TAG_STOP) {
                return;
            }
            result[0] = countPrimes(range[0], range[1]);
            result[1] = range[0];
        }
    }

    /** Primes p with from <= p < to, by trial division (the work to share out). */
    static long countPrimes(int from, int to) {
        long count = 0;
        for (int p = Math.max(2, from); p < to; p++) {
            boolean prime = true;
            for (int d = 2; (long) d * d <= p; d++) {
                if (p % d == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) {
                count++;
            }
        }
        return count;
    }

    /** Primes below {@code limit} by the sieve of Eratosthenes, for the check. */
    static long sieveCount(int limit) {
        boolean[] composite = new boolean[Math.max(limit, 2)];
        long count = 0;
        for (int p = 2; p < limit; p++) {
            if (!composite[p]) {
                count++;
                for (long m = (long) p * p; m < limit; m += p) {
                    composite[(int) m] = true;
                }
            }
        }
        return count;
    }
}
