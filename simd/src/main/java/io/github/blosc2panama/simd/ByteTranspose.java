package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Byte shuffle and unshuffle for typesizes 4 and 8 in registers: groups of 8 elements (typesize 8) or
 * 4 elements (typesize 4) are transposed as 8x8 (4x4) byte matrices held in longs (ints), with the
 * classic swap-by-mask rounds, straight between the segments. The elements past the last whole
 * group go byte by byte.
 */
final class ByteTranspose {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ByteTranspose() {
    }

    /** Elements {@code [0, nel)} of {@code typesize} (4 or 8) bytes into {@code typesize} rows of {@code nel} bytes. */
    static void shuffle(MemorySegment src, MemorySegment dst, long nel, int typesize) {
        long groups = typesize == 8 ? nel / 8 : nel / 4;
        if (typesize == 8) {
            final long m1 = 0x00FF00FF00FF00FFL;
            final long m2 = 0x0000FFFF0000FFFFL;
            final long m4 = 0x00000000FFFFFFFFL;
            for (long i = 0; i < groups * 8; i += 8) {
                long base = i * 8;
                long a0 = src.get(LONG, base);
                long a1 = src.get(LONG, base + 8);
                long a2 = src.get(LONG, base + 16);
                long a3 = src.get(LONG, base + 24);
                long a4 = src.get(LONG, base + 32);
                long a5 = src.get(LONG, base + 40);
                long a6 = src.get(LONG, base + 48);
                long a7 = src.get(LONG, base + 56);
                // The same transpose as in unshuffle (a transpose is its own inverse).
                long t;
                t = ((a0 >>> 8) ^ a1) & m1; a1 ^= t; a0 ^= t << 8;
                t = ((a2 >>> 8) ^ a3) & m1; a3 ^= t; a2 ^= t << 8;
                t = ((a4 >>> 8) ^ a5) & m1; a5 ^= t; a4 ^= t << 8;
                t = ((a6 >>> 8) ^ a7) & m1; a7 ^= t; a6 ^= t << 8;
                t = ((a0 >>> 16) ^ a2) & m2; a2 ^= t; a0 ^= t << 16;
                t = ((a1 >>> 16) ^ a3) & m2; a3 ^= t; a1 ^= t << 16;
                t = ((a4 >>> 16) ^ a6) & m2; a6 ^= t; a4 ^= t << 16;
                t = ((a5 >>> 16) ^ a7) & m2; a7 ^= t; a5 ^= t << 16;
                t = ((a0 >>> 32) ^ a4) & m4; a4 ^= t; a0 ^= t << 32;
                t = ((a1 >>> 32) ^ a5) & m4; a5 ^= t; a1 ^= t << 32;
                t = ((a2 >>> 32) ^ a6) & m4; a6 ^= t; a2 ^= t << 32;
                t = ((a3 >>> 32) ^ a7) & m4; a7 ^= t; a3 ^= t << 32;
                dst.set(LONG, i, a0);
                dst.set(LONG, nel + i, a1);
                dst.set(LONG, 2 * nel + i, a2);
                dst.set(LONG, 3 * nel + i, a3);
                dst.set(LONG, 4 * nel + i, a4);
                dst.set(LONG, 5 * nel + i, a5);
                dst.set(LONG, 6 * nel + i, a6);
                dst.set(LONG, 7 * nel + i, a7);
            }
        } else {
            for (long g = 0; g < groups; g++) {
                long i = g * 4;
                long base = i * 4;
                int a0 = src.get(INT, base);
                int a1 = src.get(INT, base + 4);
                int a2 = src.get(INT, base + 8);
                int a3 = src.get(INT, base + 12);
                // 1-byte swaps between rows 0/1 and 2/3, then 2-byte swaps between rows 0/2 and 1/3.
                int t = ((a0 >>> 8) ^ a1) & 0x00FF00FF; a1 ^= t; a0 ^= t << 8;
                t = ((a2 >>> 8) ^ a3) & 0x00FF00FF; a3 ^= t; a2 ^= t << 8;
                t = ((a0 >>> 16) ^ a2) & 0x0000FFFF; a2 ^= t; a0 ^= t << 16;
                t = ((a1 >>> 16) ^ a3) & 0x0000FFFF; a3 ^= t; a1 ^= t << 16;
                dst.set(INT, i, a0);
                dst.set(INT, nel + i, a1);
                dst.set(INT, 2 * nel + i, a2);
                dst.set(INT, 3 * nel + i, a3);
            }
        }
        long done = groups * (typesize == 8 ? 8 : 4);
        for (long i = done; i < nel; i++) {
            for (int j = 0; j < typesize; j++) {
                dst.set(ValueLayout.JAVA_BYTE, j * nel + i, src.get(ValueLayout.JAVA_BYTE, i * typesize + j));
            }
        }
    }

