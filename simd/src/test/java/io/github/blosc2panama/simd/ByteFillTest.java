package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** ByteFill writes exactly its range, for every length around the vector width, on native and heap segments. */
class ByteFillTest {
    private static void check(MemorySegment dst, byte[] background, long offset, long length, byte value) {
        MemorySegment.copy(MemorySegment.ofArray(background), 0, dst, 0, background.length);
        byte[] want = background.clone();
        Arrays.fill(want, (int) offset, (int) (offset + length), value);
        ByteFill.fill(dst, offset, length, value);
        assertEquals(-1, dst.mismatch(MemorySegment.ofArray(want)), length + " bytes at " + offset
                + (dst.isNative() ? " (native)" : " (heap)"));
    }

    @Test
    void fillsExactlyTheRange() {
        SplittableRandom r = new SplittableRandom(7);
        byte[] background = new byte[700];
        r.nextBytes(background);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(background.length, 64);
            MemorySegment heap = MemorySegment.ofArray(new byte[background.length]);
            for (long length = 0; length <= 600; length++) {
                for (long offset : new long[] {0, 1, 5, 31, 700 - length}) {
                    byte value = (byte) r.nextInt();
                    check(nat, background, offset, length, value);
                    check(heap, background, offset, length, value);
                }
            }
        }
    }

    @Test
    void rangesOutsideTheSegmentAreRejected() {
        MemorySegment dst = MemorySegment.ofArray(new byte[64]);
        assertThrows(IllegalArgumentException.class, () -> ByteFill.fill(dst, 60, 5, (byte) 1));
        assertThrows(IllegalArgumentException.class, () -> ByteFill.fill(dst, -1, 5, (byte) 1));
        assertThrows(IllegalArgumentException.class, () -> ByteFill.fill(dst, 0, -1, (byte) 1));
        assertThrows(IllegalArgumentException.class, () -> ByteFill.fill(dst, 1, Long.MAX_VALUE, (byte) 1));
        assertEquals(-1, dst.mismatch(MemorySegment.ofArray(new byte[64])));
    }
}
