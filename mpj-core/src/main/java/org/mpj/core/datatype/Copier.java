package org.mpj.core.datatype;

/**
 * Copies elements typed array to typed array, from one layout to another, run by run with
 * {@code System.arraycopy}: one call when both sides are contiguous.
 */
public final class Copier {
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
        int srcItem = srcOff, srcIn = 0;
        int dstItem = dstOff, dstIn = 0;
        int left = elements;
        while (left > 0) {
            int run = Math.min(left, Math.min(srcType.size - srcIn, dstType.size - dstIn));
            System.arraycopy(src, srcItem + srcIn, dst, dstItem + dstIn, run);
            left -= run;
            srcIn += run;
            dstIn += run;
            if (srcIn == srcType.size) {
                srcIn = 0;
                srcItem += srcType.extent;
            }
            if (dstIn == dstType.size) {
                dstIn = 0;
                dstItem += dstType.extent;
            }
        }
    }
}
