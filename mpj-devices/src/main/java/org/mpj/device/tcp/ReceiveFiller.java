package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.ObjectCodec;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;

/**
 * Copies a whole message from the wire into the receive it matched, through the receive's layout,
 * and completes it; or fails it, as the matching engine would, when the message does not fit.
 */
final class ReceiveFiller {
    private final LayoutCursor cursor = new LayoutCursor();
    private final String where;

    ReceiveFiller(String where) {
        this.where = where;
    }

    /** Why {@code r} cannot take this message, or null; the receive is failed with it. */
    MpjException refuse(EngineRequest r, int source, int tag, BaseType base, int elements) {
        MpjException refused = MatchingEngine.refusal(r, source, tag, base, elements, where);
        if (refused != null) {
            r.fail(source, tag, refused);
        }
        return refused;
    }

    void fill(EngineRequest r, int source, int tag, BaseType base, int elements, ByteBuf buf, int index, int bytes) {
        if (refuse(r, source, tag, base, elements) != null) {
            return;
        }
        if (base == BaseType.OBJECT) {
            byte[] b = new byte[bytes];
            buf.getBytes(index, b);
            deserialize(r, source, tag, elements, b);
            return;
        }
        cursor.start(r.buf, r.offset, r.type, r.type.base).read(buf, index, elements);
        cursor.clear();
        r.complete(source, tag, elements, base);
    }

    /** Completes an MPI.OBJECT receive from the serialized bytes, with the receiving rank's classes. */
    static void deserialize(EngineRequest r, int source, int tag, int elements, byte[] bytes) {
        try {
            ObjectCodec.deserialize(bytes, elements, r.loader, (Object[]) r.buf, r.offset, r.type);
        } catch (MpjException e) {
            r.fail(source, tag, e);
            return;
        }
        r.complete(source, tag, elements, BaseType.OBJECT);
    }
}
