package org.mpj.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The matching engine on one thread: a receive posted before its message arrives (the message is
 * copied once into it), and a message that arrives first (copied into a pooled eager buffer, then out
 * of it when the receive is posted). Run with {@code -prof gc}: both paths should allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MatchingBench {
    static final int CONTEXT = 0, SOURCE = 1, TAG = 5;

    @Param({"8", "1024"})
    int bytes;

    MatchingEngine engine;
    EngineRequest recv, send;
    byte[] src, dst;
    TypeMap layout;

    @Setup(Level.Trial)
    public void setUp() {
        engine = new MatchingEngine("jmh", 16 * 1024, org.mpj.core.Config.DEFAULT_EAGER_BACKLOG_BYTES);
        recv = new EngineRequest(EngineRequest.RECV);
        send = new EngineRequest(EngineRequest.SEND);
        src = new byte[bytes];
        dst = new byte[bytes];
        layout = TypeMap.primitive(BaseType.BYTE, null);
        if (!postedFirst() || !arrivedFirst()) {
            throw new IllegalStateException("the matching benchmark's receive did not complete");
        }
    }

    private void prepareReceive() {
        recv.reset();
        recv.buf = dst;
        recv.offset = 0;
        recv.capacity = bytes;
        recv.type = layout;
        recv.context = CONTEXT;
        recv.source = SOURCE;
        recv.tag = TAG;
    }

    /** Post, then the message arrives and is copied straight into the posted array. */
    @Benchmark
    public boolean postedFirst() {
        prepareReceive();
        engine.post(recv);
        engine.deliver(CONTEXT, SOURCE, TAG, BaseType.BYTE, bytes, src, 0, layout, true, send);
        return recv.isComplete();
    }

    /** The message arrives first (buffered eagerly), then the receive is posted and takes it. */
    @Benchmark
    public boolean arrivedFirst() {
        engine.deliver(CONTEXT, SOURCE, TAG, BaseType.BYTE, bytes, src, 0, layout, true, send);
        prepareReceive();
        return engine.post(recv);
    }
}
