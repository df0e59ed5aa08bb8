package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The unshuffle of rows that lie anywhere writes exactly what the unshuffle of the same rows laid end to end writes:
 * rows spread over two native segments at odd offsets (the vector kernels where the CPU has them), or with one row on
 * the heap (the byte loop), for every tail length around the kernels' steps.
 */
class UnshuffleRowsTest {
    private static final byte GUARD = (byte) 0xA5;

    private static void check(Arena arena, SplittableRandom r, int typesize, int nel, boolean oneOnHeap) {
        long length = (long) nel * typesize;
        MemorySegment shuffled = arena.allocate(length + 1);
        for (long i = 0; i < length; i++) {
            shuffled.set(JAVA_BYTE, i, (byte) r.nextInt());
        }
        MemorySegment expected = arena.allocate(length + 1);
        Shuffle.unshuffle(shuffled, expected, length, typesize);

        // row j goes to segment a or b (or the heap), each at an offset of its own, in no order
        MemorySegment a = arena.allocate(length + 64L * typesize + 64);
        MemorySegment b = arena.allocate(length + 64L * typesize + 64);
        MemorySegment[] rows = new MemorySegment[typesize + 2];
        long[] offsets = new long[typesize + 2];
        long atA = 1;
        long atB = 3;
        for (int j = typesize - 1; j >= 0; j--) {
            MemorySegment row = shuffled.asSlice((long) j * nel, nel);
            if (oneOnHeap && j == typesize / 2) {
                rows[j] = MemorySegment.ofArray(new byte[nel + 5]);
                offsets[j] = 5;
            } else if (r.nextBoolean()) {
                rows[j] = a;
                offsets[j] = atA;
                atA += nel + r.nextInt(40);
            } else {
                rows[j] = b;
                offsets[j] = atB;
                atB += nel + r.nextInt(40);
            }
            MemorySegment.copy(row, 0, rows[j], offsets[j], nel);
        }
        MemorySegment out = arena.allocate(length + 9).fill(GUARD);
        Shuffle.unshuffleRows(typesize, rows, offsets, nel, out, 7);
        String what = "typesize " + typesize + ", " + nel + " elements" + (oneOnHeap ? ", a row on the heap" : "");
        assertEquals(-1, out.asSlice(7, length).mismatch(expected.asSlice(0, length)), what);
        for (long i : new long[] {0, 6, 7 + length, 8 + length}) {
            assertEquals(GUARD, out.get(JAVA_BYTE, i), "byte " + i + " outside the output, " + what);
        }
    }

    @Test
    void everyTailLengthOfTheTypesizesWithKernels() {
        SplittableRandom r = new SplittableRandom(5);
        try (Arena arena = Arena.ofConfined()) {
            for (int typesize : new int[] {2, 4, 8}) {
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
            for (int typesize : new int[] {1, 3, 5, 7, 16, 17, 32, 255}) {
                for (int nel : new int[] {0, 1, 63, 64, 65, 129, 1000}) {
                    check(arena, r, typesize, nel, false);
                    check(arena, r, typesize, nel, true);
                }
            }
            for (int typesize : new int[] {2, 4, 8}) {
                check(arena, r, typesize, (4 << 20) / typesize + 3, false);
            }
        }
    }

    @Test
    void rowsOutsideTheirSegmentsOrOverTheOutputAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(4096);
            MemorySegment out = arena.allocate(4096);
            MemorySegment[] rows = {s, s, s, s};
            long[] offsets = {0, 100, 200, 300};
            Shuffle.unshuffleRows(4, rows, offsets, 100, out, 0);
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(8, rows, offsets, 100, out, 0),
                    "fewer rows than the typesize");
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(0, rows, offsets, 100, out, 0));
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(4, rows, offsets, -1, out, 0));
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(4, rows,
                    new long[] {0, 100, 200, 4000}, 100, out, 0), "row 3 ends past its segment");
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(4, rows,
                    new long[] {0, -1, 200, 300}, 100, out, 0));
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(4, rows, offsets, 100, out, 3800),
                    "output past its segment");
            assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(4,
                    new MemorySegment[] {s, out, s, s}, offsets, 100, out, 0), "row 1 inside the output");
        }
    }
}
