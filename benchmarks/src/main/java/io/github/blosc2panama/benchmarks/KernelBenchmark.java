package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CBlosc2;
import io.github.blosc2panama.core.data.Dataset;
import io.github.blosc2panama.core.data.Datasets;
import io.github.blosc2panama.simd.BitShuffle;
import io.github.blosc2panama.simd.Shuffle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
 * The filter kernels alone over one 4 MiB block: shuffle, unshuffle, bitshuffle, bitunshuffle, against
 * {@code MemorySegment.copy} of the same block. The block is the first 4 MiB of a dataset whose typesize
 * is above 1; the kernels are data-independent permutations, so all four read the plain data.
 *
 * <p><b>One operation is one MiB</b>: the score (ops/s) is MiB/s; GB/s = score x 1.048576 / 1000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class KernelBenchmark {
    static final int BLOCK_BYTES = 4 << 20;
    static final int BLOCK_MIB = 4;

    /** The block and an output buffer of the same size, native, allocated once. */
    @State(Scope.Benchmark)
    public static class Block {
        @Param({"f64_noise", "i32_arange", "i64_walk"})
        public String dataset;

        /** Element size for the kernels; 0 = the dataset's own (the kernels do not depend on the data). */
        @Param({"0"})
        public int typesize;

        /**
         * Bytes per kernel call: the 4 MiB block is filtered as consecutive pieces of this size (a divisor of 4 MiB;
         * 262144 is the size of the blocks inside the chunks of ChunkBenchmark at clevel 5).
         */
        @Param({"4194304"})
        public int piece;

        MemorySegment src;
        MemorySegment dst;
        private Arena arena;

        @Setup(Level.Trial)
        public void setup() {
            VectorModule.require();
            if (piece <= 0 || BLOCK_BYTES % piece != 0) {
                throw new IllegalArgumentException("piece " + piece + " does not divide " + BLOCK_BYTES);
            }
            Dataset ds = Datasets.dataset(dataset);
            if (typesize == 0) {
                typesize = ds.typesize();
            }
            arena = Arena.ofShared();
            src = arena.allocate(BLOCK_BYTES, 64);
            dst = arena.allocate(BLOCK_BYTES, 64);
            ds.fill(src);
        }

        /** Runs {@code kernel} over the 4 MiB block as consecutive pieces of {@link #piece} bytes. */
        int inPieces(Kernel kernel) {
            int done = 0;
            for (long at = 0; at < BLOCK_BYTES; at += piece) {
                done += kernel.run(typesize, piece, src.asSlice(at, piece), dst.asSlice(at, piece));
            }
            return done;
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }
    }

    /** Which kernels run. */
    @State(Scope.Benchmark)
    public static class Impl {
        /** c: C-Blosc2; java: ours (Vector API); scalar: ours with -Dblosc2.simd=scalar semantics (scalar twins). */
        @Param({"c", "java", "scalar"})
        public String impl;

        Kernels kernels;

        @Setup(Level.Trial)
        public void setup() {
            VectorModule.require();
            kernels = switch (impl) {
                case "c" -> new CKernels(CBlosc2.load());
                case "java" -> JavaKernels.expect(true);
                case "scalar" -> {
                    // each JMH fork runs one impl: pick the scalar twins before the simd classes initialise
                    System.setProperty("blosc2.simd", "scalar");
                    yield JavaKernels.expect(false);
                }
                default -> throw new IllegalArgumentException("unknown impl '" + impl + "' (expected c, java, scalar)");
            };
        }
    }

    /** One of the kernels: one block of {@code blocksize} bytes of {@code typesize}-byte items, src to dst. */
    interface Kernel {
        int run(int typesize, int blocksize, MemorySegment src, MemorySegment dst);
    }

    /** The four kernels over one block of {@code blocksize} bytes of {@code typesize}-byte items. */
    interface Kernels {
        int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst);

        int unshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst);

        int bitshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst);

        int bitunshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst);
    }

    /** C-Blosc2's kernels ({@code blosc2_shuffle} and friends, runtime-dispatched SIMD). */
    record CKernels(CBlosc2 c) implements Kernels {
        @Override
        public int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            return c.shuffle(typesize, blocksize, src, dst);
        }

        @Override
        public int unshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            return c.unshuffle(typesize, blocksize, src, dst);
        }

        @Override
        public int bitshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            return c.bitshuffle(typesize, blocksize, src, dst);
        }

        @Override
        public int bitunshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            return c.bitunshuffle(typesize, blocksize, src, dst);
        }
    }

    /** Ours, through the public simd API (Vector API or scalar twins, as the JVM decided). */
    record JavaKernels() implements Kernels {
        /** The kernels, after checking that the simd module runs the Vector API ({@code true}) or not. */
        static JavaKernels expect(boolean vector) {
            try {
                var f = Class.forName("io.github.blosc2panama.simd.SimdSupport").getDeclaredField("VECTOR");
                f.setAccessible(true);
                if (f.getBoolean(null) != vector) {
                    throw new IllegalStateException("simd kernels are " + (vector ? "scalar" : "vector")
                            + " in this JVM, expected " + (vector ? "vector" : "scalar"));
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot tell which simd kernels run", e);
            }
            return new JavaKernels();
        }

        @Override
        public int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            Shuffle.shuffle(src, dst, blocksize, typesize);
            return blocksize;
        }

        @Override
        public int unshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            Shuffle.unshuffle(src, dst, blocksize, typesize);
            return blocksize;
        }

        @Override
        public int bitshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            BitShuffle.bitshuffle(src, dst, blocksize, typesize);
            return blocksize;
        }

        @Override
        public int bitunshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
            BitShuffle.bitunshuffle(src, dst, blocksize, typesize);
            return blocksize;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public int shuffle(Block b, Impl i) {
        return b.inPieces(i.kernels::shuffle);
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public int unshuffle(Block b, Impl i) {
        return b.inPieces(i.kernels::unshuffle);
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public int bitshuffle(Block b, Impl i) {
        return b.inPieces(i.kernels::bitshuffle);
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public int bitunshuffle(Block b, Impl i) {
        return b.inPieces(i.kernels::bitunshuffle);
    }

    /** The floor any kernel is measured against: copying the block unchanged. */
    @Benchmark
    @OperationsPerInvocation(BLOCK_MIB)
    public MemorySegment copy(Block b) {
        MemorySegment.copy(b.src, 0, b.dst, 0, BLOCK_BYTES);
        return b.dst;
    }
}
