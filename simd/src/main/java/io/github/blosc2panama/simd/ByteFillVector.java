package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ByteFill} by vector stores of the preferred width. Native segments, {@code length >= WIDTH}; no argument
 * checks: the caller has done them. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>When runs were filled by a loop, 512-bit stores were no faster than 256-bit ones (BloscLZ runs of i32_arange:
 * 0.59-0.67 of C against 0.58-0.63, alternating turns). Without the loop they are: a 254-byte run costs 6.2 ns by four
 * 512-bit stores against 7.4 by eight 256-bit ones, and the decoder on i32_arange's runs went from 0.62-0.63 to
 * 0.67-0.69 of C's (one 64 KiB block, same JVM, alternating).
 */
final class ByteFillVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(VectorWidth.SHAPE);
    /** Bytes per store; the least length this kernel takes. */
    static final int WIDTH = B.length();

    private ByteFillVector() {
    }

    /**
     * Callers pass native segments only (see {@link NativeSegments}). Up to 8 stores' worth is written without a loop,
     * by stores from both ends that may overlap in the middle: a loop's set-up (C2's pre-, main- and post-loops and
     * their limits) cost more than the stores of a run of a few hundred bytes (BloscLZ streams of i32_arange, runs of
     * 254 bytes: a third of the decoder's samples in that set-up).
     */
    static void fill(MemorySegment dst, long offset, long length, byte value) {
        dst = NativeSegments.typed(dst);
        ByteVector v = ByteVector.broadcast(B, value);
        long last = offset + length - WIDTH;
        if (length <= 2 * WIDTH) {
            v.intoMemorySegment(dst, offset, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
        } else if (length <= 4 * WIDTH) {
            v.intoMemorySegment(dst, offset, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, offset + WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last - WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
        } else if (length <= 8 * WIDTH) {
            v.intoMemorySegment(dst, offset, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, offset + WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, offset + 2 * WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, offset + 3 * WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last - 3 * WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last - 2 * WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last - WIDTH, ByteOrder.LITTLE_ENDIAN);
            v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
        } else {
            for (long at = offset; at < last; at += WIDTH) {
                v.intoMemorySegment(dst, at, ByteOrder.LITTLE_ENDIAN);
            }
            v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
        }
    }
}
