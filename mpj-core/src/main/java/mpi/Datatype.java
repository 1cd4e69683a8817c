package mpi;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * An MPI datatype: the primitive types of {@link MPI} ({@code MPI.INT}, {@code MPI.DOUBLE}, ...)
 * and types derived from them. Buffers are Java arrays of the type's base: an {@code int[]} for
 * {@code MPI.INT}, an {@code Object[]} of Serializable objects for {@code MPI.OBJECT}.
 *
 * <pre>{@code
 * Datatype pair = Datatype.Contiguous(2, MPI.INT);   // like MPI.INT2
 * pair.Commit();
 * MPI.COMM_WORLD.Send(new int[] {7, 0}, 0, 1, pair, 1, 0);
 * }</pre>
 */
public class Datatype {
    final TypeMap map;
    private boolean committed;

    Datatype(BaseType base) {
        this.map = TypeMap.primitive(base, this);
        this.committed = true;
    }

    private Datatype(int count, Datatype old) {
        this.map = TypeMap.contiguous(count, old.map, this);
    }

    /** {@code count} copies of {@code oldtype}, back to back. */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        try {
            return new Datatype(count, oldtype);
        } catch (org.mpj.core.MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Distance between consecutive items, in elements of the base type. */
    public int Extent() throws MPIException {
        return map.extent;
    }

    /** Elements of the base type that one item carries. */
    public int Size() throws MPIException {
        return map.size;
    }

    /** Lower bound, in elements. */
    public int Lb() throws MPIException {
        return 0;
    }

    /** Upper bound, in elements. */
    public int Ub() throws MPIException {
        return map.extent;
    }

    public void Commit() throws MPIException {
        committed = true;
    }

    public void Free() throws MPIException {
        // Nothing is held outside the Java heap; the type stays valid for requests that use it.
    }

    boolean isCommitted() {
        return committed;
    }

    TypeMap map() {
        return map;
    }

    @Override
    public String toString() {
        return map.describe();
    }
}
