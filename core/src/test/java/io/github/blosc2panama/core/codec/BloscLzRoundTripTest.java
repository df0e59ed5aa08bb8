package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.UnsupportedFeatureException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Round trips over many sizes, all clevels, several kinds of data, heap and native segments. */
class BloscLzRoundTripTest {

    private static final BloscLzCodec CODEC = BloscLzCodec.INSTANCE;

    private static final int[] SIZES = {0, 1, 2, 15, 16, 17, 31, 32, 33, 65, 66, 67, 100, 255, 256, 1000, 4095,
        4096, 8191, 8192, 8193, 16_384, 65_535, 65_536, 73_727, 100_000, 262_144, 524_287, 1 << 20};

    private static byte[][] inputs(int size, SplittableRandom rnd) {
        byte[] random = new byte[size];
        rnd.nextBytes(random);
        return new byte[][] {
            random,
            BloscLzTestData.text(size).bytes(size),
            BloscLzTestData.shuffle(BloscLzTestData.arange(8).bytes(size), 0, size, 8),
            BloscLzInteropTest.runsAndNoise(rnd, size),
            new byte[size], // zeros: long runs and long-length matches
        };
    }

    private static void roundTrip(byte[] data, int clevel, boolean nativeSegments, Arena arena, int[] stats) {
        int size = data.length;
        int capacity = size + size / 16 + 66;
        MemorySegment src = nativeSegments ? arena.allocate(Math.max(size, 1)).asSlice(0, size) : MemorySegment.ofArray(data.clone());
        if (nativeSegments) {
            MemorySegment.copy(data, 0, src, ValueLayout.JAVA_BYTE, 0, size);
        }
        MemorySegment dst = nativeSegments ? arena.allocate(capacity) : MemorySegment.ofArray(new byte[capacity]);
        int n = CODEC.compress(src, dst, clevel, null);
        assertTrue(n >= 0 && n <= capacity, "compressed size " + n);
        if (n == 0) {
            stats[0]++;
            return;
        }
        stats[1]++;
        MemorySegment back = nativeSegments ? arena.allocate(Math.max(size, 1)).asSlice(0, size) : MemorySegment.ofArray(new byte[size]);
        assertEquals(size, CODEC.decompress(dst.asSlice(0, n), back, null), "size " + size + " clevel " + clevel);
        assertArrayEquals(data, back.toArray(ValueLayout.JAVA_BYTE), "size " + size + " clevel " + clevel);
        // the stream needs exactly its own bytes: no less
        if (n > 1 && size <= 100_000) {
            MemorySegment shorter = dst.asSlice(0, n - 1);
            assertThrows(io.github.blosc2panama.core.CorruptDataException.class,
                    () -> CODEC.decompress(shorter, MemorySegment.ofArray(new byte[size]), null));
        }
    }

    @Test
    void roundTripsAllSizesLevelsAndData() {
        SplittableRandom rnd = new SplittableRandom(1);
        int[] stats = new int[2];
        try (Arena arena = Arena.ofConfined()) {
            for (int size : SIZES) {
                byte[][] inputs = inputs(size, rnd);
                for (int clevel = 1; clevel <= 9; clevel++) {
                    for (int d = 0; d < inputs.length; d++) {
                        roundTrip(inputs[d], clevel, (size + clevel + d) % 2 == 0, arena, stats);
                    }
                }
            }
        }
        System.out.printf("BloscLZ round trips: %d compressed and restored, %d left raw (returned 0)%n", stats[1], stats[0]);
        assertTrue(stats[1] > 500, "too few compressed: " + stats[1]);
    }

    @Test
    void compressibleBlocksCompressAtEveryLevelAndRandomOnesDoNot() {
        byte[] text = BloscLzTestData.text(1 << 16).bytes(1 << 16);
        byte[] random = BloscLzTestData.random(5).bytes(1 << 16);
        byte[] zeros = new byte[1 << 16];
        for (int clevel = 1; clevel <= 9; clevel++) {
            byte[] dst = new byte[1 << 16];
            int nz = CODEC.compress(MemorySegment.ofArray(zeros), MemorySegment.ofArray(dst), clevel, null);
            assertTrue(nz > 0 && nz < 1000, "zeros at clevel " + clevel + ": " + nz);
            assertEquals(0, CODEC.compress(MemorySegment.ofArray(random), MemorySegment.ofArray(dst), clevel, null),
                    "random data at clevel " + clevel);
            if (clevel >= 5) {
                int nt = CODEC.compress(MemorySegment.ofArray(text), MemorySegment.ofArray(dst), clevel, null);
                assertTrue(nt > 0 && nt < (1 << 16) * 0.6, "text at clevel " + clevel + ": " + nt);
            }
        }
    }

    @Test
    void returnsZeroWhenTheOutputDoesNotFit() {
        byte[] text = BloscLzTestData.text(1 << 16).bytes(1 << 16);
        byte[] big = new byte[1 << 16];
        int full = CODEC.compress(MemorySegment.ofArray(text), MemorySegment.ofArray(big), 5, null);
        assertTrue(full > 100);
        for (int cap : new int[] {0, 10, 65, 66, 1000, full - 1}) { // C also wants one spare byte per pending literal
            byte[] dst = new byte[cap];
            assertEquals(0, CODEC.compress(MemorySegment.ofArray(text), MemorySegment.ofArray(dst), 5, null), "capacity " + cap);
        }
        byte[] exact = new byte[full + 2];
        assertEquals(full, CODEC.compress(MemorySegment.ofArray(text), MemorySegment.ofArray(exact), 5, null));
        assertArrayEquals(java.util.Arrays.copyOf(big, full), java.util.Arrays.copyOf(exact, full));
    }

    @Test
    void rejectsBadArguments() {
        MemorySegment src = MemorySegment.ofArray(new byte[100]);
        MemorySegment dst = MemorySegment.ofArray(new byte[200]);
        assertThrows(InvalidArgumentException.class, () -> CODEC.compress(src, dst, 0, null));
        assertThrows(InvalidArgumentException.class, () -> CODEC.compress(src, dst, 10, null));
        assertThrows(UnsupportedFeatureException.class, () -> CODEC.compress(src, dst, 5, MemorySegment.ofArray(new byte[8])));
        assertThrows(InvalidArgumentException.class, () -> CODEC.compress(src, dst.asReadOnly(), 5, null));
        assertThrows(InvalidArgumentException.class, () -> CODEC.decompress(src, dst.asReadOnly(), null));
    }
}
