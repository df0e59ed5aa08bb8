package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CB2nd;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * b2nd slice reads, ours ({@link NDArray#getSlice(long[], long[], MemorySegment)}) against C-Blosc2's
 * {@code b2nd_get_slice_cbuffer} on the same {@code .b2nd} file: a 2000 x 2000 float64 array (zstd 5,
 * shuffle, chunks 500 x 500, blocks 50 x 100) of a noisy ramp, read as one row, one column, a 20 x 20
 * cube in the middle, and the whole array. Single thread both sides; time per slice.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SliceBenchmark {
    static final int N = 2000;

    @Param({"java", "c"})
    public String impl;

    @Param({"row", "column", "cube", "all"})
    public String region;

    private Path dir;
    private NDArray ours;
    private CB2nd c;
    private Arena arena;
    private MemorySegment dst;
    private long[] start;
    private long[] stop;
    private long nbytes;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        dir = Files.createTempDirectory("slicebench");
        Path file = dir.resolve("a.b2nd");
        double[] v = new double[N * N];
        java.util.Random r = new java.util.Random(5);
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 0.001 + r.nextInt(16) * 0.125;
        }
        CParams p = CParams.builder().codec(Codec.ZSTD).clevel(5).build();
        NDArray.builder(DType.FLOAT64, N, N).chunkshape(500, 500).blockshape(50, 100).cparams(p)
                .storage(Storage.contiguous(file)).fromArray(v).close();
        switch (region) {
            case "row" -> {
                start = new long[] {1234, 0};
                stop = new long[] {1235, N};
            }
            case "column" -> {
                start = new long[] {0, 1234};
                stop = new long[] {N, 1235};
            }
            case "cube" -> {
                start = new long[] {990, 990};
                stop = new long[] {1010, 1010};
            }
            default -> {
                start = new long[] {0, 0};
                stop = new long[] {N, N};
            }
        }
        nbytes = (stop[0] - start[0]) * (stop[1] - start[1]) * 8;
        arena = Arena.ofShared();
        dst = arena.allocate(nbytes, 64);
        if (impl.equals("java")) {
            ours = NDArray.open(file);
        } else {
            c = new CB2nd(file, 2);
        }
    }

    @Benchmark
    public double slice() {
        if (ours != null) {
            ours.getSlice(start, stop, dst);
        } else {
            c.getSlice(start, stop, dst, nbytes);
        }
        return dst.get(ValueLayout.JAVA_DOUBLE, nbytes - 8);
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
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
