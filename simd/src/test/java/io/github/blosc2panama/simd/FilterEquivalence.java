package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Runs a DELTA / BYTEDELTA / TRUNC_PREC / INT_TRUNC vector kernel and its scalar twin on the same input (same offsets,
 * same garbage-filled destination, same reference block, same meta) and compares the whole destination byte for byte,
 * or, when the scalar twin refuses the arguments, that the vector kernel refuses them with the same exception and
 * message. Used by {@link FilterVectorEquivalenceTest} and, for forced vector widths, by
 * {@link FilterEquivalenceMain} in a child JVM.
 */
final class FilterEquivalence {
    /** A kernel over (src, ref, dst); in-place kernels work on dst, which then starts as a copy of src. */
    interface Kernel {
        void run(MemorySegment src, MemorySegment ref, MemorySegment dst, long length, int typesize, int meta);
    }

    /**
     * One kernel pair under test; {@code metas} are the meta values cycled through (one per case), valid and invalid.
     */
    record Pair(String name, Kernel vector, Kernel scalar, boolean inPlace, int[] metas) {
    }

    private static final int[] NO_META = {0};
    /** Valid for floats and doubles, valid for doubles only, and invalid for both. */
    static final int[] TRUNC_PREC_METAS = {10, -7, 1, 22, -22, 23, 40, -51, 0, 53, -100, 200, 233, 256};
    /** Valid for some widths and invalid for others (C casts the meta byte to int8). */
    static final int[] INT_TRUNC_METAS = {3, -3, 1, 7, 8, -7, 15, -15, 31, -31, 63, -63, 0, 64, -64, 9, 200, 255, -129};

    static List<Pair> pairs() {
        return List.of(
                new Pair("delta encode, first block", (s, r, d, n, ts, m) -> DeltaVector.encode(s, 0, s, d, n, ts),
                        (s, r, d, n, ts, m) -> DeltaScalar.encode(s, 0, s, d, n, ts), false, NO_META),
                new Pair("delta encode, other block", (s, r, d, n, ts, m) -> DeltaVector.encode(r, 4096, s, d, n, ts),
                        (s, r, d, n, ts, m) -> DeltaScalar.encode(r, 4096, s, d, n, ts), false, NO_META),
                new Pair("delta decode, first block in place",
                        (s, r, d, n, ts, m) -> DeltaVector.decode(d, 0, d, n, ts),
                        (s, r, d, n, ts, m) -> DeltaScalar.decode(d, 0, d, n, ts), true, NO_META),
                new Pair("delta decode, first block, separate reference",
                        (s, r, d, n, ts, m) -> DeltaVector.decode(r, 0, d, n, ts),
                        (s, r, d, n, ts, m) -> DeltaScalar.decode(r, 0, d, n, ts), true, NO_META),
                new Pair("delta decode, other block", (s, r, d, n, ts, m) -> DeltaVector.decode(r, 1, d, n, ts),
                        (s, r, d, n, ts, m) -> DeltaScalar.decode(r, 1, d, n, ts), true, NO_META),
                new Pair("bytedelta encode", (s, r, d, n, ts, m) -> ByteDeltaVector.encode(s, d, n, ts),
                        (s, r, d, n, ts, m) -> ByteDeltaScalar.encode(s, d, n, ts), false, NO_META),
                new Pair("bytedelta decode", (s, r, d, n, ts, m) -> ByteDeltaVector.decode(s, d, n, ts),
                        (s, r, d, n, ts, m) -> ByteDeltaScalar.decode(s, d, n, ts), false, NO_META),
                new Pair("trunc_prec", (s, r, d, n, ts, m) -> TruncPrecVector.truncate(s, d, n, ts, m),
                        (s, r, d, n, ts, m) -> TruncPrecScalar.truncate(s, d, n, ts, m), false, TRUNC_PREC_METAS),
                new Pair("trunc_prec in place", (s, r, d, n, ts, m) -> TruncPrecVector.truncate(d, d, n, ts, m),
                        (s, r, d, n, ts, m) -> TruncPrecScalar.truncate(d, d, n, ts, m), true, TRUNC_PREC_METAS),
                new Pair("int_trunc", (s, r, d, n, ts, m) -> IntTruncVector.truncate(s, d, n, ts, m),
                        (s, r, d, n, ts, m) -> IntTruncScalar.truncate(s, d, n, ts, m), false, INT_TRUNC_METAS),
                new Pair("int_trunc in place", (s, r, d, n, ts, m) -> IntTruncVector.truncate(d, d, n, ts, m),
                        (s, r, d, n, ts, m) -> IntTruncScalar.truncate(d, d, n, ts, m), true, INT_TRUNC_METAS));
    }

