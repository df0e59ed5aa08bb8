package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.testutil.AllocationCounter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Decompressing a chunk into a caller's segment allocates nothing on the Java heap in steady state.
 *
 * <p>For each codec x filter pipeline, a chunk made by our compressor is decompressed into a native and into a heap
 * segment, on 1 and on 2 threads: first many times (so that C2 compiles the path), then a measured number of times,
 * counting the bytes allocated by the calling thread and by the block workers
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}). The least of a few rounds must be 0 bytes:
 * this counts bytes, not time, so it does not depend on the machine's speed. (The chunk layer and the codecs allocate
 * nothing by construction, interpreted or compiled; the warm-up is for the filter kernels, which rely on C2.)
 */
class DecompressAllocationTest {
    /** Bytes decompressed to warm up the first variant of a config. */
    private static final long WARMUP_BYTES = 16L << 20;
    /** Bytes decompressed to warm up the later variants of a config, whose code is already compiled. */
    private static final long REWARM_BYTES = 4L << 20;
    /** Bytes decompressed per measured round (at least {@value #MIN_CALLS} calls). */
    private static final long MEASURED_BYTES = 4L << 20;
    private static final int MIN_CALLS = 5;
    private static final int ROUNDS = 3;
    /** How long a variant that still allocates keeps being measured, waiting for C2. */
    private static final long JIT_GRACE_NANOS = 20_000_000_000L;

    private static Arena arena;
    /** Keeps {@link #theCounterSeesAnAllocation}'s array alive, so that no compiler can drop it. */
    static byte[] kept;

    /** One chunk to decompress: how it is compressed. */
    record Config(Codec codec, String pipeline, Filter[] filters, int typesize, int nbytes, int blocksize) {
        CParams cparams() {
            return CParams.builder().codec(codec).clevel(5).typesize(typesize).filters(filters)
                    .blocksize(blocksize).build();
        }

        @Override
        public String toString() {
            return codec.name().toLowerCase() + " " + pipeline + " ts" + typesize + " " + (nbytes >> 10) + " KiB";
        }
    }

    @BeforeAll
    static void open() {
        assertTrue(AllocationCounter.supported(), "this JVM cannot count allocated bytes per thread");
        arena = Arena.ofShared();
    }

    @AfterAll
    static void close() {
        arena.close();
    }

