package org.mpj.tests.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpj.runtime.Jobs;

/**
 * Eight ranks on two cores exchange many messages of random sizes (0 to 100 KB, across the eager
 * limit) and random tags. Each sender's plan comes from a generator seeded with its rank, so every
 * receiver can replay the plans of all senders and knows exactly which messages, in which order per
 * sender, it must get. Every byte is checked and nothing may be left over.
 */
class StressTest {
    static final int MESSAGES_PER_RANK = 1000;
    static final int MAX_BYTES = 100_000;
    static final int TAGS = 4;
    static final long SEED = 20240611L;

    /** One message of a sender's plan. */
    record Planned(int dest, int tag, int bytes, long seed) {
    }

    /** The messages rank {@code source} sends, in order. */
    static List<Planned> plan(int source, int size) {
        Random random = new Random(SEED * 31 + source);
        List<Planned> out = new ArrayList<>();
        for (int i = 0; i < MESSAGES_PER_RANK; i++) {
            int dest = random.nextInt(size);
            int tag = random.nextInt(TAGS);
            int bytes = random.nextInt(8) == 0 ? 0 : random.nextInt(MAX_BYTES + 1);
            out.add(new Planned(dest, tag, bytes, ((long) source << 32) + i));
        }
        return out;
    }

    /**
     * args[0] "probe": receives with Probe(ANY_SOURCE, ANY_TAG) then Recv of the probed source and tag;
     * "anysource": keeps several Irecv(ANY_SOURCE, ANY_TAG) of the largest size posted and drains them
     * with Waitany. Sends are non-blocking, interleaved with receiving.
     */
    public static class Exchange {
        public static void main(String[] args) {
            MPI.Init(args);
            boolean probe = args[0].equals("probe");
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            List<List<Planned>> incoming = new ArrayList<>();
            int expected = 0;
            for (int src = 0; src < size; src++) {
                List<Planned> mine = new ArrayList<>();
                for (Planned p : plan(src, size)) {
                    if (p.dest() == rank) {
                        mine.add(p);
                    }
                }
                incoming.add(mine);
                expected += mine.size();
            }
            List<Planned> outgoing = plan(rank, size);
            Request[] sends = new Request[outgoing.size()];
            int[] next = new int[size];
            int received = 0;
            Request[] posted = new Request[probe ? 0 : 4];
            byte[][] bufs = new byte[posted.length][MAX_BYTES];
            // Posted receives match in the order they were posted, whatever order Waitany reports
            // them in: completions are checked in posting order, each slot remembering its number.
            long[] postedAs = new long[posted.length];
            long posts = 0;
            long nextToCheck = 0;
            java.util.Map<Long, Object[]> completed = new java.util.HashMap<>();
            for (int i = 0; i < posted.length && i < expected; i++) {
                postedAs[i] = posts++;
                posted[i] = MPI.COMM_WORLD.Irecv(bufs[i], 0, MAX_BYTES, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG);
            }
            int sent = 0;
            while (sent < outgoing.size() || received < expected) {
                if (sent < outgoing.size()) {
                    Planned p = outgoing.get(sent);
                    byte[] data = new byte[p.bytes() + 3];
                    Payload.BYTE.fill(data, 3, p.bytes(), p.seed());
                    sends[sent++] = MPI.COMM_WORLD.Isend(data, 3, p.bytes(), MPI.BYTE, p.dest(), p.tag());
                }
                if (received < expected && (sent == outgoing.size() || sent % 3 == 0)) {
                    if (probe) {
                        Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                        int count = st.Get_count(MPI.BYTE);
                        byte[] in = new byte[count];
                        Status got = MPI.COMM_WORLD.Recv(in, 0, count, MPI.BYTE, st.source, st.tag);
                        check(rank, got, in, incoming, next, received++);
                    } else {
                        Status got = Request.Waitany(posted);
                        int slot = got.index;
                        byte[] copy = java.util.Arrays.copyOf(bufs[slot], Math.max(0, got.Get_count(MPI.BYTE)));
                        completed.put(postedAs[slot], new Object[] {got, copy});
                        received++;
                        if (posts < expected) {
                            postedAs[slot] = posts++;
                            posted[slot] = MPI.COMM_WORLD.Irecv(bufs[slot], 0, MAX_BYTES, MPI.BYTE,
                                    MPI.ANY_SOURCE, MPI.ANY_TAG);
                        }
                        for (Object[] c; (c = completed.remove(nextToCheck)) != null; nextToCheck++) {
                            check(rank, (Status) c[0], (byte[]) c[1], incoming, next, (int) nextToCheck);
                        }
                    }
                }
            }
            assertEquals(0, completed.size(), "rank " + rank + ": receives left unchecked");
            Request.Waitall(sends);
            MPI.COMM_WORLD.Barrier();
            assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG), "rank " + rank + ": a message is left over");
            MPI.Finalize();
        }

        private static void check(int rank, Status got, byte[] in, List<List<Planned>> incoming, int[] next, int k) {
            List<Planned> from = incoming.get(got.source);
            int i = next[got.source]++;
            String where = "rank " + rank + ", receive " + k + ": message " + i + " from rank " + got.source;
            if (i >= from.size()) {
                throw new AssertionError(where + ": rank " + got.source + " planned only " + from.size() + " messages here");
            }
            Planned p = from.get(i);
            assertEquals(p.tag(), got.tag, where + ": status.tag");
            assertEquals(p.bytes(), got.Get_count(MPI.BYTE), where + ": Get_count");
            Payload.verifyBytes(in, 0, p.bytes(), p.seed(), where);
        }
    }

    @ParameterizedTest(name = "8 ranks, {0}")
    @ValueSource(strings = {"probe", "anysource"})
    @Timeout(60)
    void eightRanksExchangeRandomMessagesAndLoseNothing(String how) {
        Jobs.runOk(8, Exchange.class, how);
    }
}
