package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ByteFill} by vector stores of the preferred width. Native segments, {@code length >= WIDTH}; no argument
 * checks: the caller has done them. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>Measured on the BloscLZ runs of i32_arange (254 bytes after 2-byte literals; {@code Alternating decompress
 * i32_arange blosclz-5-shuffle 1 8}, best turn of ours/C, the variants' classes put first on the class path in turn):
 * this loop at 256 bits 0.89-0.93, at 512 bits 0.91-0.97. Runs written without a loop, by up to eight stores from both
 * ends, did worse in the decoder (0.85-0.90 at 512 bits, inlined; 0.87-0.94 at 256), although alone four 512-bit
 * stores fill a 254-byte run in 6.2 ns against 7.4 for this loop at 256 bits. (Earlier, 512-bit stores in this loop
 * had measured no faster than 256-bit ones.)
 */
final class ByteFillVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(VectorWidth.SHAPE);
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
