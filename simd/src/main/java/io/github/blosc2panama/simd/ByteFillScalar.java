package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@link ByteFill} by 8-byte words and a byte tail. No argument checks: the caller has done them. */
final class ByteFillScalar {
    private ByteFillScalar() {
    }

    static void fill(MemorySegment dst, long offset, long length, byte value) {
        long word = (value & 0xFFL) * 0x0101010101010101L;
        long end = offset + length;
        long at = offset;
        for (; at + Long.BYTES <= end; at += Long.BYTES) {
            dst.set(ValueLayout.JAVA_LONG_UNALIGNED, at, word);
        }
        for (; at < end; at++) {
            dst.set(ValueLayout.JAVA_BYTE, at, value);
        }
    }
}
