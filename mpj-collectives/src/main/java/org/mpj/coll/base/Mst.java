package org.mpj.coll.base;

/**
 * The minimum-spanning-tree schedule of van de Geijn et al. (Chan, Heimlich, Purkayastha, van de
 * Geijn, "Collective communication: theory, practice, and experience", 2007) for one rank. The
 * range of ranks {@code [left, right]} with root r is cut in halves {@code [left, mid]} and
 * {@code [mid + 1, right]}; the root exchanges with the far end of the other half ({@code right} if
 * it lies in the lower half, else {@code left}), which becomes that half's root; both halves recurse.
 * ⌈log2 p⌉ levels; every subtree is a contiguous range of real ranks, so gathered blocks stay in rank
 * order and reductions combine lower ranges with higher ones.
 *
 * <pre>
 * p = 5, root 0:  level 0: [0..4] mid 2: 0 → 4
 *                 level 1: [0..2] mid 1: 0 → 2      [3..4] mid 3: 4 → 3
 *                 level 2: [0..1] mid 0: 0 → 1
 * </pre>
 *
 * {@link #of} keeps only the levels at which this rank sends or receives: at most ⌈log2 p⌉ entries.
 */
public final class Mst {
    /** Per level this rank takes part in: the level's root, its partner, and the partner's half. */
    public final int[] root = new int[32];
    public final int[] partner = new int[32];
    public final int[] partnerLo = new int[32];
    public final int[] partnerHi = new int[32];
    /** Number of levels, top first. */
    public int levels;
    /** The range this rank heads once it has received (its whole range for the root). */
    public int myLo;
    public int myHi;

    private static final ThreadLocal<Mst> PER_THREAD = ThreadLocal.withInitial(Mst::new);

    private Mst() {
    }

    /**
     * The schedule of {@code me} in a communicator of {@code p} ranks with root {@code root}: level
     * {@code k} is an exchange between {@code root[k]} and {@code partner[k]}, which heads the
     * partner's half {@code [partnerLo[k], partnerHi[k]]}. Reused per thread: valid until the next call.
     */
    public static Mst of(int me, int root, int p) {
        Mst s = PER_THREAD.get();
        s.levels = 0;
        s.myLo = 0;
        s.myHi = p - 1;
        int left = 0, right = p - 1, r = root;
        while (left < right) {
            int mid = (left + right) >>> 1;
            boolean rootLow = r <= mid;
            int dest = rootLow ? right : left;
            int lo = rootLow ? mid + 1 : left, hi = rootLow ? right : mid;
            if (me == r || me == dest) {
                s.root[s.levels] = r;
                s.partner[s.levels] = dest;
                s.partnerLo[s.levels] = lo;
                s.partnerHi[s.levels] = hi;
                s.levels++;
                if (me == dest) {
                    s.myLo = lo;
                    s.myHi = hi;
                }
            }
            boolean meLow = me <= mid;
            if (meLow != rootLow) {
                r = dest;
            }
            if (meLow) {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        return s;
    }
}
