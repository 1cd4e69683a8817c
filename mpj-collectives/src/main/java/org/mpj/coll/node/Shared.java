package org.mpj.coll.node;

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
