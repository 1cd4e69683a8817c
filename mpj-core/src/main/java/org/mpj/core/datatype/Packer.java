package org.mpj.core.datatype;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * {@code Comm.Pack}/{@code Unpack}: typed elements to bytes and back, in the native byte order (a
 * packed buffer is read by the same implementation on the same kind of machine, as MPI_PACKED is).
 * BOOLEAN packs as one byte (0 or 1); OBJECT as a 4-byte length followed by its serialized form.
 */
public final class Packer {
    private Packer() {
    }

    /** Bytes that {@code count} items of {@code type} occupy once packed. */
    public static int packSize(int count, TypeMap type) {
        if (type.base == BaseType.OBJECT) {
            throw new MpjException(ErrorClass.ERR_TYPE, "Pack_size: MPI.OBJECT data has no size before it is"
                    + " serialized; give Pack a buffer with room to spare");
        }
        long bytes = (long) count * type.size * type.base.byteSize();
        if (bytes > Integer.MAX_VALUE) {
            throw new MpjException(ErrorClass.ERR_COUNT, "Pack_size: " + count + " items of " + type.describe()
                    + " take " + bytes + " bytes, beyond 2^31-1");
        }
        return (int) bytes;
    }

    /** Packs (in, offset, count, type) into {@code out} at {@code position}; returns the new position. */
    public static int pack(Object in, int offset, int count, TypeMap type, int elements, byte[] out, int position) {
        if (type.base == BaseType.OBJECT) {
            byte[] bytes = ObjectCodec.serialize("Pack", (Object[]) in, offset, type, elements);
            room("Pack", out, position, 4L + bytes.length);
            ByteBuffer.wrap(out, position, 4).order(ByteOrder.BIG_ENDIAN).putInt(bytes.length);
            System.arraycopy(bytes, 0, out, position + 4, bytes.length);
            return position + 4 + bytes.length;
        }
        int bytes = packSize(count, type);
        room("Pack", out, position, bytes);
        ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.nativeOrder());
        bb.position(position);
        for (int i = 0; i < count; i++) {
            int item = offset + i * type.extent;
            if (type.regular) {
                TypedBytes.putRuns(bb, in, item + type.displ[0], type.runStride, type.len[0], type.runs(), type.base);
            } else {
                for (int k = 0; k < type.runs(); k++) {
                    TypedBytes.putRuns(bb, in, item + type.runDispl(k), 0, type.runLength(k), 1, type.base);
                }
            }
        }
        return bb.position();
    }

    /** Unpacks into (out, offset, count, type) from {@code in} at {@code position}; returns the new position. */
    public static int unpack(byte[] in, int position, Object out, int offset, int count, TypeMap type, int elements,
                             ClassLoader loader) {
        if (type.base == BaseType.OBJECT) {
            room("Unpack", in, position, 4);
            int length = ByteBuffer.wrap(in, position, 4).order(ByteOrder.BIG_ENDIAN).getInt();
            room("Unpack", in, position + 4, length);
            byte[] bytes = java.util.Arrays.copyOfRange(in, position + 4, position + 4 + length);
            ObjectCodec.deserialize(bytes, elements, loader, (Object[]) out, offset, type);
            return position + 4 + length;
        }
        int bytes = packSize(count, type);
        room("Unpack", in, position, bytes);
        ByteBuffer bb = ByteBuffer.wrap(in).order(ByteOrder.nativeOrder());
        bb.position(position);
        for (int i = 0; i < count; i++) {
            int item = offset + i * type.extent;
            if (type.regular) {
                TypedBytes.getRuns(bb, out, item + type.displ[0], type.runStride, type.len[0], type.runs(), type.base);
            } else {
                for (int k = 0; k < type.runs(); k++) {
                    TypedBytes.getRuns(bb, out, item + type.runDispl(k), 0, type.runLength(k), 1, type.base);
                }
            }
        }
        return bb.position();
    }

    private static void room(String call, byte[] buf, int position, long bytes) {
        if (buf == null) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": the packed buffer is null");
        }
        if (position < 0 || position + bytes > buf.length) {
            throw new MpjException(ErrorClass.ERR_BUFFER, call + ": " + bytes + " bytes at position " + position
                    + " do not fit in a byte[" + buf.length + "]");
        }
    }
}
