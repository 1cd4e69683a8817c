package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.datatype.BaseType;
import org.mpj.device.tcp.Frame;
import org.mpj.device.tcp.FrameDecoder;
import org.mpj.device.tcp.FrameException;
import org.mpj.device.tcp.InboundFrame;

/** The frame decoder alone, fed valid, random and mutated streams: it decodes or refuses cleanly. */
class FrameDecoderFuzzTest {
    static final int MAX_FRAME = 64 * 1024;
    static final long MAX_MESSAGE = 1 << 20;

    /** Records what the decoder hands on and every exception it raises. */
    static final class Collector extends ChannelInboundHandlerAdapter {
        final List<Byte> types = new ArrayList<>();
        final List<Integer> pieces = new ArrayList<>();
        final ByteArrayOutputStream payload = new ByteArrayOutputStream();
        final List<Throwable> errors = new ArrayList<>();
        /** Takes the body of an EAGER frame split between reads in pieces, as a posted receive does; else whole. */
        boolean streamEager;
        int openings;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            InboundFrame f = (InboundFrame) msg;
            if (f.opening()) {
                assertEquals(0, f.payloadBytes(), "an opening carries no payload");
                openings++;
                if (streamEager) {
                    f.takeInPieces();
                    types.add(f.type());
                }
                return;
            }
            if (!f.streamed()) {
                types.add(f.type());
            }
            pieces.add(f.payloadBytes());
            payload.writeBytes(f.payloadCopy());
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.add(cause);
        }
    }

    static EmbeddedChannel channel(Collector c, boolean authenticated) {
        FrameDecoder d = new FrameDecoder(MAX_FRAME, MAX_MESSAGE);
        if (authenticated) {
            d.authenticated();
        }
        return new EmbeddedChannel(d, c);
    }

    /** A valid frame of a random type, with its payload appended to {@code payloads}. */
    static byte[] validFrame(SplittableRandom rnd, ByteArrayOutputStream payloads, List<Byte> types) {
        byte type = (byte) (Frame.HELLO + rnd.nextInt(Frame.BYE));
        BaseType base = BaseType.values()[rnd.nextInt(BaseType.values().length)];
        int size = Math.max(1, base.byteSize());
        int elements = rnd.nextInt(2000);
        int length;
        long total = 0;
        int flags = 0;
        switch (type) {
            case Frame.HELLO -> length = Frame.NONCE_BYTES;
            case Frame.CHALLENGE -> length = Frame.NONCE_BYTES + Frame.MAC_BYTES;
            case Frame.PROOF -> length = Frame.MAC_BYTES;
            case Frame.EAGER -> length = elements * size;
            case Frame.RTS -> {
                length = 0;
                total = (long) elements * size;
            }
            case Frame.DATA -> length = (1 + rnd.nextInt(5000)) * size;
            case Frame.ABORT -> length = rnd.nextInt(200);
            case Frame.CTS -> {
                length = 0;
                flags = rnd.nextInt(2);
            }
            default -> length = 0;
        }
        ByteBuf b = Unpooled.buffer();
        Frame.writeHeader(b, type, flags, base.ordinal(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), elements, length, total, rnd.nextLong());
        byte[] p = new byte[length];
        rnd.nextBytes(p);
        b.writeBytes(p);
        payloads.writeBytes(p);
        types.add(type);
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }

    /** Feeds {@code bytes} in random slices; returns the slices so their release can be checked. */
    static List<ByteBuf> feed(EmbeddedChannel ch, byte[] bytes, SplittableRandom rnd) {
        List<ByteBuf> sent = new ArrayList<>();
        for (int at = 0; at < bytes.length; ) {
            int n = Math.min(bytes.length - at, 1 + rnd.nextInt(rnd.nextBoolean() ? 7 : 9000));
            ByteBuf b = Unpooled.copiedBuffer(bytes, at, n);
            sent.add(b);
            ch.writeInbound(b);
            at += n;
        }
        return sent;
    }

    @Test
    @Timeout(30)
    void validStreamsDecodeExactlyWhateverTheSlicing() {
        // Odd rounds take split EAGER bodies in pieces (a receive was posted), even rounds whole.
        SplittableRandom rnd = new SplittableRandom(1);
        boolean streamedSomewhere = false;
        for (int round = 0; round < 200; round++) {
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            ByteArrayOutputStream payloads = new ByteArrayOutputStream();
            List<Byte> types = new ArrayList<>();
            for (int k = 0; k < 1 + rnd.nextInt(20); k++) {
                stream.writeBytes(validFrame(rnd, payloads, types));
            }
            Collector c = new Collector();
            c.streamEager = round % 2 == 1;
            EmbeddedChannel ch = channel(c, true);
            for (ByteBuf b : feed(ch, stream.toByteArray(), rnd)) {
                assertEquals(0, b.refCnt(), "the decoder released every buffer it read");
            }
            streamedSomewhere |= c.streamEager && c.openings > 0;
            assertTrue(c.errors.isEmpty(), () -> "round " + c.errors);
            assertEquals(withoutData(types), withoutData(c.types), "frame types of round " + round);
            assertEquals(payloads.size(), c.payload.size(), "payload bytes of round " + round);
            assertTrue(java.util.Arrays.equals(payloads.toByteArray(), c.payload.toByteArray()), "payload of round " + round);
            ch.finishAndReleaseAll();
        }
        assertTrue(streamedSomewhere, "some EAGER body came in pieces");
    }

    /** Frame types other than DATA, whose frames arrive in pieces. */
    private static List<Byte> withoutData(List<Byte> types) {
        List<Byte> out = new ArrayList<>(types);
        out.removeIf(t -> t == Frame.DATA);
        return out;
    }

    @Test
    @Timeout(30)
    void dataPayloadIsHandedOnInWholeElementsAsItArrives() {
        ByteBuf b = Unpooled.buffer();
        int elements = 5_000;
        Frame.writeHeader(b, Frame.DATA, 0, BaseType.LONG.ordinal(), 0, 0, 0, 0, elements * 8, 0, 1);
        for (int i = 0; i < elements; i++) {
            b.writeLongLE(i);
        }
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        Collector c = new Collector();
        EmbeddedChannel ch = channel(c, true);
        feed(ch, bytes, new SplittableRandom(2));
        assertTrue(c.errors.isEmpty(), c.errors::toString);
        assertTrue(c.pieces.size() > 1, "a DATA frame arrives in pieces, not accumulated");
        for (int p : c.pieces) {
            assertEquals(0, p % 8, "piece of " + p + " bytes is not whole longs");
        }
        assertEquals(elements * 8, c.payload.size());
    }

    @Test
    @Timeout(30)
    void anEagerBodyTakenInPiecesComesInWholeElements() {
        ByteBuf b = Unpooled.buffer();
        int elements = 5_000;
        Frame.writeHeader(b, Frame.EAGER, 0, BaseType.DOUBLE.ordinal(), 0, 0, 0, elements, elements * 8, 0, 0);
        for (int i = 0; i < elements; i++) {
            b.writeDoubleLE(i);
        }
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        Collector c = new Collector();
        c.streamEager = true;
        EmbeddedChannel ch = channel(c, true);
        feed(ch, bytes, new SplittableRandom(4));
        assertTrue(c.errors.isEmpty(), c.errors::toString);
        assertEquals(1, c.openings, "the header was handed on before the body");
        assertEquals(List.of(Frame.EAGER), c.types);
        assertTrue(c.pieces.size() > 1, "the body arrives in pieces, not gathered");
        for (int p : c.pieces) {
            assertEquals(0, p % 8, "piece of " + p + " bytes is not whole doubles");
        }
        ByteBuf got = Unpooled.wrappedBuffer(c.payload.toByteArray());
        for (int i = 0; i < elements; i++) {
            assertEquals(i, got.readDoubleLE(), "double " + i);
        }
    }

    @Test
    @Timeout(60)
    void randomAndMutatedStreamsAreRefusedCleanly() {
        SplittableRandom rnd = new SplittableRandom(3);
        int refused = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] bytes;
            if (round % 3 == 0) {
                bytes = new byte[rnd.nextInt(3 * Frame.HEADER_BYTES)];
                rnd.nextBytes(bytes);
                if (bytes.length > 0 && rnd.nextBoolean()) {
                    bytes[0] = Frame.MAGIC;
                }
            } else {
                ByteArrayOutputStream stream = new ByteArrayOutputStream();
                for (int k = 0; k < 1 + rnd.nextInt(5); k++) {
                    stream.writeBytes(validFrame(rnd, new ByteArrayOutputStream(), new ArrayList<>()));
                }
                bytes = stream.toByteArray();
                for (int m = 0; m < 1 + rnd.nextInt(4); m++) {
                    int at = rnd.nextInt(Math.min(bytes.length, 3 * Frame.HEADER_BYTES));
                    bytes[at] = rnd.nextInt(4) == 0 ? (byte) 0xFF : (byte) rnd.nextInt(256);
                }
            }
            Collector c = new Collector();
            c.streamEager = round % 4 < 2;
            EmbeddedChannel ch = channel(c, round % 2 == 0);
            for (ByteBuf b : feed(ch, bytes, rnd)) {
                assertEquals(0, b.refCnt(), "round " + round + ": a buffer was not released");
            }
            ch.checkException();
            for (Throwable t : c.errors) {
                assertTrue(t instanceof FrameException, "round " + round + ": " + t);
            }
            assertTrue(c.errors.size() <= 1, "round " + round + ": refused more than once: " + c.errors);
            refused += c.errors.size();
            ch.finishAndReleaseAll();
        }
        assertTrue(refused > 1000, "only " + refused + " of 3000 damaged streams were refused");
    }

    @Test
    @Timeout(10)
    void beforeTheHandshakeOnlyHandshakeFramesPass() {
        ByteBuf b = Unpooled.buffer();
        Frame.writeHeader(b, Frame.EAGER, 0, BaseType.BYTE.ordinal(), 0, 0, 0, 4, 4, 4, 0);
        b.writeInt(1);
        Collector c = new Collector();
        EmbeddedChannel ch = channel(c, false);
        ch.writeInbound(b);
        assertEquals(1, c.errors.size());
        assertTrue(c.errors.get(0).getMessage().contains("before the handshake"), c.errors.get(0).getMessage());
        assertTrue(c.types.isEmpty());
    }
}
