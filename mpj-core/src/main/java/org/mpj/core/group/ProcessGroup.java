package org.mpj.core.group;

import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.match.MatchConstants;

/**
 * An ordered set of processes, immutable: entry {@code i} is the world rank of the group's rank
 * {@code i}. The set operations follow MPI: Union keeps the first group's order and appends the
 * second's new members; Intersection and Difference keep the first group's order.
 */
public final class ProcessGroup {
    public static final ProcessGroup EMPTY = new ProcessGroup(new int[0]);

    /** Outcomes of {@link #compare}: the values of {@code MPI.IDENT}, {@code SIMILAR}, {@code UNEQUAL}. */
    public static final int IDENT = 0;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    private final int[] worldRanks;

    private ProcessGroup(int[] worldRanks) {
        this.worldRanks = worldRanks;
    }

    /** The group of these world ranks, in this order; the array is copied. */
    public static ProcessGroup of(int[] worldRanks) {
        return worldRanks.length == 0 ? EMPTY : new ProcessGroup(worldRanks.clone());
    }

    public int size() {
        return worldRanks.length;
    }

    public int worldRank(int rank) {
        return worldRanks[rank];
    }

    public int[] worldRanks() {
        return worldRanks.clone();
    }

    /** The rank in this group of world rank {@code w}, or MPI.UNDEFINED when it is not a member. */
    public int rankOf(int w) {
        for (int i = 0; i < worldRanks.length; i++) {
            if (worldRanks[i] == w) {
                return i;
            }
        }
        return MatchConstants.UNDEFINED;
    }

    public boolean contains(int w) {
        return rankOf(w) != MatchConstants.UNDEFINED;
    }

    /** For each rank of this group in {@code ranks}, its rank in {@code other} (UNDEFINED if absent). */
    public int[] translate(int[] ranks, ProcessGroup other) {
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            out[i] = r == MatchConstants.PROC_NULL ? MatchConstants.PROC_NULL
                    : other.rankOf(worldRanks[checkRank("Translate_ranks", r)]);
        }
        return out;
    }

    /** IDENT: same members in the same order; SIMILAR: same members; else UNEQUAL. */
    public int compare(ProcessGroup other) {
        if (Arrays.equals(worldRanks, other.worldRanks)) {
            return IDENT;
        }
        int[] a = worldRanks.clone(), b = other.worldRanks.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return Arrays.equals(a, b) ? SIMILAR : UNEQUAL;
    }

    public ProcessGroup union(ProcessGroup other) {
        RankList out = new RankList(worldRanks.length + other.worldRanks.length);
        out.addAll(worldRanks);
        for (int w : other.worldRanks) {
            if (!contains(w)) {
                out.add(w);
            }
        }
        return out.toGroup();
    }

    public ProcessGroup intersection(ProcessGroup other) {
        RankList out = new RankList(worldRanks.length);
        for (int w : worldRanks) {
            if (other.contains(w)) {
                out.add(w);
            }
        }
        return out.toGroup();
    }

    public ProcessGroup difference(ProcessGroup other) {
        RankList out = new RankList(worldRanks.length);
        for (int w : worldRanks) {
            if (!other.contains(w)) {
                out.add(w);
            }
        }
        return out.toGroup();
    }

    /** The members at {@code ranks}, in that order; each rank valid and named once. */
    public ProcessGroup incl(int[] ranks) {
        chosen("Incl", ranks);
        RankList out = new RankList(ranks.length);
        for (int r : ranks) {
            out.add(worldRanks[r]);
        }
        return out.toGroup();
    }

    /** The members not at {@code ranks}, in this group's order; each rank valid and named once. */
    public ProcessGroup excl(int[] ranks) {
        return without(chosen("Excl", ranks));
    }

    /** Incl of the ranks that (first, last, stride) triplets name, triplet by triplet. */
    public ProcessGroup rangeIncl(int[][] ranges) {
        return incl(RankRanges.expand("Range_incl", ranges, worldRanks.length));
    }

    /** Excl of the ranks that (first, last, stride) triplets name. */
    public ProcessGroup rangeExcl(int[][] ranges) {
        return excl(RankRanges.expand("Range_excl", ranges, worldRanks.length));
    }

    private ProcessGroup without(boolean[] dropped) {
        RankList out = new RankList(worldRanks.length);
        for (int i = 0; i < worldRanks.length; i++) {
            if (!dropped[i]) {
                out.add(worldRanks[i]);
            }
        }
        return out.toGroup();
    }

    private boolean[] chosen(String call, int[] ranks) {
        if (ranks == null) {
            throw new MpjException(ErrorClass.ERR_ARG, "Group." + call + ": the rank array is null");
        }
        boolean[] seen = new boolean[worldRanks.length];
        for (int r : ranks) {
            checkRank(call, r);
            if (seen[r]) {
                throw new MpjException(ErrorClass.ERR_RANK, "Group." + call + ": rank " + r
                        + " is named twice (each rank may appear once)");
            }
            seen[r] = true;
        }
        return seen;
    }

    private int checkRank(String call, int r) {
        if (r < 0 || r >= worldRanks.length) {
            throw new MpjException(ErrorClass.ERR_RANK, "Group." + call + ": rank " + r + " in a group of size "
                    + worldRanks.length + (worldRanks.length == 0 ? " (the group is empty)"
                    : " (valid: 0.." + (worldRanks.length - 1) + ")"));
        }
        return r;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProcessGroup g && Arrays.equals(worldRanks, g.worldRanks);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(worldRanks);
    }

    @Override
    public String toString() {
        return "group of world ranks " + Arrays.toString(worldRanks);
    }

    /** World ranks collected in order, made into a group once. */
    private static final class RankList {
        private final int[] ranks;
        private int n;

        RankList(int capacity) {
            ranks = new int[capacity];
        }

        void add(int w) {
            ranks[n++] = w;
        }

        void addAll(int[] ws) {
            for (int w : ws) {
                add(w);
            }
        }

        ProcessGroup toGroup() {
            return n == 0 ? EMPTY : new ProcessGroup(Arrays.copyOf(ranks, n));
        }
    }
}
