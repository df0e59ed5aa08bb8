package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@link ByteRun} by 8-byte words and a byte tail. No argument checks: the caller has done them. */
final class ByteRunScalar {
    private ByteRunScalar() {
    }

    static boolean isRun(MemorySegment s, long offset, long length) {
        if (length <= 1) {
            return true;
        }
        byte first = s.get(ValueLayout.JAVA_BYTE, offset);
        long word = (first & 0xFFL) * 0x0101010101010101L;
        long end = offset + length;
        long at = offset;
        for (; at + Long.BYTES <= end; at += Long.BYTES) {
            if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, at) != word) {
                return false;
            }
        }
        for (; at < end; at++) {
            if (s.get(ValueLayout.JAVA_BYTE, at) != first) {
                return false;
            }
        }
        return true;
    }
}
