package org.mpj.core.op;

import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * The predefined operators of MPI on Java's primitive arrays. Arithmetic ({@code MAX MIN SUM PROD})
 * works on the numeric types; logical ones ({@code LAND LOR LXOR}) on BOOLEAN and the integer types
 * (non-zero is true, as in C); bitwise ones ({@code BAND BOR BXOR}) on the integer types and BOOLEAN;
 * {@code MAXLOC}/{@code MINLOC} on (value, index) pairs of one type (mpiJava's {@code INT2},
 * {@code DOUBLE2}, ...), keeping the lower index on ties. All are commutative. Each loop runs over
 * one primitive array type, with the operator chosen outside it.
 */
public final class PredefinedOp extends Operator {
    public enum Kind { MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC, MINLOC }

    private final Kind kind;

    public PredefinedOp(Kind kind) {
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    @Override
    public boolean isCommutative() {
        return true;
    }

    @Override
    public String describe() {
        return "MPI." + kind;
    }

    @Override
    public void check(String call, TypeMap type) {
        BaseType b = type.base;
        boolean ok;
        switch (kind) {
            case MAX: case MIN: case SUM: case PROD:
                ok = b != BaseType.BOOLEAN && b != BaseType.OBJECT && b != BaseType.PACKED;
                break;
            case LAND: case LOR: case LXOR: case BAND: case BOR: case BXOR:
                ok = b == BaseType.BOOLEAN || b == BaseType.BYTE || b == BaseType.CHAR || b == BaseType.SHORT
                        || b == BaseType.INT || b == BaseType.LONG;
                break;
            default: // MAXLOC, MINLOC
                ok = (b == BaseType.SHORT || b == BaseType.INT || b == BaseType.LONG || b == BaseType.FLOAT
                        || b == BaseType.DOUBLE) && type.size % 2 == 0;
                break;
        }
        if (!ok) {
            throw new MpjException(ErrorClass.ERR_OP, call + ": " + describe() + " is not defined for "
                    + type.describe() + (kind == Kind.MAXLOC || kind == Kind.MINLOC
                    ? " (use a pair type such as MPI.INT2 or MPI.DOUBLE2)" : ""));
        }
    }

    @Override
    public void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, TypeMap type) {
        if (type.isContiguous()) {
            run(in, inOffset, inout, inoutOffset, count * type.size, type.base);
            return;
        }
        for (int i = 0; i < count; i++) {
            int item = i * type.extent;
            for (int k = 0; k < type.runs(); k++) {
                int at = item + type.runDispl(k);
                run(in, inOffset + at, inout, inoutOffset + at, type.runLength(k), type.base);
            }
        }
    }

    private void run(Object in, int i0, Object io, int j0, int n, BaseType base) {
        switch (base) {
            case BYTE: bytes((byte[]) in, i0, (byte[]) io, j0, n); return;
            case CHAR: chars((char[]) in, i0, (char[]) io, j0, n); return;
            case SHORT: shorts((short[]) in, i0, (short[]) io, j0, n); return;
            case INT: ints((int[]) in, i0, (int[]) io, j0, n); return;
            case LONG: longs((long[]) in, i0, (long[]) io, j0, n); return;
            case FLOAT: floats((float[]) in, i0, (float[]) io, j0, n); return;
            case DOUBLE: doubles((double[]) in, i0, (double[]) io, j0, n); return;
            case BOOLEAN: booleans((boolean[]) in, i0, (boolean[]) io, j0, n); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for " + base.mpiName());
        }
    }

    private void booleans(boolean[] a, int i0, boolean[] b, int j0, int n) {
        switch (kind) {
            case LAND: case BAND: for (int k = 0; k < n; k++) { b[j0 + k] = a[i0 + k] & b[j0 + k]; } return;
            case LOR: case BOR: for (int k = 0; k < n; k++) { b[j0 + k] = a[i0 + k] | b[j0 + k]; } return;
            case LXOR: case BXOR: for (int k = 0; k < n; k++) { b[j0 + k] = a[i0 + k] ^ b[j0 + k]; } return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.BOOLEAN");
        }
    }

