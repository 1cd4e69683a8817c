package org.mpj.core.datatype;

/**
 * Copies elements typed array to typed array, from one layout straight into another: no packed
 * intermediate. Contiguous on both sides is one {@code System.arraycopy}; otherwise the two layouts'
 * runs are walked side by side and each overlap is copied at once, so long blocks copy block by
 * block and short ones element by element in a typed loop (an arraycopy call costs more than a
 * few element moves).
 */
public final class Copier {
    /** Runs shorter than this are moved by a typed loop instead of System.arraycopy. */
    static final int SHORT_RUN = 8;

    private Copier() {
    }

    /** Copies {@code elements} base elements from (src, srcOff, srcType) into (dst, dstOff, dstType). */
    public static void copy(Object src, int srcOff, TypeMap srcType, Object dst, int dstOff, TypeMap dstType, int elements) {
        if (elements == 0) {
            return;
        }
        if (srcType.isContiguous() && dstType.isContiguous()) {
            System.arraycopy(src, srcOff, dst, dstOff, elements);
            return;
        }
        BaseType base = srcType.base;
        // Cursor over the source: item start, run index, position inside the run.
        int sItem = srcOff, sRun = 0, sIn = 0;
        int dItem = dstOff, dRun = 0, dIn = 0;
        boolean sFlat = srcType.isContiguous(), dFlat = dstType.isContiguous();
        int left = elements;
        while (left > 0) {
            int sAvail = sFlat ? left : srcType.len[sRun] - sIn;
            int dAvail = dFlat ? left : dstType.len[dRun] - dIn;
            int n = Math.min(left, Math.min(sAvail, dAvail));
            int s = sFlat ? sItem + sIn : sItem + srcType.displ[sRun] + sIn;
            int d = dFlat ? dItem + dIn : dItem + dstType.displ[dRun] + dIn;
            move(src, s, dst, d, n, base);
            left -= n;
            if (sFlat) {
                sIn += n;
            } else if ((sIn += n) == srcType.len[sRun]) {
                sIn = 0;
                if (++sRun == srcType.len.length) {
                    sRun = 0;
                    sItem += srcType.extent;
                }
            }
            if (dFlat) {
                dIn += n;
            } else if ((dIn += n) == dstType.len[dRun]) {
                dIn = 0;
                if (++dRun == dstType.len.length) {
                    dRun = 0;
                    dItem += dstType.extent;
                }
            }
        }
    }

    private static void move(Object src, int s, Object dst, int d, int n, BaseType base) {
        if (n >= SHORT_RUN) {
            System.arraycopy(src, s, dst, d, n);
            return;
        }
        switch (base) {
            case DOUBLE -> {
                double[] a = (double[]) src, b = (double[]) dst;
                for (int k = 0; k < n; k++) {
                    b[d + k] = a[s + k];
                }
            }
            case INT -> {
                int[] a = (int[]) src, b = (int[]) dst;
                for (int k = 0; k < n; k++) {
                    b[d + k] = a[s + k];
                }
            }
            case LONG -> {
                long[] a = (long[]) src, b = (long[]) dst;
                for (int k = 0; k < n; k++) {
                    b[d + k] = a[s + k];
                }
            }
            case FLOAT -> {
                float[] a = (float[]) src, b = (float[]) dst;
                for (int k = 0; k < n; k++) {
                    b[d + k] = a[s + k];
                }
            }
            case BYTE, PACKED -> {
                byte[] a = (byte[]) src, b = (byte[]) dst;
                for (int k = 0; k < n; k++) {
                    b[d + k] = a[s + k];
                }
            }
            default -> System.arraycopy(src, s, dst, d, n);
        }
    }
}
