package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Generates the deterministic data patterns of the interop vectors (section "Data patterns" of
 * {@code shared/vectors/README.md}) and of the benchmark datasets. The stream is a sequence of
 * little-endian elements cut to the requested length; a partial last element keeps its leading
 * bytes. Floating point follows the README's expressions literally (Java {@code double}, no FMA).
 *
 * <pre>{@code
 * byte[] b = DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 4000);   // int32 0..999
 * DataPatterns.fill(PatternSpec.of(Pattern.TEXT, 1).withSeed(3), segment);      // any segment
 * }</pre>
 */
public final class DataPatterns {
    private static final ValueLayout.OfLong LONG_LE =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT_LE =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** The 32 words of the {@code text} pattern, in index order. */
    static final byte[][] WORDS = words("the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "blosc",
            "chunk", "frame", "block", "shuffle", "delta", "codec", "filter", "array", "data", "value", "stream",
            "header", "offset", "index", "meta", "compress", "decompress", "java", "vector", "zstd", "lz4", "zlib",
            "byte");

    private DataPatterns() {
    }

    private static byte[][] words(String... w) {
        byte[][] out = new byte[w.length][];
        for (int i = 0; i < w.length; i++) {
            out[i] = w[i].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }

    /** The first {@code nbytes} bytes of the pattern's stream. */
    public static byte[] generate(PatternSpec spec, int nbytes) {
        if (nbytes < 0) {
            throw new InvalidArgumentException("nbytes must be >= 0, got " + nbytes);
        }
        byte[] out = new byte[nbytes];
        fill(spec, MemorySegment.ofArray(out));
        return out;
    }

    /** Overwrites all of {@code dst} (any length, heap or native, writable) with the pattern's stream. */
    public static void fill(PatternSpec spec, MemorySegment dst) {
        if (dst.isReadOnly()) {
            throw new InvalidArgumentException("destination segment is read-only");
        }
        switch (spec.pattern()) {
            case ARANGE -> arange(spec.typesize(), dst);
            case LINSPACE -> linspace(spec, dst);
            case SINE -> sine(spec, dst);
            case RANDOM -> random(spec.seed(), dst);
            case MOSTLY_ZEROS -> mostlyZeros(dst);
            case CONSTANT -> constant(spec.typesize(), dst);
            case RANDINT -> randint(spec, dst);
            case WALK_I64 -> walk(spec, dst);
            case TEXT -> text(spec.seed(), dst);
            case LINSPACE_NOISE -> linspaceNoise(spec, dst);
        }
    }

    /** Writes the {@code width}-byte little-endian element {@code bits} at {@code off}, cut at the end of dst. */
    private static void put(MemorySegment dst, long off, long bits, int width) {
        long room = dst.byteSize() - off;
        if (width == 8 && room >= 8) {
            dst.set(LONG_LE, off, bits);
        } else if (width == 4 && room >= 4) {
            dst.set(INT_LE, off, (int) bits);
        } else {
            long n = Math.min(width, room);
            for (int b = 0; b < n; b++) {
                dst.set(ValueLayout.JAVA_BYTE, off + b, b < 8 ? (byte) (bits >>> (8 * b)) : 0);
            }
        }
    }

    private static void arange(int ts, MemorySegment dst) {
        long n = dst.byteSize();
        for (long i = 0, off = 0; off < n; i++, off += ts) {
            put(dst, off, i, ts);
        }
    }

    private static void putReal(MemorySegment dst, long off, double v, boolean float32) {
        if (float32) {
            put(dst, off, Float.floatToRawIntBits((float) v), 4);
        } else {
            put(dst, off, Double.doubleToRawLongBits(v), 8);
        }
    }

    private static void linspace(PatternSpec s, MemorySegment dst) {
        int width = s.float32() ? 4 : 8;
        long n = dst.byteSize();
        double a = s.a();
        double d = s.d();
        for (long i = 0, off = 0; off < n; i++, off += width) {
            double v = a + ((double) i * d);
            putReal(dst, off, v, s.float32());
        }
    }

    private static void sine(PatternSpec s, MemorySegment dst) {
        int width = s.float32() ? 4 : 8;
        long n = dst.byteSize();
        long p = s.period();
        double a = s.a();
        double d = s.d();
        for (long i = 0, off = 0; off < n; i++, off += width) {
            double t = ((double) (i % p) * (2.0 / p)) - 1.0;
            double x = t * 3.141592653589793;
            double x2 = x * x;
            double sn = x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0
                    * (1.0 - x2 / 110.0)))));
            double v = d * sn + a;
            putReal(dst, off, v, s.float32());
        }
    }

    private static void random(long seed, MemorySegment dst) {
        SplitMix64 rng = new SplitMix64(seed);
        long n = dst.byteSize();
        for (long off = 0; off < n; off += 8) {
            put(dst, off, rng.next(), 8);
        }
    }

    private static void mostlyZeros(MemorySegment dst) {
        dst.fill((byte) 0);
        long n = dst.byteSize();
        for (long k = 0; k < n; k += 1021) {
            dst.set(ValueLayout.JAVA_BYTE, k, (byte) (((k / 1021) % 255) + 1));
        }
    }

    private static void constant(int ts, MemorySegment dst) {
        long n = dst.byteSize();
        for (long k = 0; k < n; k++) {
            dst.set(ValueLayout.JAVA_BYTE, k, (byte) (0x5A + (k % ts)));
        }
    }

    private static void randint(PatternSpec s, MemorySegment dst) {
        SplitMix64 rng = new SplitMix64(s.seed());
        int ts = s.typesize();
        long n = dst.byteSize();
        for (long off = 0; off < n; off += ts) {
            put(dst, off, rng.nextMod(s.modulus()), ts);
        }
    }

    private static void walk(PatternSpec s, MemorySegment dst) {
        SplitMix64 rng = new SplitMix64(s.seed());
        long n = dst.byteSize();
        long v = s.start();
        for (long off = 0; off < n; off += 8) {
            put(dst, off, v, 8);
            v += rng.nextMod(17) - 8;
        }
    }

    private static void text(long seed, MemorySegment dst) {
        SplitMix64 rng = new SplitMix64(seed);
        long n = dst.byteSize();
        long off = 0;
        while (off < n) {
            long x = rng.next();
            byte[] word = WORDS[(int) (x & 31)];
            long len = Math.min(word.length, n - off);
            MemorySegment.copy(word, 0, dst, ValueLayout.JAVA_BYTE, off, (int) len);
            off += len;
            if (off < n) {
                dst.set(ValueLayout.JAVA_BYTE, off++, ((x >>> 8) & 15) == 0 ? (byte) '\n' : (byte) ' ');
            }
        }
    }

    private static void linspaceNoise(PatternSpec s, MemorySegment dst) {
        SplitMix64 rng = new SplitMix64(s.seed());
        long n = dst.byteSize();
        double a = s.a();
        double d = s.d();
        double noise = s.noise();
        for (long i = 0, off = 0; off < n; i++, off += 8) {
            double u = (double) (rng.next() >>> 11) * 0x1p-53;
            double v = (double) i * d + a + (u - 0.5) * noise;
            put(dst, off, Double.doubleToRawLongBits(v), 8);
        }
    }
}
