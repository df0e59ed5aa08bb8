package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class Lz4Test {

    @Test
    void versionIsOneDotSomething() {
        int v = Lz4.LZ4_versionNumber();
        assertTrue(v >= 10900 && v < 20000, "LZ4 version " + v);
        assertEquals(65536 + 65536 / 255 + 16, Lz4.LZ4_compressBound(65536));
    }

    @Test
    void fastAndHcRoundTripOnHeapSegments() {
        byte[] data = TestData.compressible(100_000, 1);
        byte[] out = new byte[Lz4.LZ4_compressBound(data.length)];
        int n = Lz4.LZ4_compress_fast(MemorySegment.ofArray(data), MemorySegment.ofArray(out), data.length,
                out.length, 1);
        assertTrue(n > 0 && n < data.length / 2, "compressed " + n);
        byte[] back = new byte[data.length];
        assertEquals(data.length, Lz4.LZ4_decompress_safe(MemorySegment.ofArray(out), MemorySegment.ofArray(back),
                n, back.length));
        assertArrayEquals(data, back);

        int h = Lz4.LZ4_compress_HC(MemorySegment.ofArray(data), MemorySegment.ofArray(out), data.length,
                out.length, 9);
        assertTrue(h > 0 && h <= n, "hc " + h + " fast " + n);
        assertEquals(data.length, Lz4.LZ4_decompress_safe(MemorySegment.ofArray(out), MemorySegment.ofArray(back),
                h, back.length));
        assertArrayEquals(data, back);
    }

    @Test
    void lengthsAreCheckedBeforeTheNativeCall() {
        MemorySegment small = MemorySegment.ofArray(new byte[10]);
        MemorySegment big = MemorySegment.ofArray(new byte[100]);
        assertThrows(IndexOutOfBoundsException.class, () -> Lz4.LZ4_compress_fast(small, big, 11, 100, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> Lz4.LZ4_compress_fast(big, small, 100, 11, 1));
        assertThrows(IllegalArgumentException.class, () -> Lz4.LZ4_decompress_safe(big, small, -1, 10));
        assertThrows(IndexOutOfBoundsException.class,
                () -> Lz4.LZ4_decompress_safe_usingDict(big, big, 10, 10, small, 11));
        assertThrows(IllegalArgumentException.class, () -> Lz4.LZ4_freeStream(MemorySegment.NULL));
    }

    @Test
    void corruptStreamGivesNegativeResultNotACrash() {
        byte[] garbage = TestData.random(1000, 7);
        garbage[0] = (byte) 0xF0; // literal run needing more bytes than remain
        byte[] back = new byte[4000];
        int r = Lz4.LZ4_decompress_safe(MemorySegment.ofArray(garbage), MemorySegment.ofArray(back), 1000, 4000);
        assertTrue(r < 0 || r != 4000);
    }

    @Test
    void dictionaryStreamsRoundTripAndStreamingFunctionsRefuseHeapSegments() {
        byte[] dictBytes = TestData.compressible(8192, 3);
        byte[] data = TestData.compressible(4096, 4);
        try (Arena arena = Arena.ofConfined(); Lz4.Stream stream = new Lz4.Stream();
             Lz4.StreamHC hc = new Lz4.StreamHC()) {
            MemorySegment dict = arena.allocate(dictBytes.length).copyFrom(MemorySegment.ofArray(dictBytes));
            MemorySegment src = arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data));
            MemorySegment dst = arena.allocate(8192);
            assertThrows(IllegalArgumentException.class,
                    () -> Lz4.LZ4_loadDict(stream.pointer(), MemorySegment.ofArray(dictBytes), dictBytes.length));
            Lz4.LZ4_loadDict(stream.pointer(), dict, dictBytes.length);
            int n = Lz4.LZ4_compress_fast_continue(stream.pointer(), src, dst, data.length, 8192, 1);
            assertTrue(n > 0);
            byte[] back = new byte[data.length];
            assertEquals(data.length, Lz4.LZ4_decompress_safe_usingDict(dst, MemorySegment.ofArray(back), n,
                    back.length, MemorySegment.ofArray(dictBytes), dictBytes.length));
            assertArrayEquals(data, back);

            Lz4.LZ4_resetStreamHC_fast(hc.pointer(), 9);
            Lz4.LZ4_loadDictHC(hc.pointer(), dict, dictBytes.length);
            int m = Lz4.LZ4_compress_HC_continue(hc.pointer(), src, dst, data.length, 8192);
            assertTrue(m > 0);
            java.util.Arrays.fill(back, (byte) 0);
            assertEquals(data.length, Lz4.LZ4_decompress_safe_usingDict(dst, MemorySegment.ofArray(back), m,
                    back.length, dict, dictBytes.length));
            assertArrayEquals(data, back);
            assertEquals(data[17], src.get(ValueLayout.JAVA_BYTE, 17));
        }
    }
}
