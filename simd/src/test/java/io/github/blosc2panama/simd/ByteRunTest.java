package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** ByteRun, its vector kernel and its scalar twin, on runs and on runs with one other byte at every place. */
class ByteRunTest {
    private static boolean reference(byte[] b, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (b[i] != b[offset]) {
                return false;
            }
        }
        return true;
    }

    @Test
    void findsTheOneOtherByteWhereverItIs() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(700);
            for (int length = 0; length <= 300; length++) {
                for (int offset : new int[] {0, 1, 7}) {
                    for (int odd = -1; odd < length; odd++) {
                        byte[] b = new byte[700];
                        Arrays.fill(b, (byte) (length * 7));
                        b[offset + length] = 1; // just past the range: never seen
                        if (odd >= 0) {
                            b[offset + odd] ^= (byte) (1 << (odd % 8));
                        }
                        nat.copyFrom(MemorySegment.ofArray(b));
                        boolean want = reference(b, offset, length);
                        String what = length + " bytes at " + offset + ", other byte at " + odd;
                        assertEquals(want, ByteRun.isRun(nat, offset, length), what);
                        assertEquals(want, ByteRun.isRun(MemorySegment.ofArray(b), offset, length), what + " (heap)");
                        assertEquals(want, ByteRunScalar.isRun(nat, offset, length), what + " (scalar)");
                        if (SimdSupport.VECTOR && length >= ByteRunVector.STEP) {
                            assertEquals(want, ByteRunVector.isRun(nat, offset, length), what + " (vector)");
                        }
                    }
                }
            }
        }
    }

    @Test
    void rangesOutsideTheSegmentAreRefused() {
        MemorySegment s = MemorySegment.ofArray(new byte[64]);
        assertThrows(IllegalArgumentException.class, () -> ByteRun.isRun(s, 60, 5));
        assertThrows(IllegalArgumentException.class, () -> ByteRun.isRun(s, -1, 5));
        assertThrows(IllegalArgumentException.class, () -> ByteRun.isRun(s, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> ByteRun.isRun(s, 1, Long.MAX_VALUE));
    }
}
