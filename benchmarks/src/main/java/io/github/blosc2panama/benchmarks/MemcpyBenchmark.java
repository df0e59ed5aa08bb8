package io.github.blosc2panama.benchmarks;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.blosc2panama.core.data.Datasets;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memcpy baseline, shaped like {@link ChunkBenchmark}: {@value ChunkBenchmark#DATASET_MIB} MiB copied
 * 4 MiB at a time into one reused 4 MiB buffer, with {@code MemorySegment.copy} and with libc's
 * {@code memcpy} (through FFM). <b>One operation is one MiB</b>: GB/s = score x 1.048576 / 1000.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class MemcpyBenchmark {
    private static final int CHUNK = ChunkBenchmark.CHUNK_BYTES;
    private static final MethodHandle MEMCPY = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("memcpy").orElseThrow(),
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));

    private Arena arena;
    private MemorySegment[] data;
    private MemorySegment out;

    @Setup(Level.Trial)
    public void setup() {
        arena = Arena.ofShared();
        MemorySegment all = arena.allocate((long) ChunkBenchmark.CHUNKS * CHUNK, 64);
        Datasets.F64_NOISE.fill(all);
        out = arena.allocate(CHUNK, 64);
        data = new MemorySegment[ChunkBenchmark.CHUNKS];
        for (int i = 0; i < data.length; i++) {
            data[i] = all.asSlice((long) i * CHUNK, CHUNK);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    @OperationsPerInvocation(ChunkBenchmark.DATASET_MIB)
    public MemorySegment segmentCopy() {
        for (MemorySegment chunk : data) {
            MemorySegment.copy(chunk, 0, out, 0, CHUNK);
        }
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(ChunkBenchmark.DATASET_MIB)
    public MemorySegment libcMemcpy() throws Throwable {
        MemorySegment r = out;
        for (MemorySegment chunk : data) {
            r = (MemorySegment) MEMCPY.invokeExact(out, chunk, (long) CHUNK);
        }
        return r;
    }
}
