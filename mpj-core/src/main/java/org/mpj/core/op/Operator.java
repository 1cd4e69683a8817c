package org.mpj.core.op;

import org.mpj.core.datatype.TypeMap;

/**
 * A reduction operator: {@code inout[i] = in[i] op inout[i]} element by element, where {@code in}
 * holds the contribution of the lower ranks when the operator is not commutative.
 */
public abstract class Operator {
    /** True when the operands may be combined in any order. */
    public abstract boolean isCommutative();

    /** Throws MPI_ERR_OP when the operator is not defined for {@code type}. */
    public abstract void check(String call, TypeMap type);

    /**
     * Combines {@code count} items of {@code type}: (in, inOffset) into (inout, inoutOffset). Both
     * sides use the layout of {@code type}.
     */
    public abstract void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, TypeMap type);

    /** The name a user writes: {@code MPI.SUM}, or "a user operator". */
    public abstract String describe();
}
