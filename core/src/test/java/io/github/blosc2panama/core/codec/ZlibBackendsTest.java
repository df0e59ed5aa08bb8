package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.Libdeflate;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The zlib codec on libdeflate and on zlib: each reads the other's streams (heap and native, at every level),
 * compressed sizes close to each other, and the same typed errors for bad streams.
 */
class ZlibBackendsTest {
    private static final ZlibCodec LIBDEFLATE = new ZlibCodec(true);
    private static final ZlibCodec ZLIB = new ZlibCodec(false);

    @BeforeAll
    static void present() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Libdeflate.isAvailable(), "libdeflate is not installed");
    }

    @Test
    void theDefaultIsLibdeflateWhenInstalled() {
        assertEquals("libdeflate", ZlibCodec.INSTANCE.backend());
    }

    @Test
    void bothBackendsReadTheStreamsOnHeapAndNativeSegments() {
        try (Arena arena = Arena.ofConfined()) {
            for (int clevel = 1; clevel <= 9; clevel++) {
                // a destination too small for the stream: 0, "does not compress", from both
                byte[] noise = NativeCodecsTest.compressible(2_000, 100 + clevel);
                new java.util.Random(clevel).nextBytes(noise);
                for (ZlibCodec writer : new ZlibCodec[] {LIBDEFLATE, ZLIB}) {
                    assertEquals(0, writer.compress(MemorySegment.ofArray(noise), MemorySegment.ofArray(new byte[1_000]),
                            clevel, null), writer.backend());
                }
                byte[] data = NativeCodecsTest.compressible(60_000 + clevel, clevel);
                byte[] viaZlib = new byte[data.length];
                int z = ZLIB.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(viaZlib), clevel, null);
                for (ZlibCodec writer : new ZlibCodec[] {LIBDEFLATE, ZLIB}) {
                    byte[] out = new byte[data.length];
                    int n = writer.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), clevel, null);
                    assertTrue(n > 0 && n < data.length / 2, writer.backend() + " clevel " + clevel + ": " + n);
                    if (writer == ZLIB) {
                        assertEquals(-1, MemorySegment.ofArray(out).asSlice(0, n)
                                .mismatch(MemorySegment.ofArray(viaZlib).asSlice(0, z)), "zlib is deterministic");
                    } else {
                        // other bytes, not bigger than zlib's at the same level (give or take 10 %)
                        assertTrue(n <= z + z / 10, "libdeflate " + n + " bytes, zlib " + z);
                    }
                    MemorySegment nsrc = arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data));
                    MemorySegment ndst = arena.allocate(data.length);
                    assertEquals(n, writer.compress(nsrc, ndst, clevel, null), "native and heap give the same size");
                    for (ZlibCodec reader : new ZlibCodec[] {LIBDEFLATE, ZLIB}) {
                        byte[] back = new byte[data.length + 16];
                        // the stream in the middle of a bigger segment, as the chunk reader passes it
                        MemorySegment framed = arena.allocate(n + 10);
                        MemorySegment.copy(MemorySegment.ofArray(out), 0, framed, 5, n);
                        assertEquals(data.length, reader.decompress(framed, 5, n, MemorySegment.ofArray(back), 8,
                                data.length, null));
                        assertEquals(-1, MemorySegment.ofArray(back).asSlice(8, data.length)
                                .mismatch(MemorySegment.ofArray(data)), writer.backend() + " -> " + reader.backend());
                        MemorySegment nback = arena.allocate(data.length);
                        assertEquals(data.length, reader.decompress(ndst.asSlice(0, n), nback, null));
                        assertArrayEquals(data, nback.toArray(ValueLayout.JAVA_BYTE));
                    }
                }
            }
        }
    }

    @Test
    void bothBackendsRejectCorruptTruncatedAndWrongSizeStreams() {
        byte[] data = NativeCodecsTest.compressible(30_000, 7);
        byte[] out = new byte[data.length];
        int n = ZLIB.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), 5, null);
        MemorySegment stream = MemorySegment.ofArray(out).asSlice(0, n);
        byte[] garbage = out.clone();
        garbage[0] = 0x13;
        for (ZlibCodec c : new ZlibCodec[] {LIBDEFLATE, ZLIB}) {
            String name = c.backend();
            assertThrows(CorruptDataException.class,
                    () -> c.decompress(stream, MemorySegment.ofArray(new byte[data.length + 1]), null), name);
            assertThrows(CorruptDataException.class,
                    () -> c.decompress(stream, MemorySegment.ofArray(new byte[data.length - 1]), null), name);
            assertThrows(CorruptDataException.class, () -> c.decompress(stream.asSlice(0, n / 2),
                    MemorySegment.ofArray(new byte[data.length]), null), name);
            assertThrows(CorruptDataException.class, () -> c.decompress(MemorySegment.ofArray(garbage).asSlice(0, n),
                    MemorySegment.ofArray(new byte[data.length]), null), name);
            assertThrows(IndexOutOfBoundsException.class, () -> c.decompress(stream, 0, n + 1,
                    MemorySegment.ofArray(new byte[data.length]), 0, data.length, null), name);
            // a destination too small to hold a compressed stream: 0, stored uncompressed by the chunk writer
            assertEquals(0, c.compress(MemorySegment.ofArray(NativeCodecsTest.random(5000, 1)),
                    MemorySegment.ofArray(new byte[4000]), 5, null), name);
        }
    }
}
