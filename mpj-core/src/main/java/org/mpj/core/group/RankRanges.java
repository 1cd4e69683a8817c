package org.mpj.core.group;

import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The rank triplets of {@code Group.Range_incl} and {@code Range_excl}: {@code {first, last, stride}}
 * names first, first + stride, ... up to last inclusive (down to it for a negative stride).
 * {@code {5, 0, -2}} names 5, 3, 1; {@code {3, 1, 1}} names none.
 */
final class RankRanges {
    private RankRanges() {
    }

    /** The ranks the triplets name, in order; every one inside {@code 0..size-1}. */
    static int[] expand(String call, int[][] ranges, int size) {
        if (ranges == null) {
            throw new MpjException(ErrorClass.ERR_ARG, "Group." + call + ": the range array is null");
        }
        long total = 0;
        for (int i = 0; i < ranges.length; i++) {
            total += count(call, i, ranges[i], size);
        }
        if (total > size) {
            // Some rank is named twice; Incl/Excl will say which.
            total = Math.min(total, (long) size + 1);
        }
        int[] out = new int[(int) total];
        int n = 0;
        for (int[] t : ranges) {
            for (long r = t[0]; n < out.length && (t[2] > 0 ? r <= t[1] : r >= t[1]); r += t[2]) {
                out[n++] = (int) r;
            }
        }
        return out;
    }

    private static long count(String call, int i, int[] t, int size) {
        if (t == null || t.length != 3) {
            throw new MpjException(ErrorClass.ERR_ARG, "Group." + call + ": range " + i
                    + " must be {first, last, stride}, not " + (t == null ? "null" : java.util.Arrays.toString(t)));
        }
        int first = t[0], last = t[1], stride = t[2];
        if (stride == 0) {
            throw new MpjException(ErrorClass.ERR_ARG, "Group." + call + ": range " + i + " has stride 0");
        }
        // MPI's count: floor((last - first) / stride) + 1, none when last lies behind first.
        long n = Math.max(0, Math.floorDiv((long) last - first, stride) + 1);
        long end = first + (n - 1) * stride;
        if (n > 0 && (first < 0 || first >= size || end < 0 || end >= size)) {
            throw new MpjException(ErrorClass.ERR_RANK, "Group." + call + ": range " + i + " "
                    + java.util.Arrays.toString(t) + " names rank " + (first < 0 || first >= size ? first : end)
                    + " in a group of size " + size);
        }
        return n;
    }
}
