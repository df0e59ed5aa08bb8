package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@link RowCopy} by 8-byte words, the last one ending at the row's end. No argument checks: the caller has done them. */
final class RowCopyScalar {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private RowCopyScalar() {
    }

    static void copy(MemorySegment src, long s, long srcStep, MemorySegment dst, long d, long dstStep, int rowBytes,
            long rows) {
        src = NativeSegments.typed(src);
        dst = NativeSegments.typed(dst);
        int last = rowBytes - Long.BYTES;
        for (long r = 0; r < rows; r++) {
            for (int k = 0; k < last; k += Long.BYTES) {
                dst.set(LONG, d + k, src.get(LONG, s + k));
            }
            dst.set(LONG, d + last, src.get(LONG, s + last));
            s += srcStep;
            d += dstStep;
        }
    }
}
