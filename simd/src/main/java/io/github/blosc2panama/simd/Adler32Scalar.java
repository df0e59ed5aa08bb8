package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@link Adler32} a byte at a time, reduced modulo 65521 every 3800 bytes: zlib's 5552 is the most an unsigned
 * 32-bit sum takes, 3800 the most a Java {@code int} does ({@code 255 n (n + 1) / 2 + 65520 (n + 1) < 2^31}).
 */
final class Adler32Scalar {
    static final int MOD = 65521;
    private static final int NMAX = 3800;

    private Adler32Scalar() {
    }

    static int update(int adler, MemorySegment s, long offset, long length) {
        int s1 = adler & 0xFFFF;
        int s2 = adler >>> 16;
        long end = offset + length;
        for (long at = offset; at < end; ) {
            long stop = Math.min(end, at + NMAX);
            for (; at < stop; at++) {
                s1 += s.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
                s2 += s1;
            }
            s1 %= MOD;
            s2 %= MOD;
        }
        return (s2 << 16) | s1;
    }
}
