package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class ZlibTest {

    @Test
    void versionAndBound() {
        assertTrue(Zlib.zlibVersion().startsWith("1."), Zlib.zlibVersion());
        assertTrue(Zlib.compressBound(1000) > 1000);
    }

    @Test
    void roundTripHeapAndNative() {
        byte[] data = TestData.compressible(50_000, 2);
        long[] len = {Zlib.compressBound(data.length)};
        byte[] out = new byte[(int) len[0]];
        assertEquals(Zlib.Z_OK, Zlib.compress2(MemorySegment.ofArray(out), MemorySegment.ofArray(len),
                MemorySegment.ofArray(data), data.length, 6));
        int n = (int) len[0];
        assertTrue(n > 0 && n < data.length / 2);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(n).copyFrom(MemorySegment.ofArray(out).asSlice(0, n));
            MemorySegment dst = arena.allocate(data.length);
            MemorySegment dlen = arena.allocate(ValueLayout.JAVA_LONG);
            dlen.set(ValueLayout.JAVA_LONG, 0, data.length);
            assertEquals(Zlib.Z_OK, Zlib.uncompress(dst, dlen, src, n));
            assertEquals(data.length, dlen.get(ValueLayout.JAVA_LONG, 0));
            assertArrayEquals(data, dst.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void tooSmallOutputAndCorruptInputGiveErrorCodes() {
        byte[] data = TestData.random(10_000, 5);
        long[] len = {100};
        byte[] out = new byte[100];
        assertEquals(Zlib.Z_BUF_ERROR, Zlib.compress2(MemorySegment.ofArray(out), MemorySegment.ofArray(len),
                MemorySegment.ofArray(data), data.length, 6));
        long[] dlen = {10_000};
        int rc = Zlib.uncompress(MemorySegment.ofArray(new byte[10_000]), MemorySegment.ofArray(dlen),
                MemorySegment.ofArray(data), 1000);
        assertTrue(rc == Zlib.Z_DATA_ERROR || rc == Zlib.Z_BUF_ERROR, "rc " + rc);
    }

    @Test
    void destLenLargerThanDestIsRefused() {
        long[] len = {101};
        assertThrows(IndexOutOfBoundsException.class, () -> Zlib.compress2(MemorySegment.ofArray(new byte[100]),
                MemorySegment.ofArray(len), MemorySegment.ofArray(new byte[10]), 10, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> Zlib.uncompress(MemorySegment.ofArray(new byte[100]),
                MemorySegment.ofArray(new byte[4]), MemorySegment.ofArray(new byte[10]), 10));
        assertThrows(IndexOutOfBoundsException.class, () -> Zlib.uncompress(MemorySegment.ofArray(new byte[100]),
                MemorySegment.ofArray(new long[] {100}), MemorySegment.ofArray(new byte[10]), 11));
    }
}
