package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Adler32, its vector kernel and its scalar twin, against the JDK's java.util.zip.Adler32. */
class Adler32Test {
    private static int jdk(byte[] b, int offset, int length) {
        java.util.zip.Adler32 a = new java.util.zip.Adler32();
        a.update(b, offset, length);
        return (int) a.getValue();
    }

    private static void check(byte[] b, int offset, int length, MemorySegment nat) {
        int want = jdk(b, offset, length);
        String what = length + " bytes at " + offset;
        assertEquals(want, Adler32.update(Adler32.INITIAL, nat, offset, length), what);
        assertEquals(want, Adler32.update(Adler32.INITIAL, MemorySegment.ofArray(b), offset, length), what + " (heap)");
        assertEquals(want, Adler32Scalar.update(Adler32.INITIAL, nat, offset, length), what + " (scalar)");
        if (SimdSupport.VECTOR && Adler32Vector.USABLE && length >= Adler32Vector.ROW) {
            assertEquals(want, Adler32Vector.update(Adler32.INITIAL, nat, offset, length), what + " (vector)");
        }
    }

    @Test
    void everyShortLengthAndOffset() {
        Random random = new Random(1);
        byte[] b = new byte[1100];
        random.nextBytes(b);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(b.length);
            nat.copyFrom(MemorySegment.ofArray(b));
            for (int length = 0; length <= 1024; length++) {
                for (int offset : new int[] {0, 1, 3, 64, 75}) {
                    check(b, offset, length, nat);
                }
            }
        }
    }

    @Test
    void longRangesOfTheLargestBytesOverflowNothing() {
        // all 0xFF is the case that brings the sums nearest to an int's limit; 4 MiB crosses many blocks
        for (byte fill : new byte[] {(byte) 0xFF, (byte) 0x80, 0}) {
            byte[] b = new byte[(4 << 20) + 77];
            Arrays.fill(b, fill);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment nat = arena.allocate(b.length);
                nat.copyFrom(MemorySegment.ofArray(b));
                for (int length : new int[] {b.length - 5, 5552 * 64, 512 * 64, 512 * 64 + 1, 513 * 64 - 1,
                    1024 * 32 + 31}) {
                    check(b, 5, length, nat);
                }
            }
        }
    }

    @Test
    void randomRangesAndAChecksumCarriedAcrossCalls() {
        Random random = new Random(2);
        byte[] b = new byte[1 << 20];
        random.nextBytes(b);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(b.length);
            nat.copyFrom(MemorySegment.ofArray(b));
            for (int i = 0; i < 200; i++) {
                int offset = random.nextInt(b.length);
                int length = random.nextInt(b.length - offset + 1);
                check(b, offset, length, nat);
                int split = offset + random.nextInt(length + 1);
                int carried = Adler32.update(Adler32.update(Adler32.INITIAL, nat, offset, split - offset), nat, split,
                        offset + length - split);
                assertEquals(jdk(b, offset, length), carried, "split at " + split);
            }
        }
    }

    @Test
    void rangesOutsideTheSegmentAreRefused() {
        MemorySegment s = MemorySegment.ofArray(new byte[64]);
        assertThrows(IllegalArgumentException.class, () -> Adler32.update(1, s, 60, 5));
        assertThrows(IllegalArgumentException.class, () -> Adler32.update(1, s, -1, 5));
        assertThrows(IllegalArgumentException.class, () -> Adler32.update(1, s, 0, -1));
    }
}