    /** The inverse of {@link #shuffle}. */
    static void unshuffle(MemorySegment src, MemorySegment dst, long nel, int typesize) {
        long groups = typesize == 8 ? nel / 8 : nel / 4;
        if (typesize == 8) {
            // Locals, not an array: the whole 8x8 transpose stays in registers.
            final long m1 = 0x00FF00FF00FF00FFL;
            final long m2 = 0x0000FFFF0000FFFFL;
            final long m4 = 0x00000000FFFFFFFFL;
            for (long i = 0; i < groups * 8; i += 8) {
                long a0 = src.get(LONG, i);
                long a1 = src.get(LONG, nel + i);
                long a2 = src.get(LONG, 2 * nel + i);
                long a3 = src.get(LONG, 3 * nel + i);
                long a4 = src.get(LONG, 4 * nel + i);
                long a5 = src.get(LONG, 5 * nel + i);
                long a6 = src.get(LONG, 6 * nel + i);
                long a7 = src.get(LONG, 7 * nel + i);
                long t;
                t = ((a0 >>> 8) ^ a1) & m1; a1 ^= t; a0 ^= t << 8;
                t = ((a2 >>> 8) ^ a3) & m1; a3 ^= t; a2 ^= t << 8;
                t = ((a4 >>> 8) ^ a5) & m1; a5 ^= t; a4 ^= t << 8;
                t = ((a6 >>> 8) ^ a7) & m1; a7 ^= t; a6 ^= t << 8;
                t = ((a0 >>> 16) ^ a2) & m2; a2 ^= t; a0 ^= t << 16;
                t = ((a1 >>> 16) ^ a3) & m2; a3 ^= t; a1 ^= t << 16;
                t = ((a4 >>> 16) ^ a6) & m2; a6 ^= t; a4 ^= t << 16;
                t = ((a5 >>> 16) ^ a7) & m2; a7 ^= t; a5 ^= t << 16;
                t = ((a0 >>> 32) ^ a4) & m4; a4 ^= t; a0 ^= t << 32;
                t = ((a1 >>> 32) ^ a5) & m4; a5 ^= t; a1 ^= t << 32;
                t = ((a2 >>> 32) ^ a6) & m4; a6 ^= t; a2 ^= t << 32;
                t = ((a3 >>> 32) ^ a7) & m4; a7 ^= t; a3 ^= t << 32;
                long base = i * 8;
                dst.set(LONG, base, a0);
                dst.set(LONG, base + 8, a1);
                dst.set(LONG, base + 16, a2);
                dst.set(LONG, base + 24, a3);
                dst.set(LONG, base + 32, a4);
                dst.set(LONG, base + 40, a5);
                dst.set(LONG, base + 48, a6);
                dst.set(LONG, base + 56, a7);
            }
        } else {
            for (long g = 0; g < groups; g++) {
                long i = g * 4;
                int a0 = src.get(INT, i);
                int a1 = src.get(INT, nel + i);
                int a2 = src.get(INT, 2 * nel + i);
                int a3 = src.get(INT, 3 * nel + i);
                int t = ((a0 >>> 8) ^ a1) & 0x00FF00FF; a1 ^= t; a0 ^= t << 8;
                t = ((a2 >>> 8) ^ a3) & 0x00FF00FF; a3 ^= t; a2 ^= t << 8;
                t = ((a0 >>> 16) ^ a2) & 0x0000FFFF; a2 ^= t; a0 ^= t << 16;
                t = ((a1 >>> 16) ^ a3) & 0x0000FFFF; a3 ^= t; a1 ^= t << 16;
                long base = i * 4;
                dst.set(INT, base, a0);
                dst.set(INT, base + 4, a1);
                dst.set(INT, base + 8, a2);
                dst.set(INT, base + 12, a3);
            }
        }
        long done = groups * (typesize == 8 ? 8 : 4);
        for (long i = done; i < nel; i++) {
            for (int j = 0; j < typesize; j++) {
                dst.set(ValueLayout.JAVA_BYTE, i * typesize + j, src.get(ValueLayout.JAVA_BYTE, j * nel + i));
            }
        }
    }
}
