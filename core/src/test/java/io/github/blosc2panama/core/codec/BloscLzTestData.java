package io.github.blosc2panama.core.codec;

import java.nio.charset.StandardCharsets;

/**
 * Test data: the deterministic patterns of shared/vectors/README.md (SplitMix64 based), generated as
 * a stream so that a prefix of any length equals the prefix of the whole dataset.
 */
final class BloscLzTestData {

    private BloscLzTestData() {
    }

    /** SplitMix64 with 64-bit wrap-around. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            this.state = seed;
        }

        long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** A byte stream of one pattern; {@link #fill} continues where the previous call stopped. */
    abstract static class Pattern {
        private final byte[] pending = new byte[64];
        private int pendingPos;
        private int pendingLen;

        /** Writes the next element's bytes into {@code element}, returns how many. */
        abstract int nextElement(byte[] element);

        final void fill(byte[] buf, int off, int len) {
            int end = off + len;
            while (off < end) {
                if (pendingPos == pendingLen) {
                    pendingLen = nextElement(pending);
                    pendingPos = 0;
                }
                int n = Math.min(end - off, pendingLen - pendingPos);
                System.arraycopy(pending, pendingPos, buf, off, n);
                off += n;
                pendingPos += n;
            }
        }

        final byte[] bytes(int nbytes) {
            byte[] b = new byte[nbytes];
            fill(b, 0, nbytes);
            return b;
        }
    }

    private static void putLongLe(byte[] b, long v) {
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
    }

    /** {@code arange}: element i is the little-endian integer i in {@code typesize} bytes (zero beyond 8). */
    static Pattern arange(int typesize) {
        return new Pattern() {
            long i;

            @Override
            int nextElement(byte[] e) {
                for (int k = 0; k < typesize; k++) {
                    e[k] = k < 8 ? (byte) (i >>> (8 * k)) : 0;
                }
                i++;
                return typesize;
            }
        };
    }

    /** {@code linspace_noise}, f64. */
    static Pattern linspaceNoise(double a, double d, double noise, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        return new Pattern() {
            long i;

            @Override
            int nextElement(byte[] e) {
                double u = (double) (rng.next() >>> 11) * 0x1.0p-53;
                double v = (double) i * d + a + (u - 0.5) * noise;
                i++;
                putLongLe(e, Double.doubleToRawLongBits(v));
                return 8;
            }
        };
    }

    /** {@code walk_i64}. */
    static Pattern walkI64(long start, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        return new Pattern() {
            long v = start;

            @Override
            int nextElement(byte[] e) {
                putLongLe(e, v);
                v += Long.remainderUnsigned(rng.next(), 17) - 8;
                return 8;
            }
        };
    }

    private static final String[] WORDS = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
        "blosc", "chunk", "frame", "block", "shuffle", "delta", "codec", "filter", "array", "data", "value",
        "stream", "header", "offset", "index", "meta", "compress", "decompress", "java", "vector", "zstd",
        "lz4", "zlib", "byte"};

    /** {@code text}. */
    static Pattern text(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        return new Pattern() {
            @Override
            int nextElement(byte[] e) {
                long x = rng.next();
                byte[] w = WORDS[(int) Long.remainderUnsigned(x, 32)].getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(w, 0, e, 0, w.length);
                e[w.length] = Long.remainderUnsigned(x >>> 8, 16) == 0 ? (byte) '\n' : (byte) ' ';
                return w.length + 1;
            }
        };
    }

    /** {@code random}: the bytes of LE(next()), LE(next()), ... */
    static Pattern random(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        return new Pattern() {
            @Override
            int nextElement(byte[] e) {
                putLongLe(e, rng.next());
                return 8;
            }
        };
    }

    /** The four benchmark datasets of shared/bench/DATASETS.md, with their typesize. */
    enum Dataset {
        F64_NOISE(8, "b77ef6f93caeca0e"),
        I32_ARANGE(4, "d5f530811c8d9d40"),
        I64_WALK(8, "f73ce20b80e36c2a"),
        TEXT(1, "3aeb934f69269165");

        final int typesize;
        final String sha256Prefix64MiB;

        Dataset(int typesize, String sha256Prefix64MiB) {
            this.typesize = typesize;
            this.sha256Prefix64MiB = sha256Prefix64MiB;
        }

        Pattern pattern() {
            return switch (this) {
                case F64_NOISE -> linspaceNoise(0, 0x1.0p-20, 1e-6, 1);
                case I32_ARANGE -> arange(4);
                case I64_WALK -> walkI64(1_000_000, 2);
                case TEXT -> text(3);
            };
        }
    }

    /** Byte shuffle of one block as Blosc does it: byte j of every element grouped; a partial element stays last. */
    static byte[] shuffle(byte[] src, int off, int len, int typesize) {
        byte[] out = new byte[len];
        int n = len / typesize;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < typesize; j++) {
                out[j * n + i] = src[off + i * typesize + j];
            }
        }
        System.arraycopy(src, off + n * typesize, out, n * typesize, len - n * typesize);
        return out;
    }

    /** Inverse of {@link #shuffle}. */
    static byte[] unshuffle(byte[] src, int typesize) {
        byte[] out = new byte[src.length];
        int n = src.length / typesize;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < typesize; j++) {
                out[i * typesize + j] = src[j * n + i];
            }
        }
        System.arraycopy(src, n * typesize, out, n * typesize, src.length - n * typesize);
        return out;
    }
}
