package org.mpj.core.datatype;

/**
 * Copies elements typed array to typed array, from one layout straight into another: no packed
 * intermediate. Contiguous on both sides is one {@code System.arraycopy}. When one side is
 * contiguous, the other side's runs are gathered from (or scattered to) it: long runs with
 * {@code System.arraycopy}, short ones element by element (an arraycopy call costs more than a few
 * element moves) in the typed loops of {@link StridedLoops}, regular layouts (a Vector) without
 * reading the run arrays. Two non-contiguous layouts are walked side by side, each overlap copied at once.
 */
public final class Copier {
    /** Runs shorter than this are moved element by element instead of with System.arraycopy. */
    static final int SHORT_RUN = 16;

    private Copier() {
    }

    /**
     * Copies {@code elements} base elements from (src, srcOff, srcType) into (dst, dstOff, dstType).
     * MPI.OBJECT elements are copied by value, as a message would copy them (see
     * {@link ObjectCodec#copyValues}): a user operator that combines into its inout objects in place
     * must not reach the objects of the buffer they were copied from.
     */
    public static void copy(Object src, int srcOff, TypeMap srcType, Object dst, int dstOff, TypeMap dstType, int elements) {
        if (elements == 0) {
            return;
        }
        if (srcType.base == BaseType.OBJECT) {
            ObjectCodec.copyValues(src, srcOff, srcType, dst, dstOff, dstType, elements);
        } else {
            layout(src, srcOff, srcType, dst, dstOff, dstType, elements);
        }
    }

    /** Moves {@code elements} object references between layouts, for {@link ObjectCodec}. */
    static void references(Object[] src, int srcOff, TypeMap srcType, Object[] dst, int dstOff, TypeMap dstType, int elements) {
        if (elements > 0) {
            layout(src, srcOff, srcType, dst, dstOff, dstType, elements);
        }
    }

    private static void layout(Object src, int srcOff, TypeMap srcType, Object dst, int dstOff, TypeMap dstType, int elements) {
        boolean sFlat = srcType.isContiguous(), dFlat = dstType.isContiguous();
        if (sFlat && dFlat) {
            System.arraycopy(src, srcOff, dst, dstOff, elements);
        } else if (dFlat) {
            strided(src, srcOff, srcType, dst, dstOff, elements, true);
        } else if (sFlat) {
            strided(dst, dstOff, dstType, src, srcOff, elements, false);
        } else if (srcType.sameShape(dstType) && elements % srcType.size == 0) {
            sameShape(src, srcOff, dst, dstOff, srcType, elements / srcType.size);
        } else {
            general(src, srcOff, srcType, dst, dstOff, dstType, elements);
        }
    }

    /** Both sides have the same layout: item by item, run by run, at the same displacements. */
    private static void sameShape(Object src, int srcOff, Object dst, int dstOff, TypeMap type, int items) {
        int runs = type.len.length;
        for (int i = 0; i < items; i++) {
            int s = srcOff + i * type.extent, d = dstOff + i * type.extent;
            if (type.regular && type.len[0] < SHORT_RUN) {
                stridedRuns(src, s + type.displ[0], dst, d + type.displ[0], type.runStride, type.len[0], runs, type.base);
            } else {
                for (int k = 0; k < runs; k++) {
                    run(src, s + type.displ[k], dst, d + type.displ[k], type.len[k], type.base);
                }
            }
        }
    }

    /** {@code runs} short runs of {@code len} elements, {@code stride} apart on both sides. */
    private static void stridedRuns(Object src, int s, Object dst, int d, int stride, int len, int runs, BaseType base) {
        if (!StridedLoops.sameStride(base, src, s, dst, d, stride, len, runs)) {
            for (int r = 0; r < runs; r++, s += stride, d += stride) {
                run(src, s, dst, d, len, base);
            }
        }
    }

    /**
     * Moves {@code elements} between the layout (arr, off, type) and the contiguous (flat, at):
     * gathers into flat when {@code gather}, else scatters from it.
     */
    private static void strided(Object arr, int off, TypeMap type, Object flat, int at, int elements, boolean gather) {
        int left = elements;
        int runs = type.len.length;
        for (int item = off; left > 0; item += type.extent) {
            if (type.regular) {
                int len = type.len[0];
                int perItem = Math.min(runs, (left + len - 1) / len);
                int whole = Math.min(perItem, left / len);
                moveRegular(arr, item + type.displ[0], type.runStride, len, whole, flat, at, gather, type.base);
                at += whole * len;
                left -= whole * len;
                if (whole < perItem) {
                    move(arr, item + type.displ[0] + whole * type.runStride, flat, at, left, gather, type.base);
                    at += left;
                    left = 0;
                }
            } else {
                for (int k = 0; k < runs && left > 0; k++) {
                    int n = Math.min(type.len[k], left);
                    move(arr, item + type.displ[k], flat, at, n, gather, type.base);
                    at += n;
                    left -= n;
                }
            }
        }
    }

    /** {@code runs} runs of {@code len} elements, {@code stride} apart from {@code start}, against flat[at..]. */
    private static void moveRegular(Object arr, int start, int stride, int len, int runs, Object flat, int at,
                                    boolean gather, BaseType base) {
        if (len < SHORT_RUN && StridedLoops.regular(base, arr, start, stride, len, runs, flat, at, gather)) {
            return;
        }
        for (int r = 0; r < runs; r++) {
            move(arr, start + r * stride, flat, at + r * len, len, gather, base);
        }
    }

    private static void move(Object arr, int s, Object flat, int at, int n, boolean gather, BaseType base) {
        if (gather) {
            run(arr, s, flat, at, n, base);
        } else {
            run(flat, at, arr, s, n, base);
        }
    }

    /** Two non-contiguous layouts: walk both run lists, copying each overlap. */
    private static void general(Object src, int srcOff, TypeMap srcType, Object dst, int dstOff, TypeMap dstType,
                                int elements) {
        BaseType base = srcType.base;
        int sItem = srcOff, sRun = 0, sIn = 0;
        int dItem = dstOff, dRun = 0, dIn = 0;
        int left = elements;
        while (left > 0) {
            int n = Math.min(left, Math.min(srcType.len[sRun] - sIn, dstType.len[dRun] - dIn));
            run(src, sItem + srcType.displ[sRun] + sIn, dst, dItem + dstType.displ[dRun] + dIn, n, base);
            left -= n;
            if ((sIn += n) == srcType.len[sRun]) {
                sIn = 0;
                if (++sRun == srcType.len.length) {
                    sRun = 0;
                    sItem += srcType.extent;
                }
            }
            if ((dIn += n) == dstType.len[dRun]) {
                dIn = 0;
                if (++dRun == dstType.len.length) {
                    dRun = 0;
                    dItem += dstType.extent;
                }
            }
        }
    }

    /** One run of n elements: a typed loop when short, System.arraycopy when long. */
    private static void run(Object src, int s, Object dst, int d, int n, BaseType base) {
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
