package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CSChunk;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writing a new frame of {@value #NCHUNKS} chunks of 16 KiB (32 MiB of int32, a noisy ramp; zstd 5, shuffle),
 * one thread, into a file or a directory removed before each write. {@code c}: C-Blosc2's
 * {@code blosc2_schunk_new} and one {@code blosc2_schunk_append_buffer} per chunk (as python-blosc2's
 * {@code append_data} loop does; C never fsyncs). {@code java}: our {@link SuperChunk#extend(MemorySegment)} with
 * {@code durable(false)} (no fsync, as C); {@code java-durable}: the same on our default durable storage (fsync per
 * commit); {@code java-append}: one {@link SuperChunk#append(MemorySegment)} per chunk, {@code durable(false)},
 * C's pattern.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class SChunkWriteBenchmark {
    static final int NCHUNKS = 2048;
    static final int CHUNK_BYTES = 16 << 10;
    private static final CParams PARAMS = CParams.builder().codec(Codec.ZSTD).clevel(5).typesize(4).build();

    @Param({"contiguous", "sparse"})
    public String storage;

    @Param({"java", "java-durable", "java-append", "c"})
    public String impl;

    private Path dir;
    private Path frame;
    private Arena arena;
    private MemorySegment data;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        VectorModule.require();
        dir = Files.createTempDirectory("schunkwrite");
        TempFiles.deleteIfThrows(dir, this::prepare);
    }

    /** The rest of the setup, in {@link #dir}. */
    private void prepare() throws IOException {
        frame = dir.resolve("f.b2frame");
        arena = Arena.ofShared();
        data = arena.allocate((long) NCHUNKS * CHUNK_BYTES, 64);
        for (long i = 0; i < data.byteSize() / 4; i++) {
            data.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), i,
                    (int) (i / 3 + (i * 2654435761L >>> 40) % 8));
        }
        removeFrame();
        write();
        try (SuperChunk sc = SuperChunk.open(frame)) {
            if (sc.nchunks() != NCHUNKS || sc.nbytes() != data.byteSize()) {
                throw new IllegalStateException(impl + " wrote " + sc.nchunks() + " chunks, " + sc.nbytes() + " bytes");
            }
            MemorySegment back = arena.allocate(CHUNK_BYTES);
            sc.decompressChunk(NCHUNKS - 1, back);
            if (back.mismatch(data.asSlice(data.byteSize() - CHUNK_BYTES)) != -1) {
                throw new IllegalStateException(impl + " wrote a last chunk that reads back wrong");
            }
        }
    }

    /** Outside the timing: each write makes a new frame. */
    @Setup(Level.Invocation)
    public void removeFrame() throws IOException {
        TempFiles.delete(frame);
    }

    @Benchmark
    public long write() throws IOException {
        boolean sparse = storage.equals("sparse");
        if (impl.equals("c")) {
            return CSChunk.write(frame, !sparse, PARAMS, data, CHUNK_BYTES);
        }
        Storage where = sparse ? Storage.sparse(frame) : Storage.contiguous(frame);
        try (SuperChunk sc = SuperChunk.create(impl.equals("java-durable") ? where : where.durable(false), PARAMS,
                CHUNK_BYTES)) {
            if (impl.equals("java-append")) {
                for (long pos = 0; pos < data.byteSize(); pos += CHUNK_BYTES) {
                    sc.append(data.asSlice(pos, CHUNK_BYTES));
                }
            } else {
                sc.extend(data);
            }
            return sc.nchunks();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        TempFiles.delete(dir);
        arena.close();
    }
}
