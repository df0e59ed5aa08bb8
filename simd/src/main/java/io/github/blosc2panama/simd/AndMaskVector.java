package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code dst = src & pattern} over a run of bytes, the 8-byte little-endian {@code pattern} repeated from byte 0: the
 * element-wise core of {@link TruncPrecVector} and {@link IntTruncVector} (for typesizes dividing 8 the repeated
 * pattern is the element mask at every element). See {@link LongLanes} for how the loops are written. Only loaded
 * when {@link SimdSupport#VECTOR}.
 */
final class AndMaskVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VectorSpecies<Byte> BYTES = LongLanes.BYTES;
    private static final VectorSpecies<Long> LONGS = LongLanes.LONGS;
    private static final int VB = LongLanes.VB;

    private AndMaskVector() {
    }

    /**
     * ANDs the first {@code bytes} bytes of {@code src} with the repeated {@code pattern} into {@code dst}; the two may
     * be the very same memory (each step loads before it stores), otherwise they must not overlap.
     */
    static void apply(MemorySegment src, MemorySegment dst, long bytes, long pattern) {
        MemorySegment s = NativeStaging.copyIn(src, bytes, 0);
        MemorySegment d = NativeStaging.room(dst, bytes, 1);
        applyNative(s, d, bytes, pattern);
        NativeStaging.copyOut(d, dst, bytes);
    }

    /** {@link #apply} on native segments. */
    private static void applyNative(MemorySegment src, MemorySegment dst, long bytes, long pattern) {
        src = NativeSegments.typed(src);
        dst = NativeSegments.typed(dst);
        // the pattern in every 8 bytes; vectors start at multiples of 8 bytes, so byte lanes line up with it
        ByteVector m = LongVector.broadcast(LONGS, pattern).reinterpretAsBytes();
        long k = 0;
        for (; k + 2L * VB <= bytes; k += 2L * VB) {
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, src, k, LE);
            ByteVector a1 = ByteVector.fromMemorySegment(BYTES, src, k + VB, LE);
            a0.and(m).intoMemorySegment(dst, k, LE);
            a1.and(m).intoMemorySegment(dst, k + VB, LE);
        }
        for (; k + VB <= bytes; k += VB) {
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, src, k, LE);
            a0.and(m).intoMemorySegment(dst, k, LE);
        }
        for (; k + 8 <= bytes; k += 8) {
            dst.set(JAVA_LONG_UNALIGNED, k, src.get(JAVA_LONG_UNALIGNED, k) & pattern);
        }
        for (; k < bytes; k++) {
            dst.set(JAVA_BYTE, k, (byte) (src.get(JAVA_BYTE, k) & (pattern >>> (8 * (k & 7)))));
        }
    }
}
