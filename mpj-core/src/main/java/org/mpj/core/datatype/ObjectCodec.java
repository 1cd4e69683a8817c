package org.mpj.core.datatype;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * MPI.OBJECT data: the sender serializes its objects, the receiver deserializes them with the class
 * loader of its own rank, so that each rank gets copies of its own classes (ranks that are threads
 * of one JVM load the application's classes separately).
 */
public final class ObjectCodec {
    private ObjectCodec() {
    }

    public static byte[] serialize(String call, Object[] buf, int offset, TypeMap type, int elements) {
        Object[] flat = new Object[elements];
        Copier.references(buf, offset, type, flat, 0, TypeMap.primitive(BaseType.OBJECT, null), elements);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * elements);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Object o : flat) {
                out.writeObject(o);
            }
        } catch (NotSerializableException e) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": an MPI.OBJECT element is not Serializable: "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new MpjException(ErrorClass.ERR_TYPE, call + ": cannot serialize MPI.OBJECT data: " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Deserializes {@code elements} objects into (dst, dstOff, dstType), resolving classes with {@code loader}. */
    public static void deserialize(byte[] data, int elements, ClassLoader loader, Object[] dst, int dstOff, TypeMap dstType) {
        Object[] flat = new Object[elements];
        try (ObjectInputStream in = new RankObjectInputStream(new ByteArrayInputStream(data), loader)) {
            for (int i = 0; i < elements; i++) {
                flat[i] = in.readObject();
            }
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new MpjException(ErrorClass.ERR_TYPE, "cannot deserialize received MPI.OBJECT data: " + e, e);
        }
        requireStorable(flat, dst);
        Copier.references(flat, 0, TypeMap.primitive(BaseType.OBJECT, null), dst, dstOff, dstType, elements);
    }

    /**
     * A local copy of MPI.OBJECT data: serialized and deserialized, so the copies share no object with
     * the originals, exactly as if they had been sent. Classes resolve with the calling thread's
     * context class loader, which is its rank's.
     */
    static void copyValues(Object src, int srcOff, TypeMap srcType, Object dst, int dstOff, TypeMap dstType, int elements) {
        byte[] bytes = serialize("copy of MPI.OBJECT data", (Object[]) src, srcOff, srcType, elements);
        deserialize(bytes, elements, Thread.currentThread().getContextClassLoader(), (Object[]) dst, dstOff, dstType);
    }

    /**
     * A receive's array may be narrower than Object[] (a String[]); an element it cannot hold fails the
     * receive, before anything is copied, rather than throwing ArrayStoreException on whichever thread
     * delivers (the sender's, when the receive was posted first).
     */
    private static void requireStorable(Object[] flat, Object[] dst) {
        Class<?> slot = dst.getClass().getComponentType();
        if (slot == Object.class) {
            return;
        }
        for (int i = 0; i < flat.length; i++) {
            Object o = flat[i];
            if (o != null && !slot.isInstance(o)) {
                throw new MpjException(ErrorClass.ERR_TYPE, "received MPI.OBJECT element " + i + " is a "
                        + o.getClass().getName() + ", which the receive's " + slot.getName() + "[] cannot hold");
            }
        }
    }

    private static final class RankObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        RankObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader == null) {
                return super.resolveClass(desc);
            }
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
