package mpi;

import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * An MPI datatype: the primitive types of {@link MPI} ({@code MPI.INT}, {@code MPI.DOUBLE}, ...)
 * and types derived from them. Buffers are Java arrays of the type's base: an {@code int[]} for
 * {@code MPI.INT} and every type derived from it, an {@code Object[]} of Serializable objects for
 * {@code MPI.OBJECT}. Extents, bounds and displacements are counted in elements of the base type.
 *
 * <pre>{@code
 * // one column of a row-major double[n * n] matrix
 * Datatype column = Datatype.Vector(n, 1, n, MPI.DOUBLE);
 * column.Commit();
 * MPI.COMM_WORLD.Send(matrix, j, 1, column, dest, tag);   // starts at element j
 * }</pre>
 */
public class Datatype {
    final TypeMap map;

    Datatype(BaseType base) {
        this.map = TypeMap.primitive(base, this);
    }

    private Datatype(String call, Builder builder) {
        try {
            this.map = builder.build(this);
        } catch (MpjException e) {
            throw MPIException.of(e);
        } catch (ArithmeticException e) { // a count, stride or extent past what an int holds
            throw new MPIException(MPI.ERR_TYPE, "MPI_ERR_TYPE: Datatype." + call
                    + ": the type would span more than 2^31-1 elements", null);
        }
    }

    private Datatype(boolean upper) {
        this.map = upper ? TypeMap.upperMarker(this) : TypeMap.lowerMarker(this);
    }

    static Datatype marker(boolean upper) {
        return new Datatype(upper);
    }

    /** How a derived type's map is made, with its facade object as the map's handle. */
    private interface Builder {
        TypeMap build(Datatype self);
    }

    /** {@code count} copies of {@code oldtype}, back to back. */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        TypeMap old = checked("Contiguous", oldtype);
        return new Datatype("Contiguous", self -> TypeMap.contiguous(count, old, self));
    }

    /**
     * {@code count} blocks of {@code blocklength} items of {@code oldtype}, the starts of consecutive
     * blocks {@code stride} extents of oldtype apart.
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        TypeMap old = checked("Vector", oldtype);
        return new Datatype("Vector", self -> TypeMap.vector(count, blocklength, stride, old, self));
    }

    /** As {@link #Vector}, with {@code stride} in elements of the base type (mpiJava 1.2). */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        TypeMap old = checked("Hvector", oldtype);
        return new Datatype("Hvector", self -> TypeMap.hvector(count, blocklength, stride, old, self));
    }

    /** Blocks of {@code array_of_blocklengths[i]} items at {@code array_of_displacements[i]} extents of oldtype. */
    public static Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype)
            throws MPIException {
        TypeMap old = checked("Indexed", oldtype);
        return new Datatype("Indexed", self -> TypeMap.indexed(array_of_blocklengths, array_of_displacements, old, self));
    }

    /** As {@link #Indexed}, with displacements in elements of the base type (mpiJava 1.2). */
    public static Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype)
            throws MPIException {
        TypeMap old = checked("Hindexed", oldtype);
        return new Datatype("Hindexed", self -> TypeMap.hindexed(array_of_blocklengths, array_of_displacements, old, self));
    }

    /**
     * Blocks of {@code array_of_blocklengths[i]} items of {@code array_of_types[i]} at
     * {@code array_of_displacements[i]} elements. All types must share one base type; {@code MPI.LB}
     * and {@code MPI.UB} entries set the lower and upper bound.
     */
    public static Datatype Struct(int[] array_of_blocklengths, int[] array_of_displacements, Datatype[] array_of_types)
            throws MPIException {
        TypeMap[] types = null;
        if (array_of_types != null) {
            types = new TypeMap[array_of_types.length];
            for (int i = 0; i < types.length; i++) {
                types[i] = array_of_types[i] == null ? null : array_of_types[i].map;
            }
        }
        TypeMap[] maps = types;
        return new Datatype("Struct", self -> TypeMap.struct(array_of_blocklengths, array_of_displacements, maps, self));
    }

    private static TypeMap checked(String call, Datatype oldtype) {
        if (oldtype == null) {
            throw new MPIException(MPI.ERR_TYPE, "MPI_ERR_TYPE: Datatype." + call + ": oldtype is null", null);
        }
        if (oldtype.map.isMarker()) {
            throw new MPIException(MPI.ERR_TYPE, "MPI_ERR_TYPE: Datatype." + call
                    + ": MPI.LB and MPI.UB may only appear in Datatype.Struct", null);
        }
        return oldtype.map;
    }

    /** Distance between consecutive items (Ub - Lb), in elements of the base type. */
    public int Extent() throws MPIException {
        return map.extent;
    }

    /** Elements of the base type that one item carries. */
    public int Size() throws MPIException {
        return map.size;
    }

    /** Lower bound of one item, in elements. */
    public int Lb() throws MPIException {
        return map.lb;
    }

    /** Upper bound of one item, in elements. */
    public int Ub() throws MPIException {
        return map.ub;
    }

    /** Makes the type ready for communication (MPJ needs no preparation; kept for MPI programs). */
    public void Commit() throws MPIException {
    }

    /** Releases the type (nothing is held outside the Java heap). */
    public void Free() throws MPIException {
    }

    TypeMap map() {
        return map;
    }

    @Override
    public String toString() {
        return map.describe();
    }
}
