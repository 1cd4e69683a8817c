package org.mpj.core.datatype;

import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The engine's description of an MPI datatype, in elements of one {@link BaseType} (Java arrays are
 * homogeneous, so every derived type has one base). One item of the type is a list of runs
 * {@code (displ[k], len[k])}: {@code len[k]} consecutive elements starting {@code displ[k]}
 * elements from the item's start; items follow each other every {@code extent} elements.
 *
 * <pre>
 * Vector(count 3, blocklength 2, stride 4) of MPI.INT:   runs (0,2) (4,2) (8,2), extent 10, size 6
 *   item:  XX..XX..XX
 * </pre>
 *
 * A type whose single run starts at 0 and fills its extent is contiguous: count items are then one
 * run of {@code count * size} elements, copied with a single {@code System.arraycopy}. Runs are
 * kept in type-map order and adjacent runs are merged, so long blocks copy block by block.
 * {@code MPI.LB}/{@code MPI.UB} markers carry no data and only move the bounds.
 */
public final class TypeMap {
    public final BaseType base;
    /** Elements of the base type per item. */
    public final int size;
    /** Distance between consecutive items, in elements: ub - lb. */
    public final int extent;
    /** Lower and upper bound of one item, in elements from its start. */
    public final int lb;
    public final int ub;
    /** The runs of one item; shared, never modified. */
    final int[] displ;
    final int[] len;
    /** The smallest displacement and one past the largest element of an item, for bounds checks. */
    final int minDispl;
    final int maxEnd;
    /** min(0, extent) and max(0, extent): how far each further item moves the lower and upper bound. */
    private final int backStep;
    private final int foreStep;
    private final boolean contiguous;
    /**
     * Set when every run has the same length and consecutive runs start {@link #runStride} apart (a
     * Vector, or any type that reduces to one): copies then loop without reading the run arrays.
     */
    final boolean regular;
    final int runStride;
    /** {@link #NOT_MARKER}, or which bound this MPI.LB / MPI.UB marker sets. */
    private final int marker;
    private static final int NOT_MARKER = 0;
    private static final int LOWER = 1;
    private static final int UPPER = 2;
    /** The facade object of this type (an {@code mpi.Datatype}), opaque to the engine. */
    public final Object handle;

