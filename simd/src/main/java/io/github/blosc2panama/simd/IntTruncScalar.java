package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.MemorySegment;

/** Scalar twin of {@link IntTrunc#truncate}; see there for the semantics and the argument rules. */
final class IntTruncScalar {
    private IntTruncScalar() {
    }

    /** See {@link IntTrunc#truncate}. */
    static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int meta) {
        int zeroed = IntTrunc.checkedZeroedBits(src, dst, length, typesize, meta);
        long mask = ~((1L << zeroed) - 1);
        long n = length / typesize;
        switch (typesize) {
            case 1 -> {
                for (long e = 0; e < n; e++) {
                    dst.set(JAVA_BYTE, e, (byte) (src.get(JAVA_BYTE, e) & mask));
                }
            }
            case 2 -> {
                for (long e = 0; e < n; e++) {
                    dst.set(JAVA_SHORT_UNALIGNED, 2 * e, (short) (src.get(JAVA_SHORT_UNALIGNED, 2 * e) & mask));
                }
            }
            case 4 -> {
                int m = (int) mask;
                for (long e = 0; e < n; e++) {
                    dst.set(JAVA_INT_UNALIGNED, 4 * e, src.get(JAVA_INT_UNALIGNED, 4 * e) & m);
                }
            }
            default -> {
                for (long e = 0; e < n; e++) {
                    dst.set(JAVA_LONG_UNALIGNED, 8 * e, src.get(JAVA_LONG_UNALIGNED, 8 * e) & mask);
                }
            }
        }
        long body = n * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }
}
