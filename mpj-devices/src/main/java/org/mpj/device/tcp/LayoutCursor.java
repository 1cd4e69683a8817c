package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.datatype.TypedBytes;

/**
 * A position in a message laid out in a typed array by a {@link TypeMap}: elements are written to
 * the wire or read from it in pieces of any size, run by run, so a derived datatype goes between
 * the user's array and the socket's buffer with one copy, as a contiguous one does.
 */
final class LayoutCursor {
    private Object array;
    private int offset;
    private TypeMap type;
    private BaseType base;
    private boolean flat;
    /** Elements already moved. */
    private int done;
    private int item;
    private int run;
    private int inRun;

    /** Starts at the first element of (array, offset, type); a null type means contiguous bytes (MPI.OBJECT). */
    LayoutCursor start(Object array, int offset, TypeMap type, BaseType base) {
        this.array = array;
        this.offset = offset;
        this.type = type;
        this.base = base;
        this.flat = type == null || type.isContiguous();
        done = 0;
        item = 0;
        run = 0;
        inRun = 0;
        return this;
    }

    int done() {
        return done;
    }

    /** Whether the elements lie one after another in the array (then {@link #index} and {@link #skip} apply). */
    boolean flat() {
        return flat;
    }

    Object array() {
        return array;
    }

    /** Index in the array of the next element of a flat layout. */
    int index() {
        return offset + done;
    }

    /** Passes over the next {@code n} elements of a flat layout, moved by other means (HeapSocketIo). */
    void skip(int n) {
        done += n;
    }

    /** Drops the reference to the user's array once the message is complete. */
    void clear() {
        array = null;
        type = null;
    }

    /** Appends the next {@code n} elements to {@code out}. */
    void write(ByteBuf out, int n) {
        if (n == 0) {
            return;
        }
        if (flat) {
            WireCopy.write(out, array, offset + done, n, base);
            done += n;
            return;
        }
        if (base.byteSize() > 1 && out.nioBufferCount() == 1) {
            int bytes = n * base.byteSize();
            out.ensureWritable(bytes);
            walk(out, out.internalNioBuffer(out.writerIndex(), bytes), n, true);
            out.writerIndex(out.writerIndex() + bytes);
            return;
        }
        while (n > 0) {
            int span = Math.min(n, type.runLength(run) - inRun);
            WireCopy.write(out, array, spanStart(), span, base);
            advance(span);
            n -= span;
        }
    }

    /** Stores the next {@code n} elements from {@code in} at {@code index}. */
    void read(ByteBuf in, int index, int n) {
        if (n == 0) {
            return;
        }
        if (flat) {
            WireCopy.read(in, index, array, offset + done, n, base);
            done += n;
            return;
        }
        int elementBytes = base.byteSize();
        if (elementBytes > 1 && in.nioBufferCount() == 1) {
            walk(in, in.internalNioBuffer(index, n * elementBytes), n, false);
            return;
        }
        while (n > 0) {
            int span = Math.min(n, type.runLength(run) - inRun);
            WireCopy.read(in, index, array, spanStart(), span, base);
            advance(span);
            index += span * elementBytes;
            n -= span;
        }
    }

    /**
     * Moves the next {@code n} elements between the layout and {@code buf} from {@code bb}, its internal
     * ByteBuffer at the first byte (gathers into it when {@code gather}), through one typed view
     * ({@link TypedViews#of}): whole runs of a regular layout in one strided loop per item, any other run
     * (or part of one) on its own.
     */
    private void walk(ByteBuf buf, ByteBuffer bb, int n, boolean gather) {
        Buffer v = TypedViews.of(buf, bb, base);
        int at = TypedViews.index(bb, base);
        while (n > 0) {
            int len = type.runLength(run);
            int whole = inRun == 0 && type.isRegular() ? Math.min(type.runs() - run, n / len) : 0;
            if (whole > 0) {
                int start = spanStart();
                at += gather ? TypedBytes.putRuns(v, at, array, start, type.runStride(), len, whole, base)
                        : TypedBytes.getRuns(v, at, array, start, type.runStride(), len, whole, base);
                done += whole * len;
                run += whole;
                if (run == type.runs()) {
                    run = 0;
                    item++;
                }
                n -= whole * len;
            } else {
                int span = Math.min(n, len - inRun);
                at += gather ? TypedBytes.putRuns(v, at, array, spanStart(), 0, span, 1, base)
                        : TypedBytes.getRuns(v, at, array, spanStart(), 0, span, 1, base);
                advance(span);
                n -= span;
            }
        }
    }

    private int spanStart() {
        return offset + item * type.extent + type.runDispl(run) + inRun;
    }

    private void advance(int span) {
        done += span;
        inRun += span;
        if (inRun == type.runLength(run)) {
            inRun = 0;
            if (++run == type.runs()) {
                run = 0;
                item++;
            }
        }
    }
}
