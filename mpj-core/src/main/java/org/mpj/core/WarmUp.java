package org.mpj.core;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * The warm-up exchange of a job of several JVMs, at Init: the first rank of each JVM sends round trips
 * to the first rank of another JVM, cycling through 0 B, 1 B, 2 B .. 1 MiB of bytes and of doubles, so
 * that the JIT compiles the message path (engine, device, Netty) having seen every size class. A JVM
 * that compiled it after small messages only deoptimized it again at each larger class (another size
 * class of Netty's buffers, a rendezvous, ...): MpiJavaBench's tcp ping-pong on 2 JVMs took 15-40 us at
 * 16 KiB and 210-390 at 1 MiB through its sweep, against 5.8-8.8 and 122-198 after this exchange (Open
 * MPI 6.0 and 109; benchmarks/results/2026-11-27/mpjavabench-tcp-pingpong.txt). Since rendezvous
 * data between JVMs of one host go through pipes of shared memory, the exchange also sets up the pipe of
 * each pair it joins, outside the program's timed sections: NPB class A on 4 tcp JVMs, IS 0.21-0.25 s
 * after 1000-3000 round trips against 0.34-0.45 without, FT 2.02-2.11 against 2.23-2.28; on 2 JVMs CG
 * 0.51-0.56 against 0.69-0.78 (benchmarks/results/2026-11-28/tcp-warmup-pipes.txt; before the pipes
 * the exchange made IS on 4 JVMs slower in one hour out of two, and it was off). It costs a job ~0.45 s
 * at start on a 2-core host (300 round trips ~0.35 s, 3000 ~0.5). Ranks that share a JVM share
 * its compiled code, so one rank per JVM exchanges; the others go on at once.
 *
 * <p>The messages travel on COMM_WORLD's collective context with a tag no collective uses, between two
 * named ranks, and every one is received before either rank leaves Init: none can meet the program's.
 */
final class WarmUp {
    /** IS on 4 JVMs: 0.22-0.23 s after 1000, 0.23-0.26 after 300, 0.23-0.25 after 3000 (alternated). */
    static final int DEFAULT_ROUND_TRIPS = 1000;
    /** Above the collectives' tags (org.mpj.coll.base.Tags: 1..16). */
    static final int TAG = 1 << 20;
    static final int LARGEST_BYTES = 1 << 20;
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);
    private static final TypeMap DOUBLES = TypeMap.primitive(BaseType.DOUBLE, null);

    private WarmUp() {
    }

    /**
     * Pairs the JVMs' first ranks (in rank order) two by two; with an odd count the last pairs with the
     * first, after the first's own pair. Returns at once on ranks that are not a JVM's first, in a job
     * whose ranks are all in this JVM (whatever its device: they share one JIT), and with no round trips.
     */
    static void run(Communicator world, int roundTrips) {
        if (roundTrips == 0 || world.rankContext().job.ranksInJvm() >= world.size()) {
            return;
        }
        int[] firsts = firstRanks(world);
        int n = firsts.length, i = indexOf(firsts, world.rank());
        if (n < 2 || i < 0) {
            return;
        }
        if ((i ^ 1) < n) {
            exchange(world, firsts[i ^ 1], roundTrips);
        }
        if (n % 2 == 1 && (i == 0 || i == n - 1)) {
            exchange(world, firsts[i == 0 ? n - 1 : 0], roundTrips);
        }
    }

    /** The lowest rank on each node (JVM), in rank order. */
    static int[] firstRanks(Communicator world) {
        int[] firsts = new int[world.size()];
        int n = 0;
        for (int r = 0; r < world.size(); r++) {
            boolean first = true;
            for (int j = 0; j < n && first; j++) {
                first = world.node(firsts[j]) != world.node(r);
            }
            if (first) {
                firsts[n++] = r;
            }
        }
        return java.util.Arrays.copyOf(firsts, n);
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Round trips with {@code peer}, the lower rank sending first; sizes double up to 1 MiB and start
     * over, bytes and doubles in turn.
     */
    private static void exchange(Communicator world, int peer, int roundTrips) {
        byte[] bytes = new byte[LARGEST_BYTES];
        double[] doubles = new double[LARGEST_BYTES / 8];
        boolean sendFirst = world.rank() < peer;
        int size = 0;
        boolean asDoubles = false;
        for (int t = 0; t < roundTrips; t++) {
            Object buf = asDoubles ? doubles : bytes;
            TypeMap type = asDoubles ? DOUBLES : BYTES;
            int count = asDoubles ? size / 8 : size;
            if (sendFirst) {
                world.collSend(buf, 0, count, type, peer, TAG);
                world.collRecv(buf, 0, count, type, peer, TAG);
            } else {
                world.collRecv(buf, 0, count, type, peer, TAG);
                world.collSend(buf, 0, count, type, peer, TAG);
            }
            if (size >= LARGEST_BYTES) {
                size = 0;
                asDoubles = !asDoubles;
            } else {
                size = Math.max(1, 2 * size);
            }
        }
    }
}
