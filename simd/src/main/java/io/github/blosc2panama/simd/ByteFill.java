package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

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
        Objects.requireNonNull(dst, "dst");
        if (offset < 0 || length < 0 || offset > dst.byteSize() || length > dst.byteSize() - offset) {
            throw new IllegalArgumentException(length + " bytes at offset " + offset + " are not inside the "
                    + dst.byteSize() + "-byte segment");
        }
        if (SimdSupport.VECTOR && dst.isNative() && length >= ByteFillVector.WIDTH) {
            ByteFillVector.fill(dst, offset, length, value);
        } else {
            ByteFillScalar.fill(dst, offset, length, value);
        }
    }
}
