package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ByteRun} by vectors of at most 256 bits: four at a time XORed with the broadcast first byte and ORed
 * together, one test per four; the last four end at the range's end (so they may overlap the ones before). Native
 * segments, {@code length >= STEP}; no argument checks: the caller has done them. Only loaded when
 * {@link SimdSupport#VECTOR}.
 */
final class ByteRunVector {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(
            VectorShape.forBitSize(Math.min(256, VectorWidth.SHAPE.vectorBitSize())));
    private static final int WIDTH = B.length();
    /** Bytes per test; the least length this kernel takes. */
    static final int STEP = 4 * WIDTH;

    private ByteRunVector() {
    }

    /** Callers pass native segments only (see {@link NativeSegments}). */
    static boolean isRun(MemorySegment s, long offset, long length) {
        s = NativeSegments.typed(s);
        ByteVector first = ByteVector.broadcast(B, s.get(ValueLayout.JAVA_BYTE, offset));
        long last = offset + length - STEP;
        for (long at = offset; ; at = Math.min(at + STEP, last)) {
            ByteVector d = load(s, at).lanewise(VectorOperators.XOR, first)
                    .or(load(s, at + WIDTH).lanewise(VectorOperators.XOR, first))
                    .or(load(s, at + 2L * WIDTH).lanewise(VectorOperators.XOR, first))
                    .or(load(s, at + 3L * WIDTH).lanewise(VectorOperators.XOR, first));
            if (d.compare(VectorOperators.NE, 0).anyTrue()) {
                return false;
            }
            if (at == last) {
                return true;
            }
        }
    }

    private static ByteVector load(MemorySegment s, long at) {
        return ByteVector.fromMemorySegment(B, s, at, ByteOrder.LITTLE_ENDIAN);
    }
}
