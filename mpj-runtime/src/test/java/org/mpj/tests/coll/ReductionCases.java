package org.mpj.tests.coll;

import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

/**
 * The reductions (Reduce, Allreduce, Reduce_scatter, Scan) against a sequential reference that
 * folds the inputs of ranks 0..k in rank order: every predefined operator on the types it is
 * defined for, MAXLOC/MINLOC on pairs with ties, a commutative user operator and a non-commutative
 * one (2x2 integer matrix product), a user operator on MPI.OBJECT that combines into its inout
 * objects in place, counts 0, 1, odd and large. Inputs are small integers, so
 * floating-point results are exact whatever the order of combination. Run by {@link CollMatrixTest}.
 */
final class ReductionCases {
    /** An operator on a type: the inputs of each rank and the expected fold of ranks 0..k. */
    abstract static class Spec {
        final String name;
        final String type;
        final Op op;

        Spec(String name, String type, Op op) {
            this.name = name;
            this.type = type;
            this.op = op;
        }

        /** Key of element {@code i} of rank {@code r}'s input. */
        abstract long input(int r, int i);

        /** Keys of item {@code item} of the result: the inputs of ranks 0..last combined in rank order. */
        abstract long[] fold(int last, int item);
    }

    /** A predefined operator (or commutative user sum) applied element by element, computed in long. */
    static final class Elementwise extends Spec {
        private final String kind;

        Elementwise(String kind, String type, Op op) {
            super(kind, type, op);
            this.kind = kind;
        }

        @Override
        long input(int r, int i) {
            int h = r * 7 + i * 3;
            switch (kind) {
                case "PROD": return new long[] {1, 2, -1}[h % 3];
                case "LAND": case "LOR": case "LXOR": return (r + i) % 3 == 0 || (i % 5 == 0 && r > 0) ? 1 : 0;
                case "BAND": case "BOR": case "BXOR": return ((long) r * 2_654_435_761L) ^ ((long) i * 40_503L) ^ 0x5a5a;
                default: return type.equals("CHAR") ? h % 121 : h % 121 - 60;
            }
        }

        @Override
        long[] fold(int last, int item) {
            long acc = input(0, item);
            for (int r = 1; r <= last; r++) {
                long b = input(r, item);
                switch (kind) {
                    case "SUM": case "USER_SUM": acc += b; break;
                    case "PROD": acc *= b; break;
                    case "MAX": acc = Math.max(acc, b); break;
                    case "MIN": acc = Math.min(acc, b); break;
                    case "LAND": acc = acc != 0 && b != 0 ? 1 : 0; break;
                    case "LOR": acc = acc != 0 || b != 0 ? 1 : 0; break;
                    case "LXOR": acc = (acc != 0) != (b != 0) ? 1 : 0; break;
                    case "BAND": acc &= b; break;
                    case "BOR": acc |= b; break;
                    case "BXOR": acc ^= b; break;
                    default: throw new IllegalArgumentException(kind);
                }
            }
            return new long[] {acc};
        }
    }

    /** MAXLOC/MINLOC on (value, rank) pairs with many ties: the extreme value, the lowest rank. */
    static final class Loc extends Spec {
        private final boolean max;

        Loc(boolean max, String type, Op op) {
            super(max ? "MAXLOC" : "MINLOC", type, op);
            this.max = max;
        }

        @Override
        long input(int r, int i) {
            int item = i / 2;
            return i % 2 == 0 ? (r * 5 + item * 3) % 4 : r;
        }

        @Override
        long[] fold(int last, int item) {
            long best = input(0, 2 * item), at = 0;
            for (int r = 1; r <= last; r++) {
                long v = input(r, 2 * item);
                if (max ? v > best : v < best) {
                    best = v;
                    at = r;
                }
            }
            return new long[] {best, at};
        }
    }

    /** 2x2 matrices of ints (row major, one INT4 item each) under their product: not commutative. */
    static final class MatrixProduct extends Spec {
        MatrixProduct(Op op) {
            super("matrix product (user, non-commutative)", "INT4", op);
        }

        @Override
        long input(int r, int i) {
            int item = i / 4, k = i % 4;
            return k == 0 ? 1 : k == 3 ? (r + item) % 3 + 1 : (r * 3 + item + k) % 5 - 2;
        }

