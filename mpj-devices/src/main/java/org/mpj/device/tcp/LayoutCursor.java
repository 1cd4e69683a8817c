package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

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
        while (n > 0) {
            int span = Math.min(n, type.runLength(run) - inRun);
            WireCopy.read(in, index, array, spanStart(), span, base);
            advance(span);
            index += span * elementBytes;
            n -= span;
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
