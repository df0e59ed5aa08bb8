package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs a Vector API kernel and its scalar twin on the same input (same offsets, same garbage-filled destination) and
 * compares the whole destination byte for byte. Used by the JUnit tests and, for forced vector widths, by
 * {@link EquivalenceMain} in a child JVM.
 */
final class Equivalence {
    /** A filter kernel with the (src, dst, length, typesize) signature. */
    interface Kernel {
        void run(MemorySegment src, MemorySegment dst, long length, int typesize);
    }

    /** One kernel pair under test. */
    record Pair(String name, Kernel vector, Kernel scalar) {
    }

    static List<Pair> permutations() {
        return List.of(
                new Pair("shuffle", ShuffleVector::shuffle, ShuffleScalar::shuffle),
                new Pair("unshuffle", ShuffleVector::unshuffle, ShuffleScalar::unshuffle),
                new Pair("bitshuffle", BitShuffleVector::bitshuffle, BitShuffleScalar::bitshuffle),
                new Pair("bitunshuffle", BitShuffleVector::bitunshuffle, BitShuffleScalar::bitunshuffle));
    }

    private static final int[][] OFFSETS = {{0, 0}, {1, 3}, {7, 0}, {5, 13}};

    private final byte[] pool;
    private long cases;

    Equivalence(long seed, int maxLength) {
        pool = new byte[maxLength + 64];
        new SplittableRandom(seed).nextBytes(pool);
    }

    long cases() {
        return cases;
    }

    /**
     * Checks one case; {@code variant} picks the offsets and heap/native placement, so that a sweep over lengths
     * visits them all.
     */
    void check(Pair pair, int length, int typesize, int variant, Arena arena) {
        int[] off = OFFSETS[variant % OFFSETS.length];
        boolean nativeSrc = (variant / OFFSETS.length) % 2 == 1;
        boolean nativeDst = (variant / (2 * OFFSETS.length)) % 2 == 1;
        int start = variant % 61;
        byte[] data = Arrays.copyOfRange(pool, start, start + length);
        MemorySegment src = TestData.place(data, off[0], nativeSrc ? arena : null);
        MemorySegment expected = TestData.blank(length, off[1], nativeDst ? arena : null, (byte) 0xA5);
        MemorySegment actual = TestData.blank(length, off[1], nativeDst ? arena : null, (byte) 0xA5);
        pair.scalar().run(src, expected, length, typesize);
        pair.vector().run(src, actual, length, typesize);
        cases++;
        long at = expected.mismatch(actual);
        if (at >= 0) {
            throw new AssertionError(pair.name() + " vector != scalar: length " + length + ", typesize " + typesize
                    + ", offsets " + Arrays.toString(off) + ", native " + nativeSrc + "/" + nativeDst
                    + ", first difference at byte " + at);
        }
        if (!Arrays.equals(data, TestData.bytes(src))) {
            throw new AssertionError(pair.name() + " modified its source: length " + length + ", ts " + typesize);
        }
    }

    /** Every length from 0 to {@code upTo} for one typesize. */
    void sweep(Pair pair, int typesize, int upTo, Arena arena) {
        for (int length = 0; length <= upTo; length++) {
            check(pair, length, typesize, length, arena);
        }
    }

    /**
     * Sampled lengths for a typesize: around vector steps, bit-shuffle tiles (multiples of 64 elements) and a few
     * larger sizes, each with tails of 0, 1 and typesize - 1 bytes and 8 +- 1 elements.
     */
    static List<Integer> sampledLengths(int typesize, int maxLength) {
        List<Integer> out = new ArrayList<>();
        long[] elements = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 71, 72, 127, 128, 129, 136, 255, 256,
            257, 511, 512, 520, 1023, 1024, 1032, 2047, 2048, 2056, 4095, 4096, 4104, 8191, 8192, 8200, 16383, 16384,
            16392, 65536 + 8, 100_000};
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
