package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CB2nd;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * b2nd slice reads, ours ({@link NDArray#getSlice(long[], long[], MemorySegment)}) against C-Blosc2's
 * {@code b2nd_get_slice_cbuffer} on the same {@code .b2nd} file (written by us in the trial setup). Both
 * sides open the file once outside the timing, read with one thread into the same reused native buffer,
 * read for 3 s in the trial setup (JIT warm-up, see {@link #setup()}), and are timed per slice. Three arrays:
 * <ul>
 *   <li>{@code f64_2d}: 2000 x 2000 float64 (zstd 5, shuffle), chunks 500 x 500, blocks 50 x 100, a
 *       noisy ramp; no padding.</li>
 *   <li>{@code i32_3d}: 150 x 200 x 250 int32 (lz4 5, shuffle), chunks 64 x 64 x 64, blocks
 *       16 x 16 x 32, a noisy linear field; edge chunks padded in every dimension.</li>
 *   <li>{@code f32_4d}: 40 x 50 x 60 x 70 float32 (zstd 1, bitshuffle), chunks 16 x 16 x 32 x 32,
 *       blocks 8 x 8 x 8 x 16, a quantized noisy wave; edge chunks padded in every dimension.</li>
 * </ul>
 * Regions: {@code row} one line along the last axis, {@code column} one line along the first axis,
 * {@code cube} a small box crossing chunk boundaries in every dimension (20 x 20, 20^3, 8^4), {@code all}
 * the whole array (30-34 MB).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SliceBenchmark {
    /** How long the trial setup reads before JMH's warmup (both sides). */
    static final long PRE_WARMUP_NANOS = 3_000_000_000L;

    @Param({"f64_2d", "i32_3d", "f32_4d"})
    public String array;

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
    private int itemsize;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        VectorModule.require();
        dir = Files.createTempDirectory("slicebench");
        TempFiles.deleteIfThrows(dir, this::prepare);
    }

    /** The rest of the setup, in {@link #dir}. */
    private void prepare() throws IOException {
        Path file = dir.resolve("a.b2nd");
        long[] shape = write(file);
        int nd = shape.length;
        start = new long[nd];
        stop = shape.clone();
        switch (region) {
            case "row" -> {
                for (int i = 0; i < nd - 1; i++) {
                    start[i] = shape[i] / 2 + 1;
                    stop[i] = start[i] + 1;
                }
            }
            case "column" -> {
                for (int i = 1; i < nd; i++) {
                    start[i] = shape[i] / 2 + 1;
                    stop[i] = start[i] + 1;
                }
            }
            case "cube" -> {
                long[] lo = switch (array) {
                    case "f64_2d" -> new long[] {990, 990};
                    case "i32_3d" -> new long[] {54, 54, 54};
                    default -> new long[] {12, 12, 28, 28};
                };
                int side = nd == 4 ? 8 : 20;
                for (int i = 0; i < nd; i++) {
                    start[i] = lo[i];
                    stop[i] = lo[i] + side;
                }
            }
            case "all" -> { }
            default -> throw new IllegalArgumentException("region " + region);
        }
        long items = 1;
        for (int i = 0; i < nd; i++) {
            items *= stop[i] - start[i];
        }
        nbytes = items * itemsize;
        arena = Arena.ofShared();
        dst = arena.allocate(nbytes, 64);
        if (impl.equals("java")) {
            ours = NDArray.open(file);
        } else {
            c = new CB2nd(file, nd);
        }
        // Both sides read for a while before JMH's own warmup: C is compiled ahead of time, while our read path
        // needs the JIT, which a short warmup (-wi 2 -w 1s) on a loaded machine does not leave time for; without
        // this, the first measured iterations of ours ran partly interpreted (several times slower, huge errors).
        long end = System.nanoTime() + PRE_WARMUP_NANOS;
        do {
            slice();
        } while (System.nanoTime() < end);
    }

    /** Writes the array named by {@link #array} to {@code file}; returns its shape. */
    private long[] write(Path file) {
        Random r = new Random(5);
        switch (array) {
            case "f64_2d" -> {
                int n = 2000;
                double[] v = new double[n * n];
                for (int i = 0; i < v.length; i++) {
                    v[i] = i * 0.001 + r.nextInt(16) * 0.125;
                }
                CParams p = CParams.builder().codec(Codec.ZSTD).clevel(5).build();
                itemsize = 8;
                NDArray.builder(DType.FLOAT64, n, n).chunkshape(500, 500).blockshape(50, 100).cparams(p)
                        .storage(Storage.contiguous(file)).fromArray(v).close();
                return new long[] {n, n};
            }
            case "i32_3d" -> {
                int a = 150;
                int b = 200;
                int c3 = 250;
                int[] v = new int[a * b * c3];
                int k = 0;
                for (int i = 0; i < a; i++) {
                    for (int j = 0; j < b; j++) {
                        for (int l = 0; l < c3; l++) {
                            v[k++] = i * 7000 + j * 30 + l + r.nextInt(8);
                        }
                    }
                }
                CParams p = CParams.builder().codec(Codec.LZ4).clevel(5).build();
                itemsize = 4;
                NDArray.builder(DType.INT32, a, b, c3).chunkshape(64, 64, 64).blockshape(16, 16, 32).cparams(p)
                        .storage(Storage.contiguous(file)).fromArray(v).close();
                return new long[] {a, b, c3};
            }
            case "f32_4d" -> {
                int[] s = {40, 50, 60, 70};
                float[] v = new float[s[0] * s[1] * s[2] * s[3]];
                for (int i = 0; i < v.length; i++) {
                    v[i] = Math.round((float) Math.sin(i * 1e-3) * 1000f + r.nextInt(4)) / 16f;
                }
                CParams p = CParams.builder().codec(Codec.ZSTD).clevel(1)
                        .filters(Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER,
                                Filter.BITSHUFFLE).build();
                itemsize = 4;
                NDArray.builder(DType.FLOAT32, s[0], s[1], s[2], s[3]).chunkshape(16, 16, 32, 32)
                        .blockshape(8, 8, 8, 16).cparams(p).storage(Storage.contiguous(file)).fromArray(v).close();
                return new long[] {s[0], s[1], s[2], s[3]};
            }
            default -> throw new IllegalArgumentException("array " + array);
        }
    }

    @Benchmark
    public byte slice() {
        if (ours != null) {
            ours.getSlice(start, stop, dst);
        } else {
            c.getSlice(start, stop, dst, nbytes);
        }
        return dst.get(ValueLayout.JAVA_BYTE, nbytes - 1);
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
