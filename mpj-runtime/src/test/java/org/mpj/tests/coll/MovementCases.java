package org.mpj.tests.coll;

import mpi.Datatype;
import mpi.Intracomm;

/**
 * The collectives that move data without combining it, against a sequential reference: for each
 * communicator given, each type, count and root. Every receive buffer starts stale, with padding
 * around it; the whole buffer is checked. Run by {@link CollMatrixTest} on every rank.
 *
 * <p>Types: each primitive type, MPI.OBJECT, a derived type (INT2) and a derived send type received
 * as its base type. Counts: 0, 1, odd, and past the 16 KiB eager limit and the 8 KiB segment size.
 */
final class MovementCases {
    /** (send type, receive type): equal, or a pair type received as two ints. */
    static final String[][] TYPES = {{"INT", "INT"}, {"DOUBLE", "DOUBLE"}, {"BYTE", "BYTE"}, {"CHAR", "CHAR"},
        {"SHORT", "SHORT"}, {"LONG", "LONG"}, {"FLOAT", "FLOAT"}, {"BOOLEAN", "BOOLEAN"}, {"OBJECT", "OBJECT"},
        {"INT2", "INT2"}, {"INT2", "INT"}};
    /** Offsets of the data in send and receive buffers, and padding after it. */
    static final int SOFF = 2, ROFF = 3, TAIL = 2;

    final boolean full;
    int p, me;
    int caseNo;
    Intracomm comm;
    String what;
    Datatype st, rt;
    String sname, rname;
    int ws, wr;

    /** The quick profile's types: primitive, object, derived, derived received as base. */
    static final String[][] QUICK_TYPES = {{"INT", "INT"}, {"BYTE", "BYTE"}, {"OBJECT", "OBJECT"},
        {"INT2", "INT2"}, {"INT2", "INT"}};

    MovementCases(boolean full) {
        this.full = full;
    }

    /** Runs {@code primitive} over types x counts x roots on {@code c}, named {@code name} in failures. */
    void run(String primitive, Intracomm c, String name) {
        comm = c;
        caseNo = 0;
        p = c.Size();
        me = c.Rank();
        for (String[] t : full ? TYPES : QUICK_TYPES) {
            if (primitive.equals("Bcast") && !t[0].equals(t[1])) {
                continue;
            }
            sname = t[0];
            rname = t[1];
            st = Typed.type(sname);
            rt = Typed.type(rname);
            ws = Typed.width(sname);
            wr = Typed.width(rname);
            for (int count : counts(primitive, sname)) {
                for (int root : CollMatrixTest.roots(primitive, p, full)) {
                    caseNo++;
                    what = primitive + " " + sname + "->" + rname + " count=" + count
                            + (root >= 0 ? " root=" + root : "") + " on " + name;
                    one(primitive, count, root);
                }
            }
        }
    }

    /**
     * Items per rank (per block): 0, 1, odd, and for INT past the 16 KiB eager limit and the
     * 8 KiB segment (4099 ints: 16 396 bytes; 5000: 20 000), DOUBLE and INT2 too in the full run.
     */
    int[] counts(String primitive, String type) {
        if (type.equals("OBJECT")) {
            return full ? new int[] {0, 1, 7, 200} : new int[] {0, 1, 7};
        }
        if (type.equals("INT")) {
            if (!full) {
                return new int[] {0, 1, 7, 5000};
            }
            return primitive.equals("Bcast") ? new int[] {0, 1, 7, 2047, 2048, 2049, 4099, 100_000}
                    : new int[] {0, 1, 7, 4099, p <= 9 ? 30_000 : 5000};
        }
        if (type.equals("DOUBLE") || type.equals("INT2")) {
            return full ? new int[] {0, 1, 7, 4099} : new int[] {0, 1, 7};
        }
        return full ? new int[] {0, 1, 7, 300} : new int[] {1, 7};
    }

    /** The key of element {@code i} that rank {@code from} contributes for rank {@code to}. */
    long key(int from, int to, int i) {
        return caseNo * 7_919L + from * 1_000_003L + to * 10_007L + i;
    }

