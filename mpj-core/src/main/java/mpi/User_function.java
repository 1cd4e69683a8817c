package mpi;

/**
 * A reduction operator written by the user: {@code Call} combines {@code invec} into
 * {@code inoutvec}, element by element, for {@code count} items of {@code datatype}:
 * {@code inoutvec[i] = invec[i] op inoutvec[i]}.
 *
 * <pre>{@code
 * Op maxAbs = new Op(new User_function() {
 *     public void Call(Object in, int i0, Object inout, int j0, int count, Datatype t) {
 *         double[] a = (double[]) in, b = (double[]) inout;
 *         for (int k = 0; k < count; k++) b[j0 + k] = Math.max(Math.abs(a[i0 + k]), Math.abs(b[j0 + k]));
 *     }
 * }, true);
 * }</pre>
 */
public abstract class User_function {
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                              Datatype datatype) throws MPIException;
}
