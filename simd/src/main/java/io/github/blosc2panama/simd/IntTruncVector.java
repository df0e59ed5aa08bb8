package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * INT_TRUNC on the Vector API, bit-identical to {@link IntTruncScalar}: the element mask of 1, 2, 4 or 8 bytes is
 * repeated over 64 bits and applied by {@link AndMaskVector}. Only loaded when {@link SimdSupport#VECTOR}.
 */
final class IntTruncVector {
    private IntTruncVector() {
    }

    /** See {@link IntTrunc#truncate}. */
    static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int meta) {
        int zeroed = IntTrunc.checkedZeroedBits(src, dst, length, typesize, meta);
        long pattern = repeated(~((1L << zeroed) - 1), typesize);
        long body = length - length % typesize;
        AndMaskVector.apply(src, dst, body, pattern);
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /** The low {@code 8 * typesize} bits of {@code mask} repeated over 64 bits (typesize 1, 2, 4 or 8). */
    static long repeated(long mask, int typesize) {
        long pattern = mask;
        for (int bits = 8 * typesize; bits < 64; bits *= 2) {
            pattern = (pattern & ((1L << bits) - 1)) | pattern << bits;
        }
        return pattern;
    }
}
