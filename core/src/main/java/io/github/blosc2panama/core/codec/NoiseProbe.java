package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Finds stretches of noise in a stream: 16 KiB whose bytes, and whose differences between neighbouring bytes, are
 * both spread as evenly as random bytes are, and that do not repeat bytes within a deflate window. Such a stretch
 * cannot be compressed: zlib and zlib-ng (inside C-Blosc2) store it as a stored deflate block, which inflates at
 * copy speed, while libdeflate folds it with its compressible neighbours into one Huffman-coded block that is a few
 * hundred bytes smaller and inflates three to four times slower (the low-order bytes of shuffled floating-point data:
 * C-Blosc2 inflates such streams of libdeflate at 0.5 GB/s, and zlib's at 1.8 GB/s). {@link ZlibWithNoise} writes
 * them.
 *
 * <p>The test samples pairs of neighbouring bytes every {@value #STEP} bytes (an odd step, so that every byte of a
 * shuffled or unshuffled item is sampled) and estimates, without bias, the chance that two samples are equal: for
 * random bytes 1/256. Both estimates, of the bytes and of their differences, must be within 10 % of that. Counting
 * differences sets apart a counter's low byte (every value equally often, yet each one more than the last); a random
 * walk's low byte differs from its neighbour by a few steps only. Then the 8 bytes at each of {@value #NEEDLES}
 * points of the stretch must not occur anywhere else from {@value #WINDOW} bytes before the stretch to its end:
 * random bytes written twice (a repeated pattern, a copied row) compress by matches, which a stored block would lose.
 */
final class NoiseProbe {
    /** The stretch tested, about the number of symbols zlib gathers into one deflate block at its default memLevel. */
    static final int STRETCH = 16 << 10;
    /** Bytes between samples. */
    static final int STEP = 11;
    /**
     * The pairs of equal samples that random bytes give on average, times 1.1 (the 10 % above); from random bytes,
     * the count strays from its average by 1.5 % (one standard deviation).
     */
    private static final long MAX_EQUAL_PAIRS = maxEqualPairs(STEP, 1.1);
    /**
     * A first look, at a tenth of the samples, that turns most compressible stretches down early: more than twice
     * the pairs random bytes give (which stray by 18 % there) is not noise. Counting bytes that are mostly equal
     * is slow (each count waits for the one before), so this saves most of the time on long runs of zeros.
     */
    static final int FIRST_STEP = 127;
    private static final long FIRST_MAX_EQUAL_PAIRS = maxEqualPairs(FIRST_STEP, 2);
    /** How far back deflate finds matches. */
    static final int WINDOW = 32 << 10;
    /** Points of the stretch looked up elsewhere, one in the middle of each quarter: a repeat of 4 KiB has one. */
    static final int NEEDLES = 4;

    private static final ThreadLocal<int[]> COUNTS = ThreadLocal.withInitial(() -> new int[512]);

    private NoiseProbe() {
    }

    /** Whether any whole stretch of {@code src} (from its start, every {@value #STRETCH} bytes) is noise. */
    static boolean hasNoise(MemorySegment src) {
        long size = src.byteSize();
        for (long start = 0; start + STRETCH <= size; start += STRETCH) {
            if (isNoise(src, start)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the stretch of {@code src} at {@code start} is noise (false when it is not whole). */
    static boolean isNoise(MemorySegment src, long start) {
        return start >= 0 && start <= src.byteSize() - STRETCH && evenlySpread(src, start) && !repeats(src, start);
    }

    private static boolean evenlySpread(MemorySegment src, long start) {
        int[] counts = COUNTS.get();
        return evenlySpread(src, start, FIRST_STEP, FIRST_MAX_EQUAL_PAIRS, counts)
                && evenlySpread(src, start, STEP, MAX_EQUAL_PAIRS, counts);
    }

    private static boolean evenlySpread(MemorySegment src, long start, int step, long maxEqualPairs, int[] counts) {
        Arrays.fill(counts, 0);
        long end = start + STRETCH - 1;
        for (long i = start; i < end; i += step) {
            int b = src.get(ValueLayout.JAVA_BYTE, i);
            int next = src.get(ValueLayout.JAVA_BYTE, i + 1);
            counts[b & 0xFF]++;
            counts[256 + ((next - b) & 0xFF)]++;
        }
        return equalPairs(counts, 0) <= maxEqualPairs && equalPairs(counts, 256) <= maxEqualPairs;
    }

    /** {@code factor} times the pairs of equal samples, taken every {@code step} bytes, that random bytes give. */
    private static long maxEqualPairs(int step, double factor) {
        long samples = (STRETCH - 1 + step - 1) / step;
        return (long) (factor * samples * (samples - 1) / 2 / 256);
    }

    /** The number of pairs of equal samples among those counted in {@code counts[from..from+256)}. */
    private static long equalPairs(int[] counts, int from) {
        long pairs = 0;
        for (int v = from; v < from + 256; v++) {
            long c = counts[v];
            pairs += c * (c - 1) / 2;
        }
        return pairs;
    }

    /** Whether the 8 bytes at one of the needle points occur at another place from a window before to the end. */
    private static boolean repeats(MemorySegment src, long start) {
        int quarter = STRETCH / NEEDLES;
        long p0 = start + quarter / 2;
        long p1 = p0 + quarter;
        long p2 = p1 + quarter;
        long p3 = p2 + quarter;
        long n0 = word(src, p0);
        long n1 = word(src, p1);
        long n2 = word(src, p2);
        long n3 = word(src, p3);
        long last = start + STRETCH - Long.BYTES;
        for (long i = Math.max(0, start - WINDOW); i <= last; i++) {
            long w = word(src, i);
            if ((w == n0 && i != p0) || (w == n1 && i != p1) || (w == n2 && i != p2) || (w == n3 && i != p3)) {
                return true;
            }
        }
        return false;
    }

    private static long word(MemorySegment src, long at) {
        return src.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
    }
}