        @Override
        long[] fold(int last, int item) {
            int[] acc = new int[4];
            for (int k = 0; k < 4; k++) {
                acc[k] = (int) input(0, 4 * item + k);
            }
            int[] b = new int[4];
            for (int r = 1; r <= last; r++) {
                for (int k = 0; k < 4; k++) {
                    b[k] = (int) input(r, 4 * item + k);
                }
                multiply(acc, 0, b, 0);
                int[] swap = acc;
                acc = b;
                b = swap;
            }
            return new long[] {acc[0], acc[1], acc[2], acc[3]};
        }

        /** y = x times y, for the matrices at x[xo..xo+4) and y[yo..yo+4). */
        static void multiply(int[] x, int xo, int[] y, int yo) {
            int a = x[xo] * y[yo] + x[xo + 1] * y[yo + 2];
            int b = x[xo] * y[yo + 1] + x[xo + 1] * y[yo + 3];
            int c = x[xo + 2] * y[yo] + x[xo + 3] * y[yo + 2];
            int d = x[xo + 2] * y[yo + 1] + x[xo + 3] * y[yo + 3];
            y[yo] = a;
            y[yo + 1] = b;
            y[yo + 2] = c;
            y[yo + 3] = d;
        }
    }

    /** Runs one reduction over operators x types x counts x roots on the communicators given. */
    static final class Runner {
        static final int SOFF = 2, ROFF = 3, TAIL = 2;

        final boolean full;
        int p, me;
        int caseNo;

        Runner(boolean full) {
            this.full = full;
        }

        static List<Spec> specs() {
            List<Spec> s = new ArrayList<>();
            String[] arithmetic = {"SUM", "PROD", "MAX", "MIN"};
            Op[] arithmeticOps = {MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN};
            for (int k = 0; k < arithmetic.length; k++) {
                for (String t : new String[] {"INT", "LONG", "DOUBLE", "FLOAT", "SHORT", "BYTE", "CHAR"}) {
                    s.add(new Elementwise(arithmetic[k], t, arithmeticOps[k]));
                }
            }
            String[] logical = {"LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR"};
            Op[] logicalOps = {MPI.LAND, MPI.LOR, MPI.LXOR, MPI.BAND, MPI.BOR, MPI.BXOR};
            for (int k = 0; k < logical.length; k++) {
                for (String t : new String[] {"BOOLEAN", "INT", "LONG", "BYTE", "CHAR", "SHORT"}) {
                    s.add(new Elementwise(logical[k], t, logicalOps[k]));
                }
            }
            for (String t : new String[] {"INT2", "DOUBLE2"}) {
                s.add(new Loc(true, t, MPI.MAXLOC));
                s.add(new Loc(false, t, MPI.MINLOC));
            }
            s.add(new Elementwise("USER_SUM", "LONG", new Op(new User_function() {
                @Override
                public void Call(Object in, int i0, Object inout, int j0, int count, Datatype t) {
                    long[] a = (long[]) in, b = (long[]) inout;
                    for (int k = 0; k < count; k++) {
                        b[j0 + k] += a[i0 + k];
                    }
                }
            }, true)));
            s.add(new Elementwise("USER_SUM", "CELL", new Op(new User_function() {
                @Override
                public void Call(Object in, int i0, Object inout, int j0, int count, Datatype t) {
                    Object[] a = (Object[]) in, b = (Object[]) inout;
                    for (int k = 0; k < count; k++) {
                        ((Typed.Cell) b[j0 + k]).v += ((Typed.Cell) a[i0 + k]).v;
                    }
                }
            }, true)));
            s.add(new MatrixProduct(new Op(new User_function() {
                @Override
                public void Call(Object in, int i0, Object inout, int j0, int count, Datatype t) {
                    for (int k = 0; k < count; k++) {
                        MatrixProduct.multiply((int[]) in, i0 + 4 * k, (int[]) inout, j0 + 4 * k);
                    }
                }
            }, false)));
            return s;
        }

