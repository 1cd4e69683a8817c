package mpi;

import org.mpj.core.op.Operator;
import org.mpj.core.op.PredefinedOp;
import org.mpj.core.op.UserOperator;

/**
 * A reduction operator: one of {@code MPI.MAX MIN SUM PROD LAND BAND LOR BOR LXOR BXOR MAXLOC MINLOC},
 * or a user function. A non-commutative user operator is applied in rank order.
 */
public class Op {
    final Operator operator;

    Op(PredefinedOp.Kind kind) {
        this.operator = new PredefinedOp(kind);
    }

    /** An operator from a user function; {@code commute} says whether operands may be reordered. */
    public Op(User_function function, boolean commute) throws MPIException {
        if (function == null) {
            throw new MPIException(org.mpj.core.ErrorClass.ERR_OP, "MPI_ERR_OP: new Op: the user function is null", null);
        }
        this.operator = new UserOperator((in, inOff, inout, inoutOff, count, type) ->
                function.Call(in, inOff, inout, inoutOff, count, (Datatype) type), commute);
    }

    public boolean Is_commute() {
        return operator.isCommutative();
    }

    public void Free() throws MPIException {
        // Operators hold nothing outside the Java heap.
    }
}
