package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When a Vector API kernel takes over from its scalar twin. HotSpot only turns Vector API calls into vector
 * instructions in code its optimizing compiler (C2) has compiled; until then a kernel runs 100 to 1,000 times slower
 * than compiled, and far slower than its scalar twin. In a fresh JVM (AMD Zen 5, JDK 25) bitshuffle of 4 MiB took 40
 * to 900 ms a call for the first 2.5 s, then 0.2 ms; the scalar twin takes 3.6 ms. So {@code blosc2 decompress} of a
 * 64 MiB bitshuffled frame took 4.0 s with the vector kernels and 1.5 s on the scalar twins.
 *
 * <p>So each kernel, for each typesize, starts on its scalar twin (bit-identical: the output does not change). Once
 * its calls have covered {@link #QUEUE_AFTER_BYTES} bytes it is queued on one daemon thread, {@code
 * blosc2-simd-warmup}, which runs the vector version and the scalar twin in turns on a {@value #WARM_BYTES}-byte
 * block, at least {@value #MIN_ROUNDS} times, until the vector version has taken at most twice the twin's best time
 * ({@link #SLACK_PERCENT}) {@value #STREAK} times in a row, or for {@value #MAX_WARM_MILLIS} ms at most. From then on
 * that kernel and typesize take the vector version.
 * {@code -Dblosc2.simd.warmup=off} uses the vector versions from their first call (for benchmarks, which warm up on
 * their own, and tests that must run the vector paths).
 */
final class VectorWarmup {
    /** The kernels that wait for their warm-up. */
    enum Kernel {
        SHUFFLE, UNSHUFFLE, BITSHUFFLE, BITUNSHUFFLE, DELTA_ENCODE, DELTA_DECODE, BYTEDELTA_ENCODE, BYTEDELTA_DECODE,
        TRUNC_PREC, INT_TRUNC,
        /** {@link ByteRun#isRun} (every stream a compressor writes), at typesize 0. */
        BYTE_RUN,
        /** {@link Adler32#update} (every zlib stream), at typesize 0. */
        ADLER32
    }

    /**
     * Bytes a kernel runs on its scalar twin before its warm-up is queued: work this short (a few hundred ms of the
     * slowest twin) is done before a warm-up could finish, which would then only have taken a processor from it
     * (on 2 cores with one busy elsewhere, {@code blosc2 decompress} of a 64 MiB bitshuffled frame: 4.3-4.8 s with
     * the warm-up queued at the first call, 2.7 s on the twins alone, 7.4-8.6 s on the cold vector kernels).
     */
    static final long QUEUE_AFTER_BYTES = 256L << 20;
    static final int WARM_BYTES = 64 * 1024;
    /**
     * Also run by the vector version (untimed) each round: a length that leaves elements and bytes over for every
     * typesize, and every 32nd round one of more than a tile (256 KiB) of the kernels that work in tiles. A branch the
     * warm-up never took is compiled as a trap back to the interpreter, and a real block that took it would send the
     * kernel back through its slow start.
     */
    static final int ODD_BYTES = WARM_BYTES - 77;
    static final int LARGE_BYTES = 320 * 1024;
    static final int STREAK = 5;
    /** Rounds run at least, so that the scalar twin, the yardstick, is compiled too (both start interpreted). */
    static final int MIN_ROUNDS = 200;
    /**
     * How much slower than its twin's best the vector version may be and count as warm: not compiled, it is 10 to
     * 1,000 times slower; compiled, at least as fast, but its single runs on a busy machine are compared with the
     * twin's best one.
     */
    static final int SLACK_PERCENT = 100;
    static final long MAX_WARM_MILLIS = 20_000;
    /** Typesizes above this share one state (they all take the kernels' general paths). */
    private static final int TYPESIZES = 256;
    private static final int COLD = 0;
    private static final int QUEUED = 1;
    private static final int WARM = 2;

    private static final VectorWarmup SHARED = new VectorWarmup(
            !"off".equalsIgnoreCase(System.getProperty("blosc2.simd.warmup", "")));

    /** Where the warm-ups of kernels that return a value put it, so that it is not computed for nothing. */
    private static volatile int sink;

    private final boolean background;
    private final AtomicIntegerArray states = new AtomicIntegerArray(Kernel.values().length * (TYPESIZES + 1));
    private final AtomicLongArray bytesSeen = new AtomicLongArray(states.length());
    private ExecutorService thread; // started by the first kernel queued

    VectorWarmup(boolean background) {
        this.background = background;
    }

    /**
     * Whether a call of {@code kernel} at {@code typesize} over {@code length} bytes takes the vector version (else the
     * scalar twin).
     */
    static boolean useVector(Kernel kernel, int typesize, long length) {
        return SimdSupport.VECTOR && SHARED.isWarm(kernel, typesize, length);
    }

    /**
     * Whether {@code kernel} at {@code typesize} is warm; if not, counts the {@code length} bytes of this call and
     * queues its warm-up (once) when they add up to {@link #QUEUE_AFTER_BYTES}.
     */
    boolean isWarm(Kernel kernel, int typesize, long length) {
        if (!background) {
            return true;
        }
        int key = kernel.ordinal() * (TYPESIZES + 1) + Math.clamp(typesize, 0, TYPESIZES);
        int state = states.get(key);
        if (state == WARM) {
            return true;
        }
        if (state == COLD && bytesSeen.addAndGet(key, length) >= QUEUE_AFTER_BYTES
                && states.compareAndSet(key, COLD, QUEUED)) {
            queue(() -> {
                try {
                    warm(kernel, Math.max(1, typesize));
                } finally {
                    states.set(key, WARM);
                }
            });
        }
        return false;
    }

    private synchronized void queue(Runnable job) {
        if (thread == null) {
            thread = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("blosc2-simd-warmup")
                    .unstarted(r));
        }
        thread.execute(job);
    }

    /** A kernel's call over a whole block of {@code length} bytes. */
    private interface Block {
        void run(MemorySegment src, MemorySegment dst, long length, int typesize);
    }

    /**
     * Runs both versions in turns until the vector one keeps up (see the class comment). Returns whether it did:
     * false after {@link #MAX_WARM_MILLIS}, or for a typesize the kernel refuses.
     */
    static boolean warm(Kernel kernel, int typesize) {
        Block vector = version(kernel, true);
        Block scalar = version(kernel, false);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(LARGE_BYTES, 64);
            MemorySegment dst = arena.allocate(LARGE_BYTES, 64);
            for (long i = 0; i + 4 <= LARGE_BYTES; i += 4) {
                src.set(ValueLayout.JAVA_INT_UNALIGNED, i, (int) ((i >>> 2) * 0x9E3779B1L >>> 9));
            }
            long deadline = System.nanoTime() + MAX_WARM_MILLIS * 1_000_000;
            long scalarBest = Long.MAX_VALUE;
            int streak = 0;
            for (int round = 0; round < MIN_ROUNDS || streak < STREAK; round++) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                long start = System.nanoTime();
                vector.run(src, dst, WARM_BYTES, typesize);
                long vectorNanos = System.nanoTime() - start;
                start = System.nanoTime();
                scalar.run(src, dst, WARM_BYTES, typesize);
                scalarBest = Math.min(scalarBest, System.nanoTime() - start);
                streak = vectorNanos * 100 <= scalarBest * (100 + SLACK_PERCENT) ? streak + 1 : 0;
                // the branches real blocks take too, so that the compiled code does not meet them first there
                vector.run(src, dst, ODD_BYTES, typesize);
                if (round % 32 == 31) {
                    vector.run(src, dst, LARGE_BYTES, typesize);
                }
            }
            return true;
        } catch (IllegalArgumentException e) {
            return false; // a typesize the kernel does not take (trunc-prec: 4 and 8 only): every call refuses it
        }
    }

    /** The vector version or the scalar twin of {@code kernel} (trunc-prec keeping 10 bits, int-trunc 4). */
    private static Block version(Kernel kernel, boolean vector) {
        return switch (kernel) {
            case SHUFFLE -> vector ? ShuffleVector::shuffle : ShuffleScalar::shuffle;
            case UNSHUFFLE -> vector ? VectorWarmup::unshuffleBothWays : ShuffleScalar::unshuffle;
            case BITSHUFFLE -> vector ? BitShuffleVector::bitshuffle : BitShuffleScalar::bitshuffle;
            case BITUNSHUFFLE -> vector ? BitShuffleVector::bitunshuffle : BitShuffleScalar::bitunshuffle;
            case DELTA_ENCODE -> vector ? (s, d, n, ts) -> DeltaVector.encode(s, 0, s, d, n, ts)
                    : (s, d, n, ts) -> DeltaScalar.encode(s, 0, s, d, n, ts);
            case DELTA_DECODE -> vector ? (s, d, n, ts) -> DeltaVector.decode(d, 0, d, n, ts)
                    : (s, d, n, ts) -> DeltaScalar.decode(d, 0, d, n, ts);
            case BYTEDELTA_ENCODE -> vector ? ByteDeltaVector::encode : ByteDeltaScalar::encode;
            case BYTEDELTA_DECODE -> vector ? ByteDeltaVector::decode : ByteDeltaScalar::decode;
            case TRUNC_PREC -> vector ? (s, d, n, ts) -> TruncPrecVector.truncate(s, d, n, ts, 10)
                    : (s, d, n, ts) -> TruncPrecScalar.truncate(s, d, n, ts, 10);
            case INT_TRUNC -> vector ? (s, d, n, ts) -> IntTruncVector.truncate(s, d, n, ts, 4)
                    : (s, d, n, ts) -> IntTruncScalar.truncate(s, d, n, ts, 4);
            // over dst, all zeros: a run to the end
            case BYTE_RUN -> vector ? (s, d, n, ts) -> sink = ByteRunVector.isRun(d, 0, n) ? 1 : 0
                    : (s, d, n, ts) -> sink = ByteRunScalar.isRun(d, 0, n) ? 1 : 0;
            case ADLER32 -> vector ? (s, d, n, ts) -> sink = Adler32Vector.update(1, s, 0, n)
                    : (s, d, n, ts) -> sink = Adler32Scalar.update(1, s, 0, n);
        };
    }

    /**
     * The vector unshuffle, and for the typesizes that have one the kernel that unshuffles rows lying in two places
     * (what decompression of split streams runs instead, see {@link Shuffle#unshufflesSplitRowsFast}), here over
     * rows laid end to end in {@code src}: the scalar twin's time then counts for both.
     */
    private static void unshuffleBothWays(MemorySegment src, MemorySegment dst, long length, int typesize) {
        ShuffleVector.unshuffle(src, dst, length / 2, typesize);
        if (ShuffleVector.hasSplitRowsKernel(typesize)) {
            long nel = length / 2 / typesize;
            ShuffleVector.unshuffleSplitRows(typesize, src, 0, nel, src, typesize / 2 * nel, nel, nel, dst, 0);
        } else {
            ShuffleVector.unshuffle(src, dst, length / 2, typesize);
        }
    }
}