        /**
         * The quick profile's operators: each predefined one once, on types in turn, MAXLOC/MINLOC,
         * and both user operators.
         */
        static List<Spec> quickSpecs() {
            List<Spec> all = specs(), quick = new ArrayList<>();
            String[] pick = {"SUM INT", "PROD LONG", "MAX DOUBLE", "MIN FLOAT", "SUM CHAR", "MAX SHORT", "MIN BYTE",
                "LAND BOOLEAN", "LOR INT", "LXOR BYTE", "BAND LONG", "BOR CHAR", "BXOR SHORT", "MAXLOC INT2",
                "MINLOC DOUBLE2", "USER_SUM LONG", "USER_SUM CELL"};
            for (Spec s : all) {
                if (java.util.Arrays.asList(pick).contains(s.name + " " + s.type) || s instanceof MatrixProduct) {
                    quick.add(s);
                }
            }
            return quick;
        }

        /**
         * Items: 0, 1, odd, and past the 16 KiB eager limit and the 8 KiB segment for the sum of ints
         * (5000: 20 000 bytes) and the matrix product (1100 x 16 bytes).
         */
        int[] counts(Spec s) {
            if (s.name.equals("SUM") && s.type.equals("INT")) {
                return full ? new int[] {0, 1, 7, 33, 2047, 2049, 100_000} : new int[] {0, 1, 7, 5000};
            }
            if (s instanceof MatrixProduct) {
                return full ? new int[] {0, 1, 7, 33, 5000} : new int[] {0, 1, 7, 1100};
            }
            return full ? new int[] {0, 1, 7, 33} : new int[] {1, 7};
        }

        void run(String primitive, Intracomm comm, String name) {
            p = comm.Size();
            me = comm.Rank();
            caseNo = 0;
            for (Spec s : full ? specs() : quickSpecs()) {
                for (int count : counts(s)) {
                    for (int root : CollMatrixTest.roots(primitive.equals("Reduce") ? "Reduce" : "All", p, full)) {
                        caseNo++;
                        String what = primitive + " " + s.name + " on " + s.type + " count=" + count
                                + (root >= 0 ? " root=" + root : "") + " on " + name;
                        one(comm, primitive, s, count, root, what);
                    }
                }
            }
        }

        /** Items of rank {@code r}'s block in Reduce_scatter: some zero, all uneven. */
        static int block(int r, int count) {
            return r % 3 == 1 ? 0 : count + r % 2;
        }

        void one(Intracomm comm, String primitive, Spec s, int count, int root, String what) {
            int w = Typed.width(s.type);
            Datatype t = Typed.type(s.type);
            int items = count;
            int first = 0;
            int mine = count;
            if (primitive.equals("Reduce_scatter")) {
                items = 0;
                for (int r = 0; r < p; r++) {
                    if (r == me) {
                        first = items;
                    }
                    items += block(r, count);
                }
                mine = block(me, count);
            }
            long[] in = Typed.keys(SOFF + items * w + TAIL, SOFF, SOFF + items * w);
            for (int i = 0; i < items * w; i++) {
                in[SOFF + i] = s.input(me, i);
            }
            Object send = Typed.array(s.type, in);
            boolean receives = !primitive.equals("Reduce") || me == root;
            Object recv = receives ? Typed.array(s.type, Typed.keys(ROFF + mine * w + TAIL, ROFF, ROFF + mine * w))
                    : null;
            int last = p - 1;
            switch (primitive) {
                case "Reduce": comm.Reduce(send, SOFF, recv, ROFF, count, t, s.op, root); break;
                case "Allreduce": comm.Allreduce(send, SOFF, recv, ROFF, count, t, s.op); break;
                case "Scan":
                    comm.Scan(send, SOFF, recv, ROFF, count, t, s.op);
                    last = me;
                    break;
                case "Reduce_scatter":
                    int[] counts = new int[p];
                    for (int r = 0; r < p; r++) {
                        counts[r] = block(r, count);
                    }
                    comm.Reduce_scatter(send, SOFF, recv, ROFF, counts, t, s.op);
                    break;
                default: throw new IllegalArgumentException(primitive);
            }
            Typed.expectAll(send, in, what + " (send buffer must not change)");
            if (!receives) {
                return;
            }
            long[] want = Typed.keys(ROFF + mine * w + TAIL, ROFF, ROFF + mine * w);
            for (int j = 0; j < mine; j++) {
                System.arraycopy(s.fold(last, first + j), 0, want, ROFF + j * w, w);
            }
            Typed.expectAll(recv, want, what);
        }
    }
}
