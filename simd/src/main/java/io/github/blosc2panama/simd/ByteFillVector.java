package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ByteFill} by vector stores of at most 256 bits (512-bit ones decoded BloscLZ runs no faster: i32_arange
 * 0.59-0.67 of C against 0.58-0.63, alternating turns). Native segments, {@code length >= WIDTH}; no argument checks: the
 * caller has done them. Only loaded when {@link SimdSupport#VECTOR}.
 */
final class ByteFillVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(
            VectorShape.forBitSize(Math.min(256, VectorWidth.SHAPE.vectorBitSize())));
    /** Bytes per store; the least length this kernel takes. */
    static final int WIDTH = B.length();

    private ByteFillVector() {
    }

    /** Callers pass native segments only (see {@link NativeSegments}). */
    static void fill(MemorySegment dst, long offset, long length, byte value) {
        dst = NativeSegments.typed(dst);
        ByteVector v = ByteVector.broadcast(B, value);
        long last = offset + length - WIDTH;
        for (long at = offset; at < last; at += WIDTH) {
            v.intoMemorySegment(dst, at, ByteOrder.LITTLE_ENDIAN);
        }
        v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
    }
}
