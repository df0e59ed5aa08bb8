package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** One reused zlib stream whose level changes between blocks: what it writes is a zlib stream zlib reads back. */
class ZlibDeflaterTest {

    @Test
    void theStructHasZlibsSize() {
        assertEquals(112, ZStream.SIZE);
    }

    @Test
    void levelsChangedBetweenBlocksMakeOneStreamAndTheStreamIsReused() {
        byte[] text = TestData.compressible(30_000, 3);
        byte[] noise = TestData.random(30_000, 4);
        byte[] data = new byte[90_000];
        System.arraycopy(text, 0, data, 0, 30_000);
        System.arraycopy(noise, 0, data, 30_000, 30_000);
        System.arraycopy(text, 0, data, 60_000, 30_000);
        try (Arena arena = Arena.ofConfined(); ZlibDeflater deflater = new ZlibDeflater(6)) {
            MemorySegment in = arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data));
            MemorySegment out = arena.allocate(100_000);
            for (int round = 0; round < 3; round++) {
                deflater.begin(5, out.address(), (int) out.byteSize());
                int[] levels = {5, 0, 9};
                for (int part = 0; part < 3; part++) {
                    assertEquals(Zlib.Z_OK, deflater.level(levels[part]));
                    int rc = deflater.deflate(in.address() + part * 30_000L, 30_000, part == 2 ? Zlib.Z_FINISH
                            : Zlib.Z_BLOCK);
                    assertEquals(part == 2 ? Zlib.Z_STREAM_END : Zlib.Z_OK, rc);
                    assertEquals(0, deflater.availIn());
                }
                long n = deflater.totalOut();
                // the noise is stored (5 bytes of header per block of up to 64 KiB), the text compressed
                assertTrue(n > 30_000 && n < 30_000 + 2 * 15_000, "stream of " + n);
                assertEquals(out.byteSize() - n, deflater.availOut());
                byte[] back = uncompress(out.asSlice(0, n), data.length);
                assertArrayEquals(data, back, "round " + round);
            }
        }
    }

    @Test
    void tooLittleRoomIsAResultAndBadArgumentsAreRefused() {
        byte[] noise = TestData.random(20_000, 5);
        try (Arena arena = Arena.ofConfined(); ZlibDeflater deflater = new ZlibDeflater(5)) {
            MemorySegment in = arena.allocate(noise.length).copyFrom(MemorySegment.ofArray(noise));
            MemorySegment out = arena.allocate(1_000);
            deflater.begin(5, out.address(), 1_000);
            int rc = deflater.deflate(in.address(), noise.length, Zlib.Z_FINISH);
            assertNotEquals(Zlib.Z_STREAM_END, rc);
            assertEquals(0, deflater.availOut());
            assertThrows(IllegalArgumentException.class, () -> deflater.level(10));
            assertThrows(IllegalArgumentException.class, () -> deflater.begin(-1, out.address(), 10));
            assertThrows(IllegalArgumentException.class, () -> deflater.deflate(in.address(), -1, Zlib.Z_BLOCK));
            assertThrows(IllegalArgumentException.class, () -> deflater.deflate(in.address(), 10, 0));
            assertThrows(IllegalArgumentException.class, () -> Zlib.deflate(MemorySegment.ofArray(new byte[112]), 0));
            assertThrows(IndexOutOfBoundsException.class, () -> Zlib.deflate(arena.allocate(100), 0));
            deflater.close();
            assertThrows(IllegalStateException.class, () -> deflater.begin(5, out.address(), 10));
        }
    }

    private static byte[] uncompress(MemorySegment stream, int size) {
        byte[] back = new byte[size];
        long[] len = {size};
        assertEquals(Zlib.Z_OK, Zlib.uncompress(MemorySegment.ofArray(back), MemorySegment.ofArray(len), stream,
                stream.byteSize()));
        assertEquals(size, len[0]);
        return back;
    }
}
