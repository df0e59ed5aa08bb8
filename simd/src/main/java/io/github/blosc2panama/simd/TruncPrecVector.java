package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * TRUNC_PREC on the Vector API, bit-identical to {@link TruncPrecScalar}: the float (int lanes) or double (long lanes)
 * mask is applied by {@link AndMaskVector}, 64 bits at a time. Only loaded when {@link SimdSupport#VECTOR}.
 */
final class TruncPrecVector {
    private TruncPrecVector() {
    }

    /** See {@link TruncPrec#truncate}. */
    static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int precBits) {
        int zeroed = TruncPrec.checkedZeroedBits(src, dst, length, typesize, precBits);
        long pattern;
        if (typesize == 4) {
            long mask = ~((1L << zeroed) - 1) & 0xFFFF_FFFFL;
            pattern = mask | mask << 32;
        } else {
            pattern = ~((1L << zeroed) - 1);
        }
        long body = length - length % typesize;
        AndMaskVector.apply(src, dst, body, pattern);
        MemorySegment.copy(src, body, dst, body, length - body);
    }
}
