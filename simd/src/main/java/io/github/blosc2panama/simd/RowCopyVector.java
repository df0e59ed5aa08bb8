package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RowCopy} by vector loads and stores of at most 256 bits, the last one of a row ending at the row's end.
 * Rows of at least {@code WIDTH} bytes; no argument checks: the caller has done them. Only loaded when
 * {@link SimdSupport#VECTOR}.
 */
final class RowCopyVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(
            VectorShape.forBitSize(Math.min(256, VectorWidth.SHAPE.vectorBitSize())));
    /** Bytes per load and store; the least row this kernel takes. */
    static final int WIDTH = B.length();

    private RowCopyVector() {
    }

    static void copy(MemorySegment src, long s, long srcStep, MemorySegment dst, long d, long dstStep, int rowBytes,
            long rows) {
        src = NativeSegments.typed(src);
        dst = NativeSegments.typed(dst);
        int last = rowBytes - WIDTH;
        for (long r = 0; r < rows; r++) {
            for (int k = 0; k < last; k += WIDTH) {
                ByteVector.fromMemorySegment(B, src, s + k, ByteOrder.LITTLE_ENDIAN)
                        .intoMemorySegment(dst, d + k, ByteOrder.LITTLE_ENDIAN);
            }
            ByteVector.fromMemorySegment(B, src, s + last, ByteOrder.LITTLE_ENDIAN)
                    .intoMemorySegment(dst, d + last, ByteOrder.LITTLE_ENDIAN);
            s += srcStep;
            d += dstStep;
        }
    }
}