    /** Items (of the send type) that rank {@code r} contributes in a v-form: some zero, all uneven. */
    static int vcount(int r, int count) {
        return r % 3 == 1 ? 0 : count + r % 2;
    }

    /** Items rank {@code from} sends to rank {@code to} in Alltoallv. */
    static int vcount(int from, int to, int count) {
        return (from + 2 * to) % 3 == 0 ? 0 : count + (from + to) % 2;
    }

    void one(String primitive, int count, int root) {
        switch (primitive) {
            case "Bcast": bcast(count, root); break;
            case "Gather": gather(count, root, false); break;
            case "Allgather": gather(count, root, true); break;
            case "Scatter": scatter(count, root); break;
            case "Alltoall": alltoall(count); break;
            case "Gatherv": gatherv(count, root, false); break;
            case "Allgatherv": gatherv(count, root, true); break;
            case "Scatterv": scatterv(count, root); break;
            case "Alltoallv": alltoallv(count); break;
            default: throw new IllegalArgumentException(primitive);
        }
    }

    void bcast(int count, int root) {
        int n = count * ws;
        long[] want = Typed.keys(ROFF + n + TAIL, ROFF, ROFF + n);
        for (int i = 0; i < n; i++) {
            want[ROFF + i] = key(root, 0, i);
        }
        Object buf = Typed.array(sname, me == root ? want : Typed.keys(want.length, ROFF, ROFF + n));
        comm.Bcast(buf, ROFF, count, st, root);
        Typed.expectAll(buf, want, what);
    }

    /** Keys of this rank's send buffer when it sends the same {@code n} elements to every rank. */
    long[] sendKeys(int n) {
        long[] k = Typed.keys(SOFF + n + TAIL, SOFF, SOFF + n);
        for (int i = 0; i < n; i++) {
            k[SOFF + i] = key(me, 0, i);
        }
        return k;
    }