    static List<Config> configs() {
        List<Config> configs = new ArrayList<>();
        for (Codec codec : new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.LZ4HC, Codec.ZLIB, Codec.ZSTD}) {
            // 256 KiB chunks of 64 KiB blocks (4 blocks, so that 2 threads share them), and one bigger chunk per codec
            // with the automatic blocksize: 4 MiB for the fast decoders, 1 MiB for the others.
            boolean fast = codec == Codec.LZ4 || codec == Codec.BLOSCLZ;
            configs.add(new Config(codec, "nofilter", new Filter[] {}, 8, 256 << 10, 64 << 10));
            configs.add(new Config(codec, "nofilter", new Filter[] {}, 4, fast ? 4 << 20 : 1 << 20, 0));
            configs.add(new Config(codec, "shuffle", new Filter[] {Filter.SHUFFLE}, 4, 256 << 10, 64 << 10));
            configs.add(new Config(codec, "shuffle", new Filter[] {Filter.SHUFFLE}, 8, fast ? 4 << 20 : 1 << 20, 0));
            configs.add(new Config(codec, "bitshuffle", new Filter[] {Filter.BITSHUFFLE}, 4, 256 << 10, 64 << 10));
            configs.add(new Config(codec, "delta+shuffle", new Filter[] {Filter.DELTA, Filter.SHUFFLE}, 8, 256 << 10,
                    64 << 10));
        }
        return configs;
    }

    @Test
    void theCounterSeesAnAllocation() {
        long start = AllocationCounter.current();
        kept = new byte[1000];
        long end = AllocationCounter.current();
        assertTrue(end - start >= kept.length, "counted " + (end - start) + " bytes for a 1000-byte array");
    }

    /** Special-value chunks (zeros, NaN, a repeated value), which hold no blocks: filling them allocates nothing. */
    @Test
    void specialChunksAllocateNothing() {
        int nbytes = 1 << 20;
        byte[][] chunks = {Blosc2.zeros(nbytes, 8), Blosc2.nans(nbytes, 8), Blosc2.nans(nbytes, 4),
            Blosc2.repeatValue(nbytes, new byte[] {1, 2, 3, 4, 5, 6, 7, 8})};
        for (byte[] chunk : chunks) {
            for (boolean heap : new boolean[] {false, true}) {
                MemorySegment src = heap ? MemorySegment.ofArray(chunk)
                        : arena.allocate(chunk.length).copyFrom(MemorySegment.ofArray(chunk));
                MemorySegment dst = heap ? MemorySegment.ofArray(new byte[nbytes]) : arena.allocate(nbytes);
                DParams dparams = DParams.defaults();
                Blosc2.decompress(src, dst, dparams);
                assertEquals(-1, dst.mismatch(MemorySegment.ofArray(Blosc2.decompress(chunk))),
                        "decompressed bytes differ");
                long bytes = allocatedBytes(src, dst, dparams, 50, 20, ROUNDS);
                assertEquals(0, bytes, Blosc2.info(chunk).special() + (heap ? ", heap" : ", native")
                        + ": bytes allocated by 20 calls");
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> decompressionIntoACallersSegmentAllocatesNothing() {
        return configs().stream().map(config -> DynamicTest.dynamicTest(config.toString(), () -> check(config)));
    }

    private static void check(Config config) {
        byte[] data = walk(config.nbytes(), config.typesize());
        byte[] chunk = Blosc2.compress(data, config.cparams());
        MemorySegment nativeChunk = arena.allocate(chunk.length, 64).copyFrom(MemorySegment.ofArray(chunk));
        MemorySegment heapChunk = MemorySegment.ofArray(chunk);
        MemorySegment nativeDst = arena.allocate(config.nbytes(), 64);
        MemorySegment heapDst = MemorySegment.ofArray(new byte[config.nbytes()]);
        MemorySegment expected = MemorySegment.ofArray(data);

        List<String> allocating = new ArrayList<>();
        long warmup = WARMUP_BYTES;
        for (int nthreads = 1; nthreads <= 2; nthreads++) {
            DParams dparams = new DParams(nthreads);
            for (boolean heap : new boolean[] {false, true}) {
                MemorySegment src = heap ? heapChunk : nativeChunk;
                MemorySegment dst = heap ? heapDst : nativeDst;
                dst.fill((byte) 0);
                assertEquals(config.nbytes(), Blosc2.decompress(src, dst, dparams));
                assertEquals(-1, dst.mismatch(expected), "decompressed bytes differ");
                int calls = (int) Math.max(MIN_CALLS, MEASURED_BYTES / config.nbytes());
                long bytes = allocatedBytes(src, dst, dparams, (int) (warmup / config.nbytes()), calls, ROUNDS);
                warmup = REWARM_BYTES;
                String what = config + ", " + (heap ? "heap" : "native") + " chunk and destination, nthreads "
                        + nthreads + ": " + (double) bytes / calls + " bytes/call";
                System.out.println("[alloc] " + what);
                if (bytes != 0) {
                    allocating.add(what);
                }
            }
        }
        assertTrue(allocating.isEmpty(), "decompression allocated: " + allocating);
    }

    /**
     * The least number of bytes {@code calls} calls allocated, over {@code rounds} rounds, and while that is not 0,
     * more rounds for up to {@link #JIT_GRACE_NANOS}.
     */
    private static long allocatedBytes(MemorySegment src, MemorySegment dst, DParams dparams, int warmup,
            int calls, int rounds) {
        for (int i = 0; i < warmup; i++) {
            Blosc2.decompress(src, dst, dparams);
        }
        long least = Long.MAX_VALUE;
        // at least `rounds` rounds; while it still allocates, more rounds for up to JIT_GRACE_NANOS (the vector
        // kernels box their vectors until C2 has compiled them, which takes seconds on a loaded machine)
        long deadline = System.nanoTime() + JIT_GRACE_NANOS;
        for (int round = 0; least > 0 && (round < rounds || System.nanoTime() < deadline); round++) {
            long[] workers = workerIds();
            long[] before = AllocationCounter.of(workers);
            long start = AllocationCounter.current();
            for (int i = 0; i < calls; i++) {
                Blosc2.decompress(src, dst, dparams);
            }
            long end = AllocationCounter.current();
            long[] after = AllocationCounter.of(workers);
            long total = end - start;
            for (int w = 0; w < workers.length; w++) {
                if (before[w] >= 0 && after[w] >= 0) {
                    total += after[w] - before[w];
                }
            }
            least = Math.min(least, total);
        }
        return least;
    }

    /**
     * A walk of {@code typesize}-byte little-endian integers (small random steps): every codec finds matches in it
     * with or without filters, and shuffled, its high bytes become runs, so codec streams, runs and raw copies all
     * get decoded.
     */
    private static byte[] walk(int nbytes, int typesize) {
        byte[] b = new byte[nbytes];
        SplittableRandom r = new SplittableRandom(42);
        long v = 1_000_000;
        for (int i = 0; i + typesize <= nbytes; i += typesize) {
            v += r.nextInt(16) - 4;
            for (int k = 0; k < typesize; k++) {
                b[i + k] = (byte) (v >>> (8 * Math.min(k, 7)));
            }
        }
        return b;
    }

    /** The ids of the threads that decode blocks for other threads ({@link WorkerPool}). */
    private static long[] workerIds() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("blosc2-block-worker"))
                .mapToLong(Thread::threadId)
                .toArray();
    }
}
