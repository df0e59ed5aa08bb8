package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** libdeflate reading what zlib writes, and its answers to bad input. */
class LibdeflateTest {

    @BeforeAll
    static void present() {
        // optional library: on machines without it the zlib codec uses zlib, and NativeLibrariesTest covers loading
        org.junit.jupiter.api.Assumptions.assumeTrue(Libdeflate.isAvailable(),
                NativeLibraries.describe(NativeLibraries.Library.LIBDEFLATE));
    }

    private static byte[] zlibCompress(byte[] data, int level) {
        long[] len = {Zlib.compressBound(data.length)};
        byte[] out = new byte[(int) len[0]];
        assertEquals(Zlib.Z_OK, Zlib.compress2(MemorySegment.ofArray(out), MemorySegment.ofArray(len),
                MemorySegment.ofArray(data), data.length, level));
        return java.util.Arrays.copyOf(out, (int) len[0]);
    }

    private static byte[] zlibUncompress(byte[] stream, int size) {
        long[] len = {size};
        byte[] out = new byte[size];
        assertEquals(Zlib.Z_OK, Zlib.uncompress(MemorySegment.ofArray(out), MemorySegment.ofArray(len),
                MemorySegment.ofArray(stream), stream.length));
        assertEquals(size, len[0]);
        return out;
    }

    @Test
    void readsWhatZlibWritesAtEveryLevel() {
        try (Arena arena = Arena.ofConfined(); Libdeflate.Decompressor d = new Libdeflate.Decompressor()) {
            for (int level = 1; level <= 9; level++) {
                byte[] data = TestData.compressible(100_000 + level * 777, level);
                byte[] fromZlib = zlibCompress(data, level);
                assertTrue(fromZlib.length < data.length / 2, "level " + level + ": " + fromZlib.length + " bytes");
                MemorySegment in = arena.allocate(fromZlib.length).copyFrom(MemorySegment.ofArray(fromZlib));
                MemorySegment back = arena.allocate(data.length);
                assertEquals(Libdeflate.LIBDEFLATE_SUCCESS,
                        d.zlibDecompress(in.address(), fromZlib.length, back.address(), data.length));
                assertArrayEquals(data, back.toArray(ValueLayout.JAVA_BYTE), "libdeflate reads zlib, level " + level);
                assertArrayEquals(data, zlibUncompress(fromZlib, data.length), "and so does zlib");
            }
        }
    }

    @Test
    void badInputAndWrongSizesAreReported() {
        byte[] data = TestData.compressible(20_000, 3);
        byte[] stream = zlibCompress(data, 5);
        try (Arena arena = Arena.ofConfined(); Libdeflate.Decompressor d = new Libdeflate.Decompressor()) {
            MemorySegment in = arena.allocate(stream.length).copyFrom(MemorySegment.ofArray(stream));
            MemorySegment out = arena.allocate(data.length + 10);
            assertEquals(Libdeflate.LIBDEFLATE_SHORT_OUTPUT,
                    d.zlibDecompress(in.address(), stream.length, out.address(), data.length + 10));
            assertEquals(Libdeflate.LIBDEFLATE_INSUFFICIENT_SPACE,
                    d.zlibDecompress(in.address(), stream.length, out.address(), data.length - 1));
            assertEquals(Libdeflate.LIBDEFLATE_BAD_DATA,
                    d.zlibDecompress(in.address(), stream.length / 2, out.address(), data.length));
            in.set(ValueLayout.JAVA_BYTE, 0, (byte) 0x77); // not a zlib header
            assertEquals(Libdeflate.LIBDEFLATE_BAD_DATA,
                    d.zlibDecompress(in.address(), stream.length, out.address(), data.length));
            assertThrows(IllegalArgumentException.class,
                    () -> d.zlibDecompress(in.address(), -1, out.address(), data.length));
        }
        Libdeflate.Decompressor closed = new Libdeflate.Decompressor();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.zlibDecompress(0, 0, 0, 0));
    }

    @Test
    void theExVariantReportsTheStreamsSizeAndLeavesWhatFollowsAlone() {
        byte[] data = TestData.compressible(20_000, 4);
        byte[] stream = zlibCompress(data, 5);
        try (Arena arena = Arena.ofConfined(); Libdeflate.Decompressor d = new Libdeflate.Decompressor()) {
            MemorySegment in = arena.allocate(stream.length + 64).copyFrom(MemorySegment.ofArray(stream));
            in.asSlice(stream.length).fill((byte) 0x5A);
            MemorySegment out = arena.allocate(data.length);
            assertEquals(Libdeflate.LIBDEFLATE_SUCCESS,
                    d.zlibDecompressEx(in.address(), stream.length + 64, out.address(), data.length));
            assertEquals(stream.length, d.streamBytes(), "the stream's own size, not the bytes after it");
            assertArrayEquals(data, out.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(Libdeflate.LIBDEFLATE_BAD_DATA,
                    d.zlibDecompressEx(in.address(), stream.length / 2, out.address(), data.length));
            assertThrows(IllegalArgumentException.class,
                    () -> d.zlibDecompressEx(in.address(), -1, out.address(), data.length));
        }
        Libdeflate.Decompressor closed = new Libdeflate.Decompressor();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.zlibDecompressEx(0, 0, 0, 0));
    }
}
