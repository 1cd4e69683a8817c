package org.mpj.core.datatype;

/**
 * The primitive element types of mpiJava: each names the Java array that holds it. A message is a
 * sequence of elements of one base type; inside a JVM it is copied typed array to typed array.
 */
public enum BaseType {
    BYTE("MPI.BYTE", byte[].class, 1),
    CHAR("MPI.CHAR", char[].class, 2),
    SHORT("MPI.SHORT", short[].class, 2),
    BOOLEAN("MPI.BOOLEAN", boolean[].class, 1),
    INT("MPI.INT", int[].class, 4),
    LONG("MPI.LONG", long[].class, 8),
    FLOAT("MPI.FLOAT", float[].class, 4),
    DOUBLE("MPI.DOUBLE", double[].class, 8),
    /** Serializable objects in an Object[]; they travel serialized and arrive as copies. */
    OBJECT("MPI.OBJECT", Object[].class, 0),
    /** Packed bytes made by Comm.Pack; held in a byte[] like BYTE and interchangeable with it. */
    PACKED("MPI.PACKED", byte[].class, 1);

    private final String mpiName;
    private final Class<?> arrayClass;
    private final int byteSize;

    BaseType(String mpiName, Class<?> arrayClass, int byteSize) {
        this.mpiName = mpiName;
        this.arrayClass = arrayClass;
        this.byteSize = byteSize;
    }

    /** The name a user writes: {@code MPI.INT}. */
    public String mpiName() {
        return mpiName;
    }

    public Class<?> arrayClass() {
        return arrayClass;
    }

    /** Bytes per element; 0 for OBJECT, whose size is known only once serialized. */
    public int byteSize() {
        return byteSize;
    }

    /** True if a buffer of this array type can hold this base type's elements. */
    public boolean accepts(Object buffer) {
        return this == OBJECT ? buffer instanceof Object[] : buffer.getClass() == arrayClass;
    }

    /** True if data sent as {@code sent} may be received as this type. */
    public boolean receives(BaseType sent) {
        return sent == this || (arrayClass == byte[].class && sent.arrayClass == byte[].class);
    }

    /** Java's name of the array class: {@code double[]}. */
    public String javaArrayName() {
        return this == OBJECT ? "Object[]" : arrayClass.getComponentType().getName() + "[]";
    }

    /** Java's name of a buffer's class, for messages: {@code double[12]}. */
    public static String describe(Object buffer) {
        if (buffer == null) {
            return "null";
        }
        Class<?> c = buffer.getClass();
        if (!c.isArray()) {
            return "a " + c.getName() + " (not an array)";
        }
        return c.getComponentType().getSimpleName() + "[" + java.lang.reflect.Array.getLength(buffer) + "]";
    }
}
