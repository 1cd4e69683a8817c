package org.mpj.coll.node;

import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/** Checks and copies that the node-aware algorithms share. */
final class Shared {
    private Shared() {
    }

    /**
     * True when the call can work through memory: a board exists and the data is not MPI.OBJECT,
     * whose MPI semantics is a copy by serialization (sharing the objects would alias them).
     */
    static boolean usable(NodeBoard b, TypeMap type) {
        return b != null && type.base != BaseType.OBJECT;
    }

    /**
     * Whether a message of {@code bytes} of a shared collective goes through a stage ({@link Stages}):
     * where it is at most the call's {@code limit} and the host's ranks outnumber its cores, the same
     * answer on every rank of a node. ({@link ScanShared} stages short vectors wherever it runs.)
     * <ul>
     * <li>Ranks outnumber cores: a rank that waited for its readers would wait for threads to be
     * scheduled, and a copy into a stage saves that.</li>
     * <li>A core per rank: a waiting rank is not descheduled, and the extra copy costs more than the
     * wait. The owner writes every line of its stage, so each reader fetches every line from the owner's
     * core; straight out of the owner's buffer it reads lines that are clean or still in its own cache.
     * One path for all sizes also spares the recompilation (and the interpreted calls until it) that the
     * first long message set off where short ones had gone through stages alone.</li>
     * </ul>
     * Staged against straight, 2 thread ranks on 2 cores, 2-3 rounds, us a call (MpiJavaBench, Open MPI's
     * vader in brackets; the rooted calls by CollTime's sweep): Bcast 16 KiB 2.0-7.7 against 0.6-1.1
     * (3.4-4.1), Allgather 4 KiB 0.58-0.86 against 0.28-0.35 (2.7-3.5), Alltoall 16 KiB 6.9-7.6 against 0.9
     * (4.0-5.9), Allreduce 4 KiB 1.46-1.97 against 0.53-0.68 (1.15-1.35); Gather 8 KiB 0.54-1.47 against
     * 0.39-0.42, Scatter 16 KiB 2.98-4.13 against 0.54-0.58, Reduce 16 KiB 2.31-2.86 against 1.76-2.06,
     * Reduce_scatter 16 KiB 2.34-8.56 against 1.46-2.52. Up to 256 B the rooted calls' non-roots wait for
     * the root, 0.05-0.15 us more (Gather 256 B 0.13-0.26 against 0.26-0.31). shm-own-cores.txt and
     * shm-rooted-own-cores.txt in benchmarks/results/2026-11-28.
     *
     * <p>Why it is written so: C2 compiles only the branches its profile saw taken, and a call that takes
     * another one throws the compiled code away and runs interpreted until compiled again, thousands of
     * calls later. The cores come first, so where each rank has one the size is never compared (compared
     * first, the first message over the limit did that: 2-rank Gather's 32 KiB row 86-106 us a call
     * against 0.9-1.0). Where ranks outnumber cores, a primitive's 1st, 2nd, 4th, 8th ... call on a board
     * goes straight even when short, and the size is compared by arithmetic, so that the one branch here,
     * and the callers' on its answer, are seen both ways while the profile is taken (from a third of the
     * compile threshold to it, a span that holds a power of two of any rank's calls) and the compiled
     * call is not thrown away at the first long message; 14 of a primitive's first 10 000 calls go
     * straight. MpiJavaBench, 6 rounds, rows from 1 KiB behind Open MPI's: 4 ranks 4 of 264 against 14,
     * 8 ranks 2 against 8, 3 ranks 12 against 14 (there the first long rows run the straight path's own
     * methods, too cold to have been compiled, interpreted). {@code me} is the local rank; every rank of
     * {@code b} asks once per call of {@code p}.
     */
    static boolean staged(Communicator c, NodeBoard b, int me, Primitive p, long bytes, long limit) {
        if (!c.ranksOutnumberCores()) {
            return false;
        }
        long under = (bytes - limit - 1) >>> 63;   // 1 where bytes <= limit
        return (under & b.stageable(me, p)) != 0;
    }

    /** Copies another rank's block into this rank's, failing as a receive would when it has no room. */
    static void copyIn(String call, int fromRank, Object src, int srcOff, int srcCount, TypeMap srcType,
                       Object dst, int dstOff, int dstCount, TypeMap dstType) {
        if (!fits(srcCount, srcType, dstCount, dstType)) {
            throw new MpjException(ErrorClass.ERR_TRUNCATE, call + ": rank " + fromRank + " sends " + srcCount
                    + " x " + srcType.describe() + "; this rank has room for " + dstCount + " x "
                    + dstType.describe());
        }
        Copier.copy(src, srcOff, srcType, dst, dstOff, dstType, srcCount * srcType.size);
    }

    /** A block of (srcCount, srcType) fits in (dstCount, dstType). */
    static boolean fits(int srcCount, TypeMap srcType, int dstCount, TypeMap dstType) {
        return (long) srcCount * srcType.size <= (long) dstCount * dstType.size;
    }

    /** A rank whose blocks differ in size from those of its node's first rank, which packs them. */
    static MpjException blockMismatch(String call, int rank, int count, TypeMap type, int elements) {
        return new MpjException(ErrorClass.ERR_TRUNCATE, call + ": rank " + rank + " sends blocks of " + count + " x "
                + type.describe() + " (" + (long) count * type.size + " elements); its node's first rank sends "
                + elements + " elements per block: every rank's blocks must have the same type signature");
    }
}
