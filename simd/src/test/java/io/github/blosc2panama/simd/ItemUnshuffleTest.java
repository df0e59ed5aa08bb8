package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Unshuffling a run of elements gives exactly the bytes the whole-block unshuffle puts there. */
class ItemUnshuffleTest {
    private static final int[] TYPESIZES = {1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 32};

    private static void checkRuns(boolean bits, MemorySegment filtered, MemorySegment whole, long length, int ts,
                                  SplittableRandom r, MemorySegment out) {
        long nel = length / ts;
        for (int k = 0; k < 40; k++) {
            long first = r.nextLong(nel + 1);
            long count = k % 4 == 0 ? nel - first : r.nextLong(Math.min(nel - first, k % 3 == 0 ? 300 : 9) + 1);
            long at = r.nextInt(5);
            out.fill((byte) 0x5A);
            if (bits) {
                BitShuffle.bitunshuffleItems(filtered, length, ts, first, count, out, at);
            } else {
                Shuffle.unshuffleItems(filtered, length, ts, first, count, out, at);
            }
            String what = (bits ? "bit" : "byte") + " ts " + ts + " length " + length + " [" + first + ", +" + count
                    + ") at " + at;
            assertEquals(-1, out.asSlice(at, count * ts).mismatch(whole.asSlice(first * ts, count * ts)), what);
            assertEquals((byte) 0x5A, out.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at + count * ts), what);
        }
    }

    @Test
    void runsMatchTheWholeBlockOnNativeAndHeapSegments() {
        SplittableRandom r = new SplittableRandom(11);
        try (Arena arena = Arena.ofConfined()) {
            for (int ts : TYPESIZES) {
                for (long length : new long[] {0, ts, 7L * ts + 3, 64L * ts, 1000L * ts + ts - 1, 4099L * ts}) {
                    MemorySegment data = arena.allocate(length + 1);
                    for (long i = 0; i < length; i++) {
                        data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
                    }
                    MemorySegment shuffled = arena.allocate(length + 1);
                    MemorySegment bitshuffled = arena.allocate(length + 1);
                    Shuffle.shuffle(data, shuffled, length, ts);
                    BitShuffle.bitshuffle(data, bitshuffled, length, ts);
                    MemorySegment out = arena.allocate(length + 16);
                    checkRuns(false, shuffled, data, length, ts, r, out);
                    checkRuns(true, bitshuffled, data, length, ts, r, out);
                    // heap copies of the same
                    MemorySegment heapShuffled = MemorySegment.ofArray(shuffled.toArray(
                            java.lang.foreign.ValueLayout.JAVA_BYTE));
                    MemorySegment heapOut = MemorySegment.ofArray(new byte[(int) length + 16]);
                    checkRuns(false, heapShuffled, data, length, ts, r, heapOut);
                }
            }
        }
    }

    @Test
    void argumentsAreCheckedBeforeAnyAccess() {
        MemorySegment src = MemorySegment.ofArray(new byte[80]);
        MemorySegment dst = MemorySegment.ofArray(new byte[80]);
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleItems(src, 80, 8, 9, 2, dst, 0));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleItems(src, 80, 8, -1, 2, dst, 0));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleItems(src, 81, 8, 0, 2, dst, 0));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleItems(src, 80, 0, 0, 2, dst, 0));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitunshuffleItems(src, 80, 8, 0, 10, dst, 1));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitunshuffleItems(src, 80, 8, 0, 2, src, 8));
    }

    @Test
    void rowsOfRunsMatchTheWholeBlock() {
        SplittableRandom r = new SplittableRandom(12);
        try (Arena arena = Arena.ofConfined()) {
            for (int ts : TYPESIZES) {
                long length = 1200L * ts + 5;
                long nel = length / ts;
                MemorySegment data = arena.allocate(length);
                for (long i = 0; i < length; i++) {
                    data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
                }
                for (boolean bits : new boolean[] {false, true}) {
                    MemorySegment filtered = arena.allocate(length);
                    if (bits) {
                        BitShuffle.bitshuffle(data, filtered, length, ts);
                    } else {
                        Shuffle.shuffle(data, filtered, length, ts);
                    }
                    for (int k = 0; k < 30; k++) {
                        long count = 1 + r.nextLong(k % 2 == 0 ? 3 : 90);
                        long itemStep = count + r.nextLong(40);
                        long rows = 1 + r.nextLong((nel - count) / itemStep + 1);
                        long first = r.nextLong(nel - (rows - 1) * itemStep - count + 1);
                        long dstStep = count * ts + r.nextInt(7);
                        MemorySegment out = arena.allocate(3 + rows * dstStep + 1);
                        out.fill((byte) 0x5A);
                        if (bits) {
                            BitShuffle.bitunshuffleItemRows(filtered, length, ts, first, count, rows, itemStep, out, 3,
                                    dstStep);
                        } else {
                            Shuffle.unshuffleItemRows(filtered, length, ts, first, count, rows, itemStep, out, 3,
                                    dstStep);
                        }
                        for (long row = 0; row < rows; row++) {
                            String what = (bits ? "bit" : "byte") + " ts " + ts + " row " + row + " of " + rows
                                    + " runs of " + count + " step " + itemStep;
                            long at = 3 + row * dstStep;
                            assertEquals(-1, out.asSlice(at, count * ts).mismatch(
                                    data.asSlice((first + row * itemStep) * ts, count * ts)), what);
                            if (row == rows - 1 || dstStep > count * ts) {
                                assertEquals((byte) 0x5A, out.get(java.lang.foreign.ValueLayout.JAVA_BYTE,
                                        at + count * ts), what);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void rowArgumentsAreCheckedBeforeAnyAccess() {
        MemorySegment src = MemorySegment.ofArray(new byte[80]);
        MemorySegment dst = MemorySegment.ofArray(new byte[80]);
        // ten 8-byte elements: runs of 3 at 0, 4, 8 need an element 10
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleItemRows(src, 80, 8, 0, 3, 3, 4, dst, 0, 24));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleItemRows(src, 80, 8, 0, 1, 3, 4, dst, 0, 40));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleItemRows(src, 80, 8, 0, 1, 2, -1, dst, 0, 8));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleItemRows(src, 80, 8, 0, 1, -1, 1, dst, 0, 8));
        assertThrows(IllegalArgumentException.class,
                () -> BitShuffle.bitunshuffleItemRows(src, 80, 8, 0, 1, Long.MAX_VALUE, 2, dst, 0, 8));
        assertThrows(IllegalArgumentException.class,
                () -> BitShuffle.bitunshuffleItemRows(src, 80, 8, 0, 1, 2, 1, dst, 0, Long.MAX_VALUE));
        // zero rows touch nothing and are fine
        Shuffle.unshuffleItemRows(src, 80, 8, 0, 1, 0, 1, dst, 0, 8);
    }
}
