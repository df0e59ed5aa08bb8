package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ByteFill} by vector stores of the preferred width. Native segments, {@code length >= WIDTH}; no argument
 * checks: the caller has done them. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>A run of up to {@link #SHORT_RUN} bytes (256, or 8 vectors if narrower) is a fixed number of stores, the
 * later ones moved back to end at the run's end (so they may overlap): a BloscLZ run of i32_arange is 254 bytes, and
 * C2 compiles the loop below, whose index is a {@code long}, into a nest of loops whose set-up (a chain of some 40
 * compares and conditional moves) ran once a run and took a quarter of the decoder's time. {@code Alternating
 * decompress i32_arange blosclz-5-shuffle 1 8}, ours/C (session 23): at 512 bits 0.86-0.87 with the loop for every run,
 * 0.93-0.99 with the stores; at 256 bits 0.70 and 0.75. An {@code int}-indexed loop kept the set-up (0.89). (An
 * earlier try, up to eight stores from both ends, had measured worse: 0.85-0.90.) Longer runs take the loop.
 */
final class ByteFillVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(VectorWidth.SHAPE);
    /** Bytes per store; the least length this kernel takes. */
    static final int WIDTH = B.length();
    /** The longest run written by a fixed number of stores (at most 8), without the loop. */
    private static final int SHORT_RUN = Math.min(256, 8 * WIDTH);

    private ByteFillVector() {
    }

    /** Callers pass native segments only (see {@link NativeSegments}). */
    static void fill(MemorySegment dst, long offset, long length, byte value) {
        dst = NativeSegments.typed(dst);
        ByteVector v = ByteVector.broadcast(B, value);
        long last = offset + length - WIDTH;
        if (length <= SHORT_RUN) {
            for (int k = 0; k < SHORT_RUN / WIDTH - 1; k++) {
                v.intoMemorySegment(dst, Math.min(offset + (long) k * WIDTH, last), ByteOrder.LITTLE_ENDIAN);
            }
            v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
            return;
        }
        for (long at = offset; at < last; at += WIDTH) {
            v.intoMemorySegment(dst, at, ByteOrder.LITTLE_ENDIAN);
        }
        v.intoMemorySegment(dst, last, ByteOrder.LITTLE_ENDIAN);
    }
}