    private static final int[][] OFFSETS = {{0, 0, 0}, {1, 3, 5}, {7, 0, 2}, {5, 13, 0}};

    private final byte[] pool;
    private long cases;
    private long refused;

    FilterEquivalence(long seed, int maxLength) {
        pool = new byte[maxLength + 128];
        SplittableRandom r = new SplittableRandom(seed);
        r.nextBytes(pool);
        // runs of repeated and slowly changing bytes too, so that deltas hit 0, 1 and 255 often
        for (int k = 0; k + 4096 <= pool.length; k += 16384) {
            for (int i = 0; i < 4096; i++) {
                pool[k + i] = (byte) (i / 7);
            }
        }
    }

    long cases() {
        return cases;
    }

    /** Cases where both twins refused the arguments (with equal exceptions). */
    long refused() {
        return refused;
    }

    /**
     * Checks one case; {@code variant} picks the offsets, heap/native placement and meta, so that a sweep over lengths
     * visits them all.
     */
    void check(Pair pair, int length, int typesize, int variant, Arena arena) {
        int[] off = OFFSETS[variant % OFFSETS.length];
        boolean nativeSrc = (variant / OFFSETS.length) % 2 == 1;
        boolean nativeDst = (variant / (2 * OFFSETS.length)) % 2 == 1;
        int meta = pair.metas()[(variant / (4 * OFFSETS.length) + variant) % pair.metas().length];
        int start = variant % 61;
        byte[] data = Arrays.copyOfRange(pool, start, start + length);
        byte[] refData = Arrays.copyOfRange(pool, start + 64, start + 64 + length);
        MemorySegment src = TestData.place(data, off[0], nativeSrc ? arena : null);
        MemorySegment ref = TestData.place(refData, off[2], nativeDst ? null : arena);
        MemorySegment expected = TestData.blank(length, off[1], nativeDst ? arena : null, (byte) 0xA5);
        MemorySegment actual = TestData.blank(length, off[1], nativeDst ? arena : null, (byte) 0xA5);
        if (pair.inPlace()) {
            MemorySegment.copy(src, 0, expected, 0, length);
            MemorySegment.copy(src, 0, actual, 0, length);
        }
        RuntimeException scalarError = run(pair.scalar(), src, ref, expected, length, typesize, meta);
        RuntimeException vectorError = run(pair.vector(), src, ref, actual, length, typesize, meta);
        cases++;
        String where = pair.name() + ": length " + length + ", typesize " + typesize + ", meta " + meta
                + ", offsets " + Arrays.toString(off) + ", native " + nativeSrc + "/" + nativeDst;
        if (scalarError != null || vectorError != null) {
            if (scalarError == null || vectorError == null || scalarError.getClass() != vectorError.getClass()
                    || !Objects.equals(scalarError.getMessage(), vectorError.getMessage())) {
                throw new AssertionError("vector and scalar differ in refusing the arguments: " + where
                        + "; scalar: " + scalarError + "; vector: " + vectorError);
            }
            refused++;
        }
        long at = expected.mismatch(actual);
        if (at >= 0) {
            throw new AssertionError("vector != scalar: " + where + ", first difference at byte " + at);
        }
        if (!Arrays.equals(data, TestData.bytes(src)) || !Arrays.equals(refData, TestData.bytes(ref))) {
            throw new AssertionError("modified its source or reference: " + where);
        }
    }

    private static RuntimeException run(Kernel k, MemorySegment src, MemorySegment ref, MemorySegment dst, int length,
                                        int typesize, int meta) {
        try {
            k.run(src, ref, dst, length, typesize, meta);
            return null;
        } catch (IllegalArgumentException e) {
            return e;
        }
    }

    /** Every length from 0 to {@code upTo} for one typesize. */
    void sweep(Pair pair, int typesize, int upTo, Arena arena) {
        for (int length = 0; length <= upTo; length++) {
            check(pair, length, typesize, length, arena);
        }
    }

    /**
     * Sampled lengths for a typesize: around vector steps (per stream for BYTEDELTA: multiples of the element count)
     * and a few larger sizes, each with tails of 0, 1 and typesize - 1 bytes.
     */
    static List<Integer> sampledLengths(int typesize, int maxLength) {
        List<Integer> out = new ArrayList<>();
        long[] elements = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 66, 127, 128, 129, 130, 255, 256,
            257, 511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 16383, 16384, 16385, 65536 + 8, 100_001};
        for (long e : elements) {
            for (int tail : new int[] {0, 1, typesize - 1}) {
                long length = e * typesize + tail;
                if (length <= maxLength && (out.isEmpty() || out.get(out.size() - 1) != length)) {
                    out.add((int) length);
                }
            }
        }
        return out;
    }
}
