package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The unshuffle of rows in two places writes exactly what the unshuffle of the same rows laid end to end writes: the
 * low half of the rows in one segment at a stride of their own, the others in another (the vector kernels where the
 * CPU has them), or one half on the heap (the byte loop), for every tail length around the kernels' steps.
 */
class UnshuffleSplitRowsTest {
    private static final byte GUARD = (byte) 0xA5;

    private static void check(Arena arena, SplittableRandom r, int typesize, int nel, boolean lowOnHeap) {
        long length = (long) nel * typesize;
        int half = typesize / 2;
        MemorySegment shuffled = arena.allocate(length + 1);
        for (long i = 0; i < length; i++) {
            shuffled.set(JAVA_BYTE, i, (byte) r.nextInt());
        }
        MemorySegment expected = arena.allocate(length + 1);
        Shuffle.unshuffle(shuffled, expected, length, typesize);

        // the low rows 4 bytes apart (as raw streams after their sizes), the high ones 1 to 9 bytes apart
        long lowStride = nel + 4L;
        long highStride = nel + 1L + r.nextInt(9);
        long lowBytes = 3 + lowStride * Math.max(half, 1);
        MemorySegment low = lowOnHeap ? MemorySegment.ofArray(new byte[(int) lowBytes]) : arena.allocate(lowBytes);
        MemorySegment high = arena.allocate(5 + highStride * (typesize - half));
        for (int j = 0; j < typesize; j++) {
            if (j < half) {
                MemorySegment.copy(shuffled, (long) j * nel, low, 3 + j * lowStride, nel);
            } else {
                MemorySegment.copy(shuffled, (long) j * nel, high, 5 + (j - half) * highStride, nel);
            }
        }
        MemorySegment out = arena.allocate(length + 9).fill(GUARD);
        Shuffle.unshuffleSplitRows(typesize, low, 3, lowStride, high, 5, highStride, nel, out, 7);
        String what = "typesize " + typesize + ", " + nel + " elements" + (lowOnHeap ? ", low rows on the heap" : "");
        assertEquals(-1, out.asSlice(7, length).mismatch(expected.asSlice(0, length)), what);
        for (long i : new long[] {0, 6, 7 + length, 8 + length}) {
            assertEquals(GUARD, out.get(JAVA_BYTE, i), "byte " + i + " outside the output, " + what);
        }
    }

    @Test
    void everyTailLengthOfTheTypesizesWithKernels() {
        SplittableRandom r = new SplittableRandom(5);
        try (Arena arena = Arena.ofConfined()) {
            for (int typesize : new int[] {4, 8}) {
                for (int nel = 0; nel <= 300; nel++) {
                    check(arena, r, typesize, nel, false);
                }
                check(arena, r, typesize, (1 << 16) + 37, false);
                check(arena, r, typesize, 1000, true);
            }
        }
    }

    @Test
    void otherTypesizesAndLargeBlocks() {
        SplittableRandom r = new SplittableRandom(6);
        try (Arena arena = Arena.ofConfined()) {
            for (int typesize : new int[] {1, 2, 3, 5, 7, 16, 17, 32, 255}) {
                for (int nel : new int[] {0, 1, 63, 64, 65, 129, 1000}) {
                    check(arena, r, typesize, nel, false);
                    check(arena, r, typesize, nel, true);
                }
            }
            for (int typesize : new int[] {4, 8}) {
                check(arena, r, typesize, (4 << 20) / typesize + 3, false);
            }
        }
    }

    @Test
    void rowsOutsideTheirSegmentsOrOverTheOutputAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(4096);
            MemorySegment out = arena.allocate(4096);
            Shuffle.unshuffleSplitRows(8, s, 0, 104, s, 500, 100, 100, out, 0);
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(0, s, 0, 104, s, 500, 100, 100, out, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, 104, s, 500, 100, -1, out, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, -104, s, 500, 100, 100, out, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, 104, s, 3800, 100, 100, out, 0), "row 7 past its segment");
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, Long.MAX_VALUE / 2, s, 500, 100, 100, out, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, 104, s, 500, 100, 100, out, 3500), "output too long");
            assertThrows(IllegalArgumentException.class,
                    () -> Shuffle.unshuffleSplitRows(8, s, 0, 104, out, 500, 100, 100, out, 0), "row 4 in the output");
        }
    }
}
