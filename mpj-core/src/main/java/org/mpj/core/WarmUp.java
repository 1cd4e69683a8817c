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
 * MPI 6.0 and 109; benchmarks/results/2026-11-27/mpjavabench-tcp-pingpong.txt). It costs each job ~0.7 s
 * at start on a 2-core host, and it is off unless asked for ({@link Config#WARM_UP_ROUND_TRIPS}): after
 * it NPB IS class A on 4 tcp JVMs took 0.50-0.53 s against 0.38-0.43 in one hour, 0.39-0.72 against
 * 0.42-0.47 in the next (benchmarks/results/2026-11-27/npb-tcp-warmup.txt). Ranks that share a JVM share
 * its compiled code, so one rank per JVM exchanges; the others go on at once.
 *
 * <p>The messages travel on COMM_WORLD's collective context with a tag no collective uses, between two
 * named ranks, and every one is received before either rank leaves Init: none can meet the program's.
 */
final class WarmUp {
    /** Off by default (above); 3000 is what the figures above were measured with. */
    static final int DEFAULT_ROUND_TRIPS = 0;
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
