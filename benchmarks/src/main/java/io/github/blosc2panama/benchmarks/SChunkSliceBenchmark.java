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
import java.util.Random;
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
 * Super-chunk slices, ours ({@link SuperChunk#getSlice(long, long, MemorySegment)}) against C-Blosc2's
 * {@code blosc2_schunk_get_slice_buffer}, on the same frame (written by us in the trial setup, opened once by
 * each side outside the timing), one thread, into the same reused native buffer. The frame: {@value #NCHUNKS}
 * chunks of {@value #CHUNK_ITEMS} int32 (16 KiB; zstd 5, shuffle, python-blosc2's defaults), a noisy ramp, as a
 * contiguous file or a sparse directory. Regions: {@code items} 10 items inside one chunk, {@code cross} 1,000
 * items across the border of two chunks, {@code chunks} 16 whole chunks; all in the middle of the frame.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SChunkSliceBenchmark {
    static final int NCHUNKS = 10_000;
    static final int CHUNK_ITEMS = 4096;
    private static final int ITEM = 4;

    @Param({"contiguous", "sparse"})
    public String storage;

    @Param({"java", "c"})
    public String impl;

    @Param({"items", "cross", "chunks"})
    public String region;

    private Path dir;
    private SuperChunk ours;
    private CSChunk c;
    private Arena arena;
    private MemorySegment dst;
    private long startItem;
    private long stopItem;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        VectorModule.require();
        dir = Files.createTempDirectory("schunkslice");
        TempFiles.deleteIfThrows(dir, this::prepare);
    }

    /** The rest of the setup, in {@link #dir}. */
    private void prepare() throws IOException {
        Path frame = dir.resolve("f.b2frame");
        write(storage.equals("sparse") ? Storage.sparse(frame) : Storage.contiguous(frame));
        long middle = (long) NCHUNKS / 2 * CHUNK_ITEMS;
        switch (region) {
            case "items" -> {
                startItem = middle + 1000;
                stopItem = startItem + 10;
            }
            case "cross" -> {
                startItem = middle - 500;
                stopItem = middle + 500;
            }
            case "chunks" -> {
                startItem = middle;
                stopItem = middle + 16L * CHUNK_ITEMS;
            }
            default -> throw new IllegalArgumentException("region " + region);
        }
        arena = Arena.ofShared();
        dst = arena.allocate((stopItem - startItem) * ITEM, 64);
        if (impl.equals("java")) {
            ours = SuperChunk.open(frame);
        } else {
            c = new CSChunk(frame);
        }
        slice();
        MemorySegment first = arena.allocate(dst.byteSize()).copyFrom(dst);
        for (long i = startItem; i < stopItem; i++) {
            if (first.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i - startItem) != value(i)) {
                throw new IllegalStateException(impl + " read item " + i + " wrong");
            }
        }
    }

    private static int value(long i) {
        return (int) (i / 3 + (i * 2654435761L >>> 40) % 8);
    }

    /** The frame: a noisy ramp of NCHUNKS x CHUNK_ITEMS int32, in chunks of CHUNK_ITEMS items. */
    private static void write(Storage where) {
        CParams p = CParams.builder().codec(Codec.ZSTD).clevel(5).typesize(ITEM).build();
        MemorySegment data = Arena.ofAuto().allocate((long) NCHUNKS * CHUNK_ITEMS * ITEM, 64);
        for (long i = 0; i < (long) NCHUNKS * CHUNK_ITEMS; i++) {
            data.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), i, value(i));
        }
        try (SuperChunk sc = SuperChunk.create(where.durable(false), p, CHUNK_ITEMS * ITEM)) {
            sc.extend(data);
        }
    }

    @Benchmark
    public byte slice() {
        if (ours != null) {
            ours.getSlice(startItem * ITEM, stopItem * ITEM, dst);
        } else {
            c.getSlice(startItem, stopItem, dst, dst.byteSize());
        }
        return dst.get(ValueLayout.JAVA_BYTE, dst.byteSize() - 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (ours != null) {
            ours.close();
        }
        if (c != null) {
            c.close();
        }
        arena.close();
        TempFiles.delete(dir);
    }
}
