package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.data.Dataset;
import io.github.blosc2panama.core.data.Datasets;
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
 * The codecs alone, block by block, through our FFM bindings ({@code impl=ffm}:
 * {@link io.github.blosc2panama.ffm.Lz4}, {@link io.github.blosc2panama.ffm.Zstd}, on the system liblz4 and
 * libzstd) against the JNI libraries ({@code impl=jni}: lz4-java's native instance, zstd-jni, each with its own
 * bundled C library), on heap ({@code byte[]}; heap segments for FFM, linked critical) or native memory
 * (native segments for FFM, direct ByteBuffers for JNI).
 *
 * <p>Each invocation compresses (or decompresses) {@value #BLOCKS} blocks of {@value #BLOCK_SIZE} bytes, the
 * first {@value #DATA_MIB} MiB of a DATASETS.md dataset as generated (no shuffle: the raw bytes). <b>One
 * operation is one MiB of uncompressed data</b>, so the score (ops/s) is MiB/s; GB/s = score x 1.048576 / 1000.
 * Contexts and compressors are made once, buffers allocated once; the setup checks, outside the timing, that
 * every block round-trips.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class CodecBenchmark {
    static final int BLOCK_SIZE = 256 << 10;
    static final int BLOCKS = 16;
    static final int DATA_MIB = 4;

    @Param({"f64_noise", "i32_arange", "i64_walk", "text"})
    public String dataset;

    @Param({"lz4", "lz4hc", "zstd"})
    public String codec;

    /** The Blosc2 clevel (1..9), mapped to each codec's own scale as C-Blosc2 does. */
    @Param({"5"})
    public int clevel;

    @Param({"ffm", "jni"})
    public String impl;

    @Param({"native", "heap"})
    public String memory;

    private Arena arena;
    private CodecBlocks blocks;
    private BlockCoder coder;

    @Setup(Level.Trial)
    public void setup() {
        Dataset ds = Datasets.dataset(dataset);
        if (!memory.equals("native") && !memory.equals("heap")) {
            throw new IllegalArgumentException("memory must be native or heap, got " + memory);
        }
        arena = Arena.ofShared();
        MemorySegment data = arena.allocate((long) BLOCKS * BLOCK_SIZE, 64);
        ds.fill(data);
        blocks = new CodecBlocks(arena, data, BLOCK_SIZE, memory.equals("heap"));
        coder = BlockCoder.of(codec, impl, clevel, blocks);
        long cbytes = 0;
        for (int i = 0; i < BLOCKS; i++) {
            long n = coder.compress(i);
            if (n <= 0 || n > blocks.capacity) {
                throw new IllegalStateException(what() + ": compressing block " + i + " returned " + n);
            }
            blocks.csize[i] = (int) n;
            cbytes += n;
            blocks.out.fill((byte) 0);
            long back = coder.decompress(i);
            long diff = blocks.out.mismatch(blocks.src[i]);
            if (back != BLOCK_SIZE || diff != -1) {
                throw new IllegalStateException(what() + ": block " + i + " does not round-trip (got " + back
                        + " bytes, first difference at " + diff + ")");
            }
        }
        System.out.printf("%n[codec] %s: ratio %.3f%n", what(), (double) BLOCKS * BLOCK_SIZE / cbytes);
    }

    private String what() {
        return dataset + " " + codec + "-" + clevel + " impl=" + impl + " memory=" + memory;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        coder.close();
        arena.close();
    }

    /** Compresses every block into its slot. */
    @Benchmark
    @OperationsPerInvocation(DATA_MIB)
    public long compress() {
        long total = 0;
        for (int i = 0; i < BLOCKS; i++) {
            total += coder.compress(i);
        }
        return total;
    }

    /** Decompresses every block (compressed once in the setup) into the one output buffer. */
    @Benchmark
    @OperationsPerInvocation(DATA_MIB)
    public long decompress() {
        long total = 0;
        for (int i = 0; i < BLOCKS; i++) {
            total += coder.decompress(i);
        }
        return total;
    }

    // For tests: run the setup and one pass of each side outside JMH.
    CodecBlocks blocks() {
        return blocks;
    }
}