    void gather(int count, int root, boolean all) {
        int n = count * ws;
        Object send = Typed.array(sname, sendKeys(n));
        boolean receives = all || me == root;
        long[] want = Typed.keys(ROFF + p * n + TAIL, ROFF, ROFF + p * n);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < n; i++) {
                want[ROFF + r * n + i] = key(r, 0, i);
            }
        }
        Object recv = receives ? Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + p * n)) : null;
        if (all) {
            comm.Allgather(send, SOFF, count, st, recv, ROFF, n / wr, rt);
        } else {
            comm.Gather(send, SOFF, count, st, recv, ROFF, n / wr, rt, root);
        }
        if (receives) {
            Typed.expectAll(recv, want, what);
        }
        Typed.expectAll(send, sendKeys(n), what + " (send buffer must not change)");
    }

    void scatter(int count, int root) {
        int n = count * ws;
        Object send = null;
        if (me == root) {
            long[] k = Typed.keys(SOFF + p * n + TAIL, SOFF, SOFF + p * n);
            for (int r = 0; r < p; r++) {
                for (int i = 0; i < n; i++) {
                    k[SOFF + r * n + i] = key(root, r, i);
                }
            }
            send = Typed.array(sname, k);
        }
        long[] want = Typed.keys(ROFF + n + TAIL, ROFF, ROFF + n);
        for (int i = 0; i < n; i++) {
            want[ROFF + i] = key(root, me, i);
        }
        Object recv = Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + n));
        comm.Scatter(send, SOFF, count, st, recv, ROFF, n / wr, rt, root);
        Typed.expectAll(recv, want, what);
    }

    void alltoall(int count) {
        int n = count * ws;
        long[] k = Typed.keys(SOFF + p * n + TAIL, SOFF, SOFF + p * n);
        long[] want = Typed.keys(ROFF + p * n + TAIL, ROFF, ROFF + p * n);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < n; i++) {
                k[SOFF + r * n + i] = key(me, r, i);
                want[ROFF + r * n + i] = key(r, me, i);
            }
        }
        Object send = Typed.array(sname, k);
        Object recv = Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + p * n));
        comm.Alltoall(send, SOFF, count, st, recv, ROFF, n / wr, rt);
        Typed.expectAll(recv, want, what);
    }

    /**
     * Receive-side layout of a v-form: blocks of {@code items[r]} receive-type items placed in
     * reverse rank order with a one-item gap after each. Returns the displacements; the total
     * length in items is {@code displs[0] + items[0] + 1}.
     */
    static int[] reverseDispls(int[] items) {
        int n = items.length;
        int[] displs = new int[n];
        int at = 0;
        for (int r = n - 1; r >= 0; r--) {
            displs[r] = at;
            at += items[r] + 1;
        }
        return displs;
    }

    void gatherv(int count, int root, boolean all) {
        int mine = vcount(me, count) * ws;
        Object send = Typed.array(sname, sendKeys(mine));
        int[] recvcounts = new int[p];
        for (int r = 0; r < p; r++) {
            recvcounts[r] = vcount(r, count) * ws / wr;
        }
        int[] displs = reverseDispls(recvcounts);
        int region = (displs[0] + recvcounts[0] + 1) * wr;
        long[] want = Typed.keys(ROFF + region + TAIL, ROFF, ROFF + region);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < recvcounts[r] * wr; i++) {
                want[ROFF + displs[r] * wr + i] = key(r, 0, i);
            }
        }
        boolean receives = all || me == root;
        Object recv = receives ? Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + region)) : null;
        if (all) {
            comm.Allgatherv(send, SOFF, mine / ws, st, recv, ROFF, recvcounts, displs, rt);
        } else {
            comm.Gatherv(send, SOFF, mine / ws, st, recv, ROFF, me == root ? recvcounts : null,
                    me == root ? displs : null, rt, root);
        }
        if (receives) {
            Typed.expectAll(recv, want, what);
        }
    }

    void scatterv(int count, int root) {
        Object send = null;
        int[] sendcounts = new int[p];
        for (int r = 0; r < p; r++) {
            sendcounts[r] = vcount(r, count);
        }
        int[] displs = reverseDispls(sendcounts);
        if (me == root) {
            int region = (displs[0] + sendcounts[0] + 1) * ws;
            long[] k = Typed.keys(SOFF + region + TAIL, SOFF, SOFF + region);
            for (int r = 0; r < p; r++) {
                for (int i = 0; i < sendcounts[r] * ws; i++) {
                    k[SOFF + displs[r] * ws + i] = key(root, r, i);
                }
            }
            send = Typed.array(sname, k);
        }
        int n = vcount(me, count) * ws;
        long[] want = Typed.keys(ROFF + n + TAIL, ROFF, ROFF + n);
        for (int i = 0; i < n; i++) {
            want[ROFF + i] = key(root, me, i);
        }
        Object recv = Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + n));
        comm.Scatterv(send, SOFF, me == root ? sendcounts : null, me == root ? displs : null, st, recv, ROFF,
                n / wr, rt, root);
        Typed.expectAll(recv, want, what);
    }

    void alltoallv(int count) {
        int[] sendcounts = new int[p], recvcounts = new int[p], rdispls = new int[p];
        for (int r = 0; r < p; r++) {
            sendcounts[r] = vcount(me, r, count);
            recvcounts[r] = vcount(r, me, count) * ws / wr;
        }
        int[] sdispls = reverseDispls(sendcounts);
        int at = 0;
        for (int r = 0; r < p; r++) {
            rdispls[r] = at;
            at += recvcounts[r] + 2;
        }
        int sregion = (sdispls[0] + sendcounts[0] + 1) * ws, rregion = at * wr;
        long[] k = Typed.keys(SOFF + sregion + TAIL, SOFF, SOFF + sregion);
        long[] want = Typed.keys(ROFF + rregion + TAIL, ROFF, ROFF + rregion);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < sendcounts[r] * ws; i++) {
                k[SOFF + sdispls[r] * ws + i] = key(me, r, i);
            }
            for (int i = 0; i < recvcounts[r] * wr; i++) {
                want[ROFF + rdispls[r] * wr + i] = key(r, me, i);
            }
        }
        Object send = Typed.array(sname, k);
        Object recv = Typed.array(rname, Typed.keys(want.length, ROFF, ROFF + rregion));
        comm.Alltoallv(send, SOFF, sendcounts, sdispls, st, recv, ROFF, recvcounts, rdispls, rt);
        Typed.expectAll(recv, want, what);
    }
}