    private void bytes(byte[] a, int i0, byte[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x > y ? x : y; } return;
            case MIN: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x < y ? x : y; } return;
            case SUM: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) (x + y); } return;
            case PROD: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) (x * y); } return;
            case LAND: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) ((x != 0) & (y != 0) ? 1 : 0); } return;
            case LOR: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) ((x != 0) | (y != 0) ? 1 : 0); } return;
            case LXOR: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) ((x != 0) ^ (y != 0) ? 1 : 0); } return;
            case BAND: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) (x & y); } return;
            case BOR: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) (x | y); } return;
            case BXOR: for (int k = 0; k < n; k++) { byte x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (byte) (x ^ y); } return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.BYTE");
        }
    }

    private void chars(char[] a, int i0, char[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x > y ? x : y; } return;
            case MIN: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x < y ? x : y; } return;
            case SUM: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) (x + y); } return;
            case PROD: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) (x * y); } return;
            case LAND: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) ((x != 0) & (y != 0) ? 1 : 0); } return;
            case LOR: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) ((x != 0) | (y != 0) ? 1 : 0); } return;
            case LXOR: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) ((x != 0) ^ (y != 0) ? 1 : 0); } return;
            case BAND: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) (x & y); } return;
            case BOR: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) (x | y); } return;
            case BXOR: for (int k = 0; k < n; k++) { char x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (char) (x ^ y); } return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.CHAR");
        }
    }

    private void shorts(short[] a, int i0, short[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x > y ? x : y; } return;
            case MIN: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x < y ? x : y; } return;
            case SUM: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) (x + y); } return;
            case PROD: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) (x * y); } return;
            case LAND: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) ((x != 0) & (y != 0) ? 1 : 0); } return;
            case LOR: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) ((x != 0) | (y != 0) ? 1 : 0); } return;
            case LXOR: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) ((x != 0) ^ (y != 0) ? 1 : 0); } return;
            case BAND: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) (x & y); } return;
            case BOR: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) (x | y); } return;
            case BXOR: for (int k = 0; k < n; k++) { short x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (short) (x ^ y); } return;
            case MAXLOC: case MINLOC: shortLocs(a, i0, b, j0, n, kind == Kind.MAXLOC); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.SHORT");
        }
    }

    /** (value, index) pairs: the larger (or smaller) value wins; on a tie, the lower index. */
    private static void shortLocs(short[] a, int i0, short[] b, int j0, int n, boolean max) {
        for (int k = 0; k + 1 < n; k += 2) {
            short v = a[i0 + k], w = b[j0 + k];
            boolean take = max ? v > w : v < w;
            if (take) {
                b[j0 + k] = v;
                b[j0 + k + 1] = a[i0 + k + 1];
            } else if (v == w && a[i0 + k + 1] < b[j0 + k + 1]) {
                b[j0 + k + 1] = a[i0 + k + 1];
            }
        }
    }

    private void ints(int[] a, int i0, int[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x > y ? x : y; } return;
            case MIN: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x < y ? x : y; } return;
            case SUM: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x + y; } return;
            case PROD: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x * y; } return;
            case LAND: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) & (y != 0) ? 1 : 0; } return;
            case LOR: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) | (y != 0) ? 1 : 0; } return;
            case LXOR: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) ^ (y != 0) ? 1 : 0; } return;
            case BAND: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x & y; } return;
            case BOR: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x | y; } return;
            case BXOR: for (int k = 0; k < n; k++) { int x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x ^ y; } return;
            case MAXLOC: case MINLOC: intLocs(a, i0, b, j0, n, kind == Kind.MAXLOC); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.INT");
        }
    }

    /** (value, index) pairs: the larger (or smaller) value wins; on a tie, the lower index. */
    private static void intLocs(int[] a, int i0, int[] b, int j0, int n, boolean max) {
        for (int k = 0; k + 1 < n; k += 2) {
            int v = a[i0 + k], w = b[j0 + k];
            boolean take = max ? v > w : v < w;
            if (take) {
                b[j0 + k] = v;
                b[j0 + k + 1] = a[i0 + k + 1];
            } else if (v == w && a[i0 + k + 1] < b[j0 + k + 1]) {
                b[j0 + k + 1] = a[i0 + k + 1];
            }
        }
    }

    private void longs(long[] a, int i0, long[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x > y ? x : y; } return;
            case MIN: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x < y ? x : y; } return;
            case SUM: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x + y; } return;
            case PROD: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x * y; } return;
            case LAND: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) & (y != 0) ? 1 : 0; } return;
            case LOR: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) | (y != 0) ? 1 : 0; } return;
            case LXOR: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = (x != 0) ^ (y != 0) ? 1 : 0; } return;
            case BAND: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x & y; } return;
            case BOR: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x | y; } return;
            case BXOR: for (int k = 0; k < n; k++) { long x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x ^ y; } return;
            case MAXLOC: case MINLOC: longLocs(a, i0, b, j0, n, kind == Kind.MAXLOC); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.LONG");
        }
    }

    /** (value, index) pairs: the larger (or smaller) value wins; on a tie, the lower index. */
    private static void longLocs(long[] a, int i0, long[] b, int j0, int n, boolean max) {
        for (int k = 0; k + 1 < n; k += 2) {
            long v = a[i0 + k], w = b[j0 + k];
            boolean take = max ? v > w : v < w;
            if (take) {
                b[j0 + k] = v;
                b[j0 + k + 1] = a[i0 + k + 1];
            } else if (v == w && a[i0 + k + 1] < b[j0 + k + 1]) {
                b[j0 + k + 1] = a[i0 + k + 1];
            }
        }
    }

    private void floats(float[] a, int i0, float[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { float x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = Math.max(x, y); } return;
            case MIN: for (int k = 0; k < n; k++) { float x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = Math.min(x, y); } return;
            case SUM: for (int k = 0; k < n; k++) { float x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x + y; } return;
            case PROD: for (int k = 0; k < n; k++) { float x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x * y; } return;
            case MAXLOC: case MINLOC: floatLocs(a, i0, b, j0, n, kind == Kind.MAXLOC); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.FLOAT");
        }
    }

    /** (value, index) pairs: the larger (or smaller) value wins; on a tie, the lower index. */
    private static void floatLocs(float[] a, int i0, float[] b, int j0, int n, boolean max) {
        for (int k = 0; k + 1 < n; k += 2) {
            float v = a[i0 + k], w = b[j0 + k];
            boolean take = max ? v > w : v < w;
            if (take) {
                b[j0 + k] = v;
                b[j0 + k + 1] = a[i0 + k + 1];
            } else if (v == w && a[i0 + k + 1] < b[j0 + k + 1]) {
                b[j0 + k + 1] = a[i0 + k + 1];
            }
        }
    }

    private void doubles(double[] a, int i0, double[] b, int j0, int n) {
        switch (kind) {
            case MAX: for (int k = 0; k < n; k++) { double x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = Math.max(x, y); } return;
            case MIN: for (int k = 0; k < n; k++) { double x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = Math.min(x, y); } return;
            case SUM: for (int k = 0; k < n; k++) { double x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x + y; } return;
            case PROD: for (int k = 0; k < n; k++) { double x = a[i0 + k], y = b[j0 + k]; b[j0 + k] = x * y; } return;
            case MAXLOC: case MINLOC: doubleLocs(a, i0, b, j0, n, kind == Kind.MAXLOC); return;
            default: throw new MpjException(ErrorClass.ERR_OP, describe() + " is not defined for MPI.DOUBLE");
        }
    }

    /** (value, index) pairs: the larger (or smaller) value wins; on a tie, the lower index. */
    private static void doubleLocs(double[] a, int i0, double[] b, int j0, int n, boolean max) {
        for (int k = 0; k + 1 < n; k += 2) {
            double v = a[i0 + k], w = b[j0 + k];
            boolean take = max ? v > w : v < w;
            if (take) {
                b[j0 + k] = v;
                b[j0 + k + 1] = a[i0 + k + 1];
            } else if (v == w && a[i0 + k + 1] < b[j0 + k + 1]) {
                b[j0 + k + 1] = a[i0 + k + 1];
            }
        }
    }

}
