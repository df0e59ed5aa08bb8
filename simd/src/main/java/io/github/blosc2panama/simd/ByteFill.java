package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Writes one byte value over a range of a segment, without making a slice: the runs of a decompressor (a BloscLZ
 * match of distance 1 is a run of its last byte), hundreds of bytes at a time. On the Vector API a run is whole
 * vector stores, the last one ending at the run's end (so it may overlap the one before); the scalar twin writes
 * 8-byte words. Both write exactly the range.
 */
public final class ByteFill {
    private ByteFill() {
    }

    /**
     * Writes {@code value} over {@code dst[offset, offset + length)}.
     *
     * @throws IllegalArgumentException if the range is not inside {@code dst}
     */
    public static void fill(MemorySegment dst, long offset, long length, byte value) {
        KernelChecks.checkRange(dst, offset, length);
        if (SimdSupport.VECTOR && dst.isNative() && length >= ByteFillVector.WIDTH) {
            ByteFillVector.fill(dst, offset, length, value);
        } else {
            ByteFillScalar.fill(dst, offset, length, value);
        }
    }
}
