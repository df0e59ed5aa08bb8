package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.simd.ByteDelta;
import io.github.blosc2panama.simd.Delta;
import io.github.blosc2panama.simd.IntTrunc;
import io.github.blosc2panama.simd.TruncPrec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC kernels alone over one 4 MiB native block, ours on the Vector API
 * ({@code impl=java}) against ours on the scalar twins ({@code impl=scalar}, the fork behaves as with
 * {@code -Dblosc2.simd=scalar}), with {@code MemorySegment.copy} of the same block as the floor. The kernels do not
 * depend on the data (XORs, byte sums, masks), so the block is random bytes.
 *
 * <ul>
 *   <li>{@code deltaEncode}: the chunk's first block (each word XOR its predecessor);</li>
 *   <li>{@code deltaEncodeOther}: another block (XOR with the first block);</li>
 *   <li>{@code deltaDecode}: the first block in place, the running XOR (each call decodes the previous result again:
 *       same work);</li>
 *   <li>{@code bytedeltaEncode} / {@code bytedeltaDecode}: with {@code typesize} streams;</li>
 *   <li>{@code truncPrec}: keep 10 mantissa bits of floats (typesize 4) or doubles (8);</li>
 *   <li>{@code intTrunc}: clear the low 5 bits of every integer.</li>
 * </ul>
 *
 * <p><b>One operation is one MiB</b>: the score (ops/s) is MiB/s; GB/s = score x 1.048576 / 1000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class FilterBenchmark {
    static final int BLOCK_BYTES = 4 << 20;
    static final int BLOCK_MIB = 4;

    /** The block, an output buffer of the same size, and the kernels' implementation. */
    @State(Scope.Benchmark)
    public static class Block {
        /** java: ours (Vector API); scalar: ours on the scalar twins (as with -Dblosc2.simd=scalar). */
        @Param({"java", "scalar"})
        public String impl;

        @Param({"4", "8"})
        public int typesize;

        MemorySegment src;
        MemorySegment dst;
        private Arena arena;

        @Setup(Level.Trial)
        public void setup() {
            VectorModule.require();
            if (impl.equals("scalar")) {
                // each JMH fork runs one impl: pick the scalar twins before the simd classes initialise
                System.setProperty("blosc2.simd", "scalar");
            } else if (!impl.equals("java")) {
                throw new IllegalArgumentException("unknown impl '" + impl + "' (expected java, scalar)");
            }
            KernelBenchmark.JavaKernels.expect(impl.equals("java"));
            arena = Arena.ofShared();
            src = arena.allocate(BLOCK_BYTES, 64);
            dst = arena.allocate(BLOCK_BYTES, 64);
            byte[] data = new byte[BLOCK_BYTES];
            new SplittableRandom(42).nextBytes(data);
            MemorySegment.copy(data, 0, src, ValueLayout.JAVA_BYTE, 0, BLOCK_BYTES);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment deltaEncode(Block b) {
        Delta.encode(b.src, 0, b.src, b.dst, BLOCK_BYTES, b.typesize);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment deltaEncodeOther(Block b) {
        Delta.encode(b.src, BLOCK_BYTES, b.src, b.dst, BLOCK_BYTES, b.typesize);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment deltaDecode(Block b) {
        Delta.decode(b.dst, 0, b.dst, BLOCK_BYTES, b.typesize);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment bytedeltaEncode(Block b) {
        ByteDelta.encode(b.src, b.dst, BLOCK_BYTES, b.typesize);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment bytedeltaDecode(Block b) {
        ByteDelta.decode(b.src, b.dst, BLOCK_BYTES, b.typesize);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment truncPrec(Block b) {
        TruncPrec.truncate(b.src, b.dst, BLOCK_BYTES, b.typesize, 10);
        return b.dst;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment intTrunc(Block b) {
        IntTrunc.truncate(b.src, b.dst, BLOCK_BYTES, b.typesize, -5);
        return b.dst;
    }

    /** The floor any kernel is measured against: copying the block unchanged. */
    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment copy(Block b) {
        MemorySegment.copy(b.src, 0, b.dst, 0, BLOCK_BYTES);
        return b.dst;
    }
}
