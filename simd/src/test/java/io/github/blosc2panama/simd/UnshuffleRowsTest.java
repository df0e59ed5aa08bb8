package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Shuffle#unshuffleRows}: rows scattered over two segments at any offsets give the bytes that
 * {@link Shuffle#unshuffle} gives for the same rows laid together, on the vector kernel (where
 * {@link Shuffle#hasRowKernel}) and on the scalar gather, and nothing is written past the block.
 */
class UnshuffleRowsTest {
    private static final int[] TYPESIZES = {1, 2, 3, 4, 7, 8, 16, 17, 32, 255};
    private static final long[] ELEMENTS = {0, 1, 7, 31, 32, 33, 63, 64, 65, 127, 1000, 4099, 32_768 + 5};

    /** Unshuffles {@code nel} random elements from rows placed at random in {@code a} and {@code b}; checks. */
    private static void check(int ts, long nel, MemorySegment a, MemorySegment b, SplittableRandom r, Arena arena) {
        long length = nel * ts;
        MemorySegment data = arena.allocate(Math.max(1, length));
        for (long i = 0; i < length; i++) {
            // a few byte values only, so that rows mixed up or shifted would show
            data.set(JAVA_BYTE, i, (byte) (r.nextInt(4) + 16 * (i % ts)));
        }
        MemorySegment shuffled = arena.allocate(Math.max(1, length));
        Shuffle.shuffle(data, shuffled, length, ts);
        MemorySegment[] rows = new MemorySegment[ts + r.nextInt(3)];
        long[] offsets = new long[rows.length];
        a.fill((byte) 0x33);
        b.fill((byte) 0x44);
        long nextA = r.nextInt(9);
        long nextB = r.nextInt(9);
        for (int j = 0; j < ts; j++) {
            boolean inA = r.nextBoolean();
            rows[j] = inA ? a : b;
            offsets[j] = inA ? nextA : nextB;
            MemorySegment.copy(shuffled, j * nel, rows[j], offsets[j], nel);
            if (inA) {
                nextA += nel + r.nextInt(9);
            } else {
                nextB += nel + r.nextInt(9);
            }
        }
        String what = "ts " + ts + " nel " + nel + (a.isNative() ? " native" : " heap") + (b.isNative() ? "/native" : "/heap");
        MemorySegment out = arena.allocate(length + 16);
        out.fill((byte) 0x5A);
        Shuffle.unshuffleRows(rows, offsets, out, length, ts);
        assertEquals(-1, out.asSlice(0, length).mismatch(data.asSlice(0, length)), what);
        for (long i = length; i < length + 16; i++) {
            assertEquals((byte) 0x5A, out.get(JAVA_BYTE, i), what + ": byte " + i + " past the block");
        }
        MemorySegment scalar = arena.allocate(length + 16);
        ShuffleScalar.unshuffleRows(rows, offsets, scalar, nel, ts);
        assertEquals(-1, scalar.asSlice(0, length).mismatch(data.asSlice(0, length)), what + " (scalar twin)");
    }

    @Test
    void scatteredRowsUnshuffleAsTheContiguousBlock() {
        SplittableRandom r = new SplittableRandom(31);
        try (Arena arena = Arena.ofConfined()) {
            for (int ts : TYPESIZES) {
                for (long nel : ELEMENTS) {
                    if (ts * nel > 2_000_000) {
                        continue;
                    }
                    long room = ts * (nel + 9) + 16;
                    check(ts, nel, arena.allocate(room), arena.allocate(room), r, arena);
                }
            }
        }
    }

    @Test
    void heapRowsGiveTheSameBytes() {
        SplittableRandom r = new SplittableRandom(32);
        try (Arena arena = Arena.ofConfined()) {
            for (int ts : new int[] {4, 8, 16}) {
                for (long nel : new long[] {1, 65, 4099}) {
                    int room = (int) (ts * (nel + 9) + 16);
                    check(ts, nel, MemorySegment.ofArray(new byte[room]), arena.allocate(room), r, arena);
                    check(ts, nel, MemorySegment.ofArray(new byte[room]), MemorySegment.ofArray(new byte[room]), r,
                            arena);
                }
            }
        }
    }

    @Test
    void typesizeEightPastOneKernelRun() {
        // the vector path calls the kernel for at most 2^20 elements at a time
        SplittableRandom r = new SplittableRandom(33);
        try (Arena arena = Arena.ofConfined()) {
            long nel = (1L << 20) + 37;
            long room = 8 * (nel + 9) + 16;
            check(8, nel, arena.allocate(room), arena.allocate(room), r, arena);
        }
    }

    @Test
    void argumentsAreCheckedBeforeAnyAccess() {
        MemorySegment row = MemorySegment.ofArray(new byte[100]);
        MemorySegment[] rows = {row, row, row, row};
        long[] offsets = {0, 10, 20, 30};
        MemorySegment dst = MemorySegment.ofArray(new byte[40]);
        Shuffle.unshuffleRows(rows, offsets, dst, 40, 4);
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(rows, offsets, dst, 40, 0));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(rows, offsets, dst, 39, 4));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(rows, offsets, dst, -4, 4));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(rows, offsets, dst, 40, 5));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleRows(rows, new long[] {0, 10, 20}, dst, 40, 4));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleRows(rows, new long[] {0, 10, 20, 91}, dst, 40, 4));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleRows(rows, new long[] {0, 10, -1, 30}, dst, 40, 4));
        assertThrows(IllegalArgumentException.class,
                () -> Shuffle.unshuffleRows(rows, offsets, MemorySegment.ofArray(new byte[39]), 40, 4));
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffleRows(rows, offsets, row, 40, 4));
        assertThrows(NullPointerException.class,
                () -> Shuffle.unshuffleRows(new MemorySegment[] {row, null, row, row}, offsets, dst, 40, 4));
    }
}
