package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;

/** Scalar twin of {@link TruncPrec}; see there for the semantics and the argument rules. */
final class TruncPrecScalar {
    private TruncPrecScalar() {
    }

    /** See {@link TruncPrec#truncate}. */
    static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int precBits) {
        int zeroed = TruncPrec.checkedZeroedBits(src, dst, length, typesize, precBits);
        long n = length / typesize;
        if (typesize == 4) {
            int mask = ~((1 << zeroed) - 1);
            for (long e = 0; e < n; e++) {
                dst.set(JAVA_INT_UNALIGNED, 4 * e, src.get(JAVA_INT_UNALIGNED, 4 * e) & mask);
            }
        } else {
            long mask = ~((1L << zeroed) - 1);
            for (long e = 0; e < n; e++) {
                dst.set(JAVA_LONG_UNALIGNED, 8 * e, src.get(JAVA_LONG_UNALIGNED, 8 * e) & mask);
            }
        }
        long body = n * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }
}
