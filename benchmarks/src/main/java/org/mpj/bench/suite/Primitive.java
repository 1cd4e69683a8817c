package org.mpj.bench.suite;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import mpi.Datatype;
import mpi.MPI;

/** The primitive element types the suite sends: name on the command line, MPI datatype, bytes per element. */
public enum Primitive {
    BYTE(1), CHAR(2), SHORT(2), BOOLEAN(1), INT(4), LONG(8), FLOAT(4), DOUBLE(8);

    /** Bytes per element (the size the wire and the tables count). */
    public final int bytes;

    Primitive(int bytes) {
        this.bytes = bytes;
    }

    public Datatype datatype() {
        switch (this) {
            case BYTE: return MPI.BYTE;
            case CHAR: return MPI.CHAR;
            case SHORT: return MPI.SHORT;
            case BOOLEAN: return MPI.BOOLEAN;
            case INT: return MPI.INT;
            case LONG: return MPI.LONG;
            case FLOAT: return MPI.FLOAT;
            default: return MPI.DOUBLE;
        }
    }

    /** An array of this type with room for {@code count} elements. */
    public Object allocate(int count) {
        switch (this) {
            case BYTE: return new byte[count];
            case CHAR: return new char[count];
            case SHORT: return new short[count];
            case BOOLEAN: return new boolean[count];
            case INT: return new int[count];
            case LONG: return new long[count];
            case FLOAT: return new float[count];
            default: return new double[count];
        }
    }

    public static Primitive parse(String name) {
        for (Primitive p : values()) {
            if (p.name().equalsIgnoreCase(name.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("--types: unknown primitive '" + name.trim() + "'; known: "
                + Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
