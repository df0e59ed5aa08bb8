package io.github.blosc2panama.benchmarks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * The data patterns the benchmark datasets use (arange, linspace_noise, walk_i64, text), as defined in
 * the interop vectors' README, "Data patterns". Each pattern fills a whole segment as one stream;
 * a partial last element keeps its leading (little-endian) bytes.
 *
 * <p>A stand-in until {@code io.github.blosc2panama.core.data} lands; the benchmarks will switch to it.
 */
final class DataPatterns {
    private static final ValueLayout.OfLong LONG_LE =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final byte[][] WORDS = words("the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
            "blosc", "chunk", "frame", "block", "shuffle", "delta", "codec", "filter", "array", "data", "value",
            "stream", "header", "offset", "index", "meta", "compress", "decompress", "java", "vector", "zstd",
            "lz4", "zlib", "byte");

    private DataPatterns() {
    }

    /** Byte k = byte (k mod ts) of the little-endian 64-bit value floor(k / ts), 0 past the 8th byte. */
    static void arange(MemorySegment dst, int typesize) {
        requirePositive(typesize);
        long n = dst.byteSize();
        long elements = (n + typesize - 1) / typesize;
        for (long i = 0; i < elements; i++) {
            putElement(dst, i * typesize, i, typesize);
        }
    }

    /** f64: v = (double) i * d + a + (u - 0.5) * noise, u uniform in [0, 1) from the top 53 bits of next(). */
    static void linspaceNoise(MemorySegment dst, double a, double d, double noise, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        long elements = (dst.byteSize() + 7) / 8;
        for (long i = 0; i < elements; i++) {
            double u = (double) (rng.next() >>> 11) * 0x1p-53;
            double v = (double) i * d + a + (u - 0.5) * noise;
            putElement(dst, i * 8, Double.doubleToRawLongBits(v), 8);
        }
    }

    /** int64 random walk: emit v, then v += (next() mod 17) - 8, starting at {@code start}. */
    static void walkI64(MemorySegment dst, long start, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        long elements = (dst.byteSize() + 7) / 8;
        long v = start;
        for (long i = 0; i < elements; i++) {
            putElement(dst, i * 8, v, 8);
            v += Long.remainderUnsigned(rng.next(), 17) - 8;
        }
    }

    /** Words from a 32-word list, separated by a space or (one time in 16) a newline. */
    static void text(MemorySegment dst, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        long n = dst.byteSize();
        long k = 0;
        while (k < n) {
            long x = rng.next();
            byte[] word = WORDS[(int) Long.remainderUnsigned(x, 32)];
            for (int j = 0; j < word.length && k < n; j++) {
                dst.set(ValueLayout.JAVA_BYTE, k++, word[j]);
            }
            if (k < n) {
                dst.set(ValueLayout.JAVA_BYTE, k++, Long.remainderUnsigned(x >>> 8, 16) == 0 ? (byte) '\n' : (byte) ' ');
            }
        }
    }

    /** Writes the low {@code typesize} bytes of {@code value} little-endian at {@code offset} (zeros past 8), cut at the end. */
    static void putElement(MemorySegment dst, long offset, long value, int typesize) {
        long n = dst.byteSize();
        if (typesize == 8 && offset + 8 <= n) {
            dst.set(LONG_LE, offset, value);
            return;
        }
        long end = Math.min(n, offset + typesize);
        for (long k = offset; k < end; k++) {
            long b = k - offset;
            dst.set(ValueLayout.JAVA_BYTE, k, b < 8 ? (byte) (value >>> (8 * b)) : 0);
        }
    }

    private static void requirePositive(int typesize) {
        if (typesize < 1) {
            throw new IllegalArgumentException("typesize must be >= 1, got " + typesize);
        }
    }

    private static byte[][] words(String... w) {
        byte[][] out = new byte[w.length][];
        for (int i = 0; i < w.length; i++) {
            out[i] = w[i].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }
}
