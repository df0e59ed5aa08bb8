package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code dst = src & pattern} over a run of bytes, the 8-byte little-endian {@code pattern} repeated from byte 0: the
 * element-wise core of {@link TruncPrecVector} and {@link IntTruncVector} (for typesizes dividing 8 the repeated
 * pattern is the element mask at every element). Only loaded when {@link SimdSupport#VECTOR}.
 */
final class AndMaskVector {
    private static final VectorSpecies<Long> LONGS = LongLanes.LONGS;
    /** Vector width in bytes. */
    private static final int VB = LongLanes.VB;

    private AndMaskVector() {
    }

    /**
     * ANDs the first {@code bytes} bytes of {@code src} with the repeated {@code pattern} into {@code dst}; the two may
     * be the very same memory (each step loads before it stores), otherwise they must not overlap.
     */
    static void apply(MemorySegment src, MemorySegment dst, long bytes, long pattern) {
        LongVector m = LongVector.broadcast(LONGS, pattern);
        long k = 0;
        for (; k + 4L * VB <= bytes; k += 4L * VB) {
            LongVector a0 = LongLanes.load(src, k);
            LongVector a1 = LongLanes.load(src, k + VB);
            LongVector a2 = LongLanes.load(src, k + 2L * VB);
            LongVector a3 = LongLanes.load(src, k + 3L * VB);
            LongLanes.store(a0.and(m), dst, k);
            LongLanes.store(a1.and(m), dst, k + VB);
            LongLanes.store(a2.and(m), dst, k + 2L * VB);
            LongLanes.store(a3.and(m), dst, k + 3L * VB);
        }
        for (; k + VB <= bytes; k += VB) {
            LongLanes.store(LongLanes.load(src, k).and(m), dst, k);
        }
        for (; k + 8 <= bytes; k += 8) {
            dst.set(JAVA_LONG_UNALIGNED, k, src.get(JAVA_LONG_UNALIGNED, k) & pattern);
        }
        for (; k < bytes; k++) {
            dst.set(JAVA_BYTE, k, (byte) (src.get(JAVA_BYTE, k) & (pattern >>> (8 * (k & 7)))));
        }
    }
}
