package org.mpj.core.op;

import org.mpj.core.datatype.TypeMap;

/** An operator written by the user ({@code new Op(User_function, commute)}), adapted by the facade. */
public final class UserOperator extends Operator {
    /** The facade's adapter: calls {@code User_function.Call} with the rank's own datatype object. */
    public interface Function {
        void call(Object in, int inOffset, Object inout, int inoutOffset, int count, Object datatypeHandle);
    }

    private final Function function;
    private final boolean commutative;

    public UserOperator(Function function, boolean commutative) {
        this.function = function;
        this.commutative = commutative;
    }

    @Override
    public boolean isCommutative() {
        return commutative;
    }

    @Override
    public void check(String call, TypeMap type) {
        // A user function decides for itself which types it handles.
    }

    @Override
    public void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, TypeMap type) {
        function.call(in, inOffset, inout, inoutOffset, count, type.handle);
    }

    @Override
    public String describe() {
        return "a user operator";
    }
}
