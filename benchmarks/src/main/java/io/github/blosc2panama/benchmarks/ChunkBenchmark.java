package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
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
 * Chunk compression and decompression, ours ({@code impl=java}, the {@link Blosc2} facade) against
 * C-Blosc2 ({@code impl=c}, {@link io.github.blosc2panama.cbaseline.CBlosc2}), on the DATASETS.md datasets and configurations.
 *
 * <p>Each invocation compresses (or decompresses) the first {@value #DATASET_MIB} MiB of the dataset as
 * {@value #CHUNKS} chunks of 4 MiB. <b>One operation is one MiB of uncompressed data</b>, so the score
 * (ops/s) is MiB/s; GB/s (10^9 bytes/s, the DATASETS.md unit) = score x 1.048576 / 1000.
 *
 * <p>Both sides get the same best case: all buffers are native segments allocated once in the setup,
 * one reused output buffer per direction, C contexts created once, no copies or checks in the timed loop.
 * The setup checks once, outside the timing, that every chunk decompresses back to its data.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class ChunkBenchmark {
    static final int CHUNK_BYTES = 4 << 20;
    static final int CHUNKS = 4;
    static final int DATASET_MIB = 16;

    /**
     * How many chunks the setup cuts from the dataset: {@link #CHUNKS} for JMH (its score counts
     * {@value #DATASET_MIB} MiB per invocation); {@link Alternating} may take more, up to the whole 64 MiB.
     */
    int chunkCount = CHUNKS;

    @Param({"f64_noise", "i32_arange", "i64_walk", "text"})
    public String dataset;

    @Param({"blosclz-5-shuffle", "lz4-5-shuffle", "lz4-5-bitshuffle", "lz4hc-5-shuffle", "zstd-1-shuffle",
        "zstd-5-bitshuffle", "zlib-5-shuffle"})
    public String config;

    @Param({"1", "2"})
    public int nthreads;

    @Param({"java", "c"})
    public String impl;

    private Arena arena;
    private ChunkCodec codec;
    private MemorySegment[] data;
    private MemorySegment[] chunks;
    private MemorySegment compressOut;
    private MemorySegment decompressOut;

    @Setup(Level.Trial)
    public void setup() {
        VectorModule.require();
        Dataset ds = Datasets.dataset(dataset);
        CParams params = Datasets.configuration(config).cparams(ds.typesize(), nthreads);
        arena = Arena.ofShared();
        MemorySegment all = arena.allocate((long) chunkCount * CHUNK_BYTES, 64);
        ds.fill(all);
        codec = ChunkCodec.of(impl, params);
        long capacity = Blosc2.maxCompressedSize(CHUNK_BYTES);
        compressOut = arena.allocate(capacity, 64);
        decompressOut = arena.allocate(CHUNK_BYTES, 64);
        data = new MemorySegment[chunkCount];
        chunks = new MemorySegment[chunkCount];
        long cbytes = 0;
        for (int i = 0; i < chunkCount; i++) {
            data[i] = all.asSlice((long) i * CHUNK_BYTES, CHUNK_BYTES);
            long n = codec.compress(data[i], compressOut);
            if (n <= 0) {
                throw new IllegalStateException(impl + " " + config + ": compressing chunk " + i + " returned " + n);
            }
            chunks[i] = arena.allocate(n, 64).copyFrom(compressOut.asSlice(0, n));
            long back = codec.decompress(chunks[i], decompressOut);
            if (back != CHUNK_BYTES || decompressOut.mismatch(data[i]) != -1) {
                throw new IllegalStateException(impl + " " + config + ": chunk " + i + " does not round-trip (got "
                        + back + " bytes, first difference at " + decompressOut.mismatch(data[i]) + ")");
            }
            cbytes += n;
        }
        System.out.printf("%n[chunk] %s %s nthreads=%d impl=%s: ratio %.2f%n", dataset, config, nthreads, impl,
                (double) chunkCount * CHUNK_BYTES / cbytes);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        codec.close();
        arena.close();
    }

    @Benchmark
    @OperationsPerInvocation(DATASET_MIB)
    public long compress() {
        long total = 0;
        for (MemorySegment chunk : data) {
            total += codec.compress(chunk, compressOut);
        }
        return total;
    }

    @Benchmark
    @OperationsPerInvocation(DATASET_MIB)
    public long decompress() {
        long total = 0;
        for (MemorySegment chunk : chunks) {
            total += codec.decompress(chunk, decompressOut);
        }
        return total;
    }
}
