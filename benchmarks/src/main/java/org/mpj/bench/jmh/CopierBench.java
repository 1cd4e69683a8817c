package org.mpj.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The datatype engine's copy: n contiguous doubles (one arraycopy), and every 16th double of an array
 * (a Vector, Getov's layout) gathered into a contiguous array and scattered back out of one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CopierBench {
    static final int STRIDE = 16;

    @Param({"1024", "65536"})
    int doubles;

    double[] strided, packed, other;
    TypeMap flat, vector;

    @Setup
    public void setUp() {
        strided = new double[doubles * STRIDE];
        packed = new double[doubles];
        other = new double[doubles];
        flat = TypeMap.primitive(BaseType.DOUBLE, null);
        vector = TypeMap.vector(doubles, 1, STRIDE, flat, null);
    }

    @Benchmark
    public double[] contiguous() {
        Copier.copy(packed, 0, flat, other, 0, flat, doubles);
        return other;
    }

    @Benchmark
    public double[] stridedGather() {
        Copier.copy(strided, 0, vector, packed, 0, flat, doubles);
        return packed;
    }

    @Benchmark
    public double[] stridedScatter() {
        Copier.copy(packed, 0, flat, strided, 0, vector, doubles);
        return strided;
    }
}
