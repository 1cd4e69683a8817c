package org.mpj.bench.jmh;

import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import org.mpj.core.datatype.BaseType;
import org.mpj.device.tcp.Frame;
import org.mpj.device.tcp.FrameDecoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The tcp wire format: writing an EAGER frame (header and payload) into a buffer, and the frame decoder
 * cutting one out of the bytes that arrive (whole in one read, or split in two reads mid-header).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FrameBench {
    @Param({"8", "4096"})
    int bytes;

    byte[] payload;
    ByteBuf out, wire;
    EmbeddedChannel channel;
    int frames;

    @Setup
    public void setUp() {
        payload = new byte[bytes];
        out = Unpooled.directBuffer(Frame.HEADER_BYTES + bytes);
        wire = Unpooled.buffer(Frame.HEADER_BYTES + bytes);
        Frame.writeHeader(wire, Frame.EAGER, 0, BaseType.BYTE.ordinal(), 0, 1, 5, bytes, bytes, bytes, 0);
        wire.writeBytes(payload);
        FrameDecoder decoder = new FrameDecoder(1 << 20, 1L << 30);
        decoder.authenticated();
        channel = new EmbeddedChannel(decoder, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                frames++;
            }
        });
    }

    @TearDown
    public void tearDown() {
        if (frames == 0) {
            throw new IllegalStateException("the decoder emitted no frame");
        }
        channel.finishAndReleaseAll();
        out.release();
        wire.release();
    }

    @Benchmark
    public ByteBuf encode() {
        out.clear();
        Frame.writeHeader(out, Frame.EAGER, 0, BaseType.BYTE.ordinal(), 0, 1, 5, bytes, bytes, bytes, 0);
        out.writeBytes(payload);
        return out;
    }

    @Benchmark
    public int decodeWhole() {
        channel.pipeline().fireChannelRead(wire.retainedDuplicate());
        return frames;
    }

    @Benchmark
    public int decodeSplit() {
        channel.pipeline().fireChannelRead(wire.retainedSlice(0, 17));
        channel.pipeline().fireChannelRead(wire.retainedSlice(17, wire.readableBytes() - 17));
        return frames;
    }
}