    private TypeMap(BaseType base, int[] displ, int[] len, int lb, int ub, int marker, Object handle) {
        this.base = base;
        this.displ = displ;
        this.len = len;
        this.lb = lb;
        this.ub = ub;
        this.extent = ub - lb;
        this.backStep = Math.min(0, extent);
        this.foreStep = Math.max(0, extent);
        this.marker = marker;
        this.handle = handle;
        long total = 0;
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int k = 0; k < len.length; k++) {
            total += len[k];
            lo = Math.min(lo, displ[k]);
            hi = Math.max(hi, displ[k] + len[k]);
        }
        if (total > Integer.MAX_VALUE) {
            throw new MpjException(ErrorClass.ERR_TYPE, "a datatype of " + total + " elements exceeds 2^31-1");
        }
        this.size = (int) total;
        this.minDispl = len.length == 0 ? 0 : lo;
        this.maxEnd = len.length == 0 ? 0 : hi;
        this.contiguous = lb == 0 && (len.length == 0 ? ub == 0 : len.length == 1 && displ[0] == 0 && len[0] == ub);
        boolean even = len.length > 0;
        int stride = len.length > 1 ? displ[1] - displ[0] : 0;
        for (int k = 1; even && k < len.length; k++) {
            even = len[k] == len[0] && displ[k] - displ[k - 1] == stride;
        }
        this.regular = even;
        this.runStride = stride;
        this.shapeHash = 31 * Arrays.hashCode(displ) + Arrays.hashCode(len);
    }

    /** Hash of the runs, so that two equal layouts (each rank's own copy of a type) are found equal cheaply. */
    private final int shapeHash;

    /**
     * True when {@code other} places elements exactly as this type does. Two regular layouts (each
     * rank's own copy of one Vector) are equal when their first run, run length, stride and run count
     * are: no walk over thousands of runs per message.
     */
    public boolean sameShape(TypeMap other) {
        if (this == other) {
            return true;
        }
        if (shapeHash != other.shapeHash || extent != other.extent || len.length != other.len.length) {
            return false;
        }
        if (regular && other.regular) {
            return runStride == other.runStride && len[0] == other.len[0] && displ[0] == other.displ[0];
        }
        return Arrays.equals(displ, other.displ) && Arrays.equals(len, other.len);
    }

    public static TypeMap primitive(BaseType base, Object handle) {
        return new TypeMap(base, new int[] {0}, new int[] {1}, 0, 1, NOT_MARKER, handle);
    }

    /** MPI.LB: no data; inside a Struct its displacement is the type's lower bound. */
    public static TypeMap lowerMarker(Object handle) {
        return new TypeMap(BaseType.BYTE, new int[0], new int[0], 0, 0, LOWER, handle);
    }

    /** MPI.UB: no data; inside a Struct its displacement is the type's upper bound. */
    public static TypeMap upperMarker(Object handle) {
        return new TypeMap(BaseType.BYTE, new int[0], new int[0], 0, 0, UPPER, handle);
    }

    /** {@code count} items of {@code old}, back to back. */
    public static TypeMap contiguous(int count, TypeMap old, Object handle) {
        nonNegative("Datatype.Contiguous", "count", count);
        return vectorOf("Datatype.Contiguous", count, 1, old.extent, old, handle);
    }

    /** {@code count} blocks of {@code blocklength} items, block starts {@code stride} items of {@code old} apart. */
    public static TypeMap vector(int count, int blocklength, int stride, TypeMap old, Object handle) {
        nonNegative("Datatype.Vector", "count", count);
        nonNegative("Datatype.Vector", "blocklength", blocklength);
        return vectorOf("Datatype.Vector", count, blocklength, Math.multiplyExact(stride, old.extent), old, handle);
    }

    /** As {@link #vector}, with the stride in elements of the base type (mpiJava's H-forms). */
    public static TypeMap hvector(int count, int blocklength, int stride, TypeMap old, Object handle) {
        nonNegative("Datatype.Hvector", "count", count);
        nonNegative("Datatype.Hvector", "blocklength", blocklength);
        return vectorOf("Datatype.Hvector", count, blocklength, stride, old, handle);
    }

    /** Blocks of {@code blocklengths[i]} items of {@code old} at {@code displs[i]} extents of old. */
    public static TypeMap indexed(int[] blocklengths, int[] displs, TypeMap old, Object handle) {
        int[] d = scaled("Datatype.Indexed", blocklengths, displs, old.extent);
        return indexedOf(blocklengths, d, old, handle);
    }

    /** As {@link #indexed}, with displacements in elements of the base type. */
    public static TypeMap hindexed(int[] blocklengths, int[] displs, TypeMap old, Object handle) {
        int[] d = scaled("Datatype.Hindexed", blocklengths, displs, 1);
        return indexedOf(blocklengths, d, old, handle);
    }

    /**
     * Blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displs[i]} elements. All
     * types must share one base type (Java arrays hold one element type), except MPI.LB and MPI.UB
     * markers, which set the bounds.
     */
    public static TypeMap struct(int[] blocklengths, int[] displs, TypeMap[] types, Object handle) {
        String call = "Datatype.Struct";
        if (types == null || blocklengths == null || displs == null) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": an argument array is null");
        }
        if (blocklengths.length != displs.length || types.length != displs.length) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": " + blocklengths.length + " block lengths, "
                    + displs.length + " displacements and " + types.length + " types; MPI requires as many of each");
        }
        BaseType base = null;
        RunList runs = new RunList();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        Long explicitLb = null, explicitUb = null;
        for (int i = 0; i < types.length; i++) {
            TypeMap t = types[i];
            nonNegative(call, "blocklength " + i, blocklengths[i]);
            if (t == null) {
                throw new MpjException(ErrorClass.ERR_TYPE, call + ": type " + i + " is null");
            }
            if (t.marker != NOT_MARKER) {
                if (t.marker == UPPER) {
                    explicitUb = explicitUb == null ? displs[i] : Math.max(explicitUb, displs[i]);
                } else {
                    explicitLb = explicitLb == null ? displs[i] : Math.min(explicitLb, displs[i]);
                }
                continue;
            }
            if (base == null) {
                base = t.base;
            } else if (!base.receives(t.base) && base != t.base) {
                throw new MpjException(ErrorClass.ERR_TYPE, call + ": type " + i + " is " + t.describe()
                        + " but an earlier one is " + base.mpiName() + "; MPJ's Struct needs one base type (Java arrays hold one)");
            }
            runs.addItems(t, displs[i], blocklengths[i]);
            if (blocklengths[i] > 0) {
                lo = Math.min(lo, displs[i] + (long) t.lb);
                hi = Math.max(hi, displs[i] + (long) (blocklengths[i] - 1) * t.extent + t.ub);
            }
        }
        if (lo == Long.MAX_VALUE) {
            lo = 0;
            hi = 0;
        }
        long lb = explicitLb != null ? explicitLb : lo;
        long ub = explicitUb != null ? explicitUb : hi;
        return new TypeMap(base == null ? BaseType.BYTE : base, runs.displs(), runs.lens(), toInt(call, lb), toInt(call, ub), NOT_MARKER, handle);
    }

    public boolean isMarker() {
        return marker != NOT_MARKER;
    }

    private static TypeMap vectorOf(String call, int count, int blocklength, long strideElements, TypeMap old, Object handle) {
        RunList runs = new RunList();
        if (blocklength > 0 && old.size > 0) {
            if (strideElements == (long) blocklength * old.extent) {
                // blocks back to back (Contiguous): count x blocklength items in a row, one run where they are dense
                runs.addItems(old, 0, Math.multiplyExact(count, blocklength));
            } else {
                for (int c = 0; c < count; c++) {
                    runs.addItems(old, c * strideElements, blocklength);
                }
            }
        }
        long lb, ub;
        if (count == 0 || blocklength == 0) {
            lb = 0;
            ub = 0;
        } else {
            long first = 0, last = (count - 1) * strideElements;
            long blockEnd = (long) (blocklength - 1) * old.extent;
            lb = Math.min(first, last) + old.lb;
            ub = Math.max(first, last) + blockEnd + old.ub;
        }
        return new TypeMap(old.base, runs.displs(), runs.lens(), toInt(call, lb), toInt(call, ub), NOT_MARKER, handle);
    }

    private static TypeMap indexedOf(int[] blocklengths, int[] displsElements, TypeMap old, Object handle) {
        RunList runs = new RunList();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int i = 0; i < blocklengths.length; i++) {
            runs.addItems(old, displsElements[i], blocklengths[i]);
            if (blocklengths[i] > 0) {
                lo = Math.min(lo, displsElements[i] + (long) old.lb);
                hi = Math.max(hi, displsElements[i] + (long) (blocklengths[i] - 1) * old.extent + old.ub);
            }
        }
        if (lo == Long.MAX_VALUE) {
            lo = 0;
            hi = 0;
        }
        return new TypeMap(old.base, runs.displs(), runs.lens(), toInt("Datatype.Indexed", lo), toInt("Datatype.Indexed", hi), NOT_MARKER, handle);
    }

    private static int[] scaled(String call, int[] blocklengths, int[] displs, int unit) {
        if (blocklengths == null || displs == null) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": block lengths or displacements are null");
        }
        if (blocklengths.length != displs.length) {
            throw new MpjException(ErrorClass.ERR_ARG, call + ": " + blocklengths.length + " block lengths but "
                    + displs.length + " displacements");
        }
        int[] d = new int[displs.length];
        for (int i = 0; i < displs.length; i++) {
            nonNegative(call, "blocklength " + i, blocklengths[i]);
            d[i] = toInt(call, (long) displs[i] * unit);
        }
        return d;
    }

    private static void nonNegative(String call, String what, int value) {
        if (value < 0) {
            throw new MpjException(ErrorClass.ERR_COUNT, call + ": " + what + " " + value + " is negative");
        }
    }

    private static int toInt(String call, long v) {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": the type spans " + v + " elements, beyond 2^31-1");
        }
        return (int) v;
    }

    /** True when items lie back to back with no holes, so count items are one run of elements. */
    public boolean isContiguous() {
        return contiguous;
    }

    /** True when every run has one length and runs start {@link #runStride()} apart (a Vector). */
    public boolean isRegular() {
        return regular;
    }

    /** For a regular type: elements from one run's start to the next one's. */
    public int runStride() {
        return runStride;
    }

    /** Number of runs in one item. */
    public int runs() {
        return len.length;
    }

    /** Start of run k of an item, in elements from the item's start. */
    public int runDispl(int k) {
        return displ[k];
    }

    /** Length of run k, in elements. */
    public int runLength(int k) {
        return len[k];
    }

    /*
     * Items after the first move the bounds by (count - 1) * extent in the extent's direction. The clamp
     * is on the extent, a constant of the type, not on the product: a branch on the product goes one way
     * while a program sends single items, and C2, compiling the caller from that profile, leaves the
     * other way out; the first call with two items then throws the compiled code away, and without
     * tiered compilation (thread ranks) the caller runs interpreted for its next 10 000 calls (2-rank
     * Allreduce of 16-32 B in a size sweep: 7-11 us a call against 0.4). The clamped steps are fields,
     * computed once: two calls of Math.min and Math.max on every check cost the interpreter ~0.12 us,
     * where a thread rank's first thousands of calls run.
     */

    /** Lowest element index that {@code count} items at {@code offset} touch. */
    public long firstElement(int offset, int count) {
        return count == 0 ? offset : (long) offset + minDispl + (long) (count - 1) * backStep;
    }

    /** One past the highest element index that {@code count} items at {@code offset} touch. */
    public long endElement(int offset, int count) {
        return count == 0 ? offset : (long) offset + maxEnd + (long) (count - 1) * foreStep;
    }

    /** Name for messages: {@code MPI.INT} or {@code a derived type of 6 x MPI.INT (extent 10)}. */
    public String describe() {
        if (handle != null && size == 1 && extent == 1 && contiguous) {
            return base.mpiName();
        }
        return "a derived type of " + size + " x " + base.mpiName() + " (extent " + extent + ")";
    }

    @Override
    public String toString() {
        return describe() + " runs " + Arrays.toString(displ) + "/" + Arrays.toString(len);
    }

    /**
     * Collects runs in type-map order, merging a run that starts where the previous one ended. A type
     * holds at most 2^31-1 elements (an item must fit in an array) in at most {@link #MAX_RUNS} runs, so
     * a mistaken count ends in an MPIException rather than in a loop of 2^60 steps or an exhausted heap.
     */
    private static final class RunList {
        /** 8 bytes a run: 128 MiB of map. */
        static final int MAX_RUNS = 1 << 24;
        private int[] d = new int[4];
        private int[] l = new int[4];
        private int n;
        private long elements;

        /** {@code items} items of {@code t}, the first at {@code at}, each one extent of t after the last. */
        void addItems(TypeMap t, long at, int items) {
            if (t.len.length == 1 && t.len[0] == t.extent) { // items lie back to back: one run
                add(at + t.displ[0], Math.multiplyExact(items, t.len[0]));
                return;
            }
            for (int b = 0; b < items; b++) {
                for (int k = 0; k < t.len.length; k++) {
                    add(at + (long) b * t.extent + t.displ[k], t.len[k]);
                }
            }
        }

        void add(long start, int length) {
            if (length == 0) {
                return;
            }
            if (start > Integer.MAX_VALUE || start < Integer.MIN_VALUE) {
                throw new MpjException(ErrorClass.ERR_TYPE, "a datatype displacement of " + start + " elements exceeds 2^31-1");
            }
            elements += length;
            if (elements > Integer.MAX_VALUE) {
                throw new MpjException(ErrorClass.ERR_TYPE, "a datatype of more than 2^31-1 elements");
            }
            if (n > 0 && (long) d[n - 1] + l[n - 1] == start) {
                l[n - 1] = Math.addExact(l[n - 1], length);
                return;
            }
            if (n == d.length) {
                if (n == MAX_RUNS) {
                    throw new MpjException(ErrorClass.ERR_TYPE, "a datatype of more than " + MAX_RUNS
                            + " separate blocks (MPJ's limit)");
                }
                d = Arrays.copyOf(d, 2 * n);
                l = Arrays.copyOf(l, 2 * n);
            }
            d[n] = (int) start;
            l[n] = length;
            n++;
        }

        int[] displs() {
            return Arrays.copyOf(d, n);
        }

        int[] lens() {
            return Arrays.copyOf(l, n);
        }
    }
}
