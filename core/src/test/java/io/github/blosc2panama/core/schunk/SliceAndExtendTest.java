package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.TestSupport;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code getSlice} reads only the chunks, and of a chunk only the blocks, that hold the slice. */
class SliceAndExtendTest {
    private static final int CHUNK = 4000;
    /** Zstd, shuffle, blocks of 1000 bytes: 4 blocks of one stream each per chunk. */
    private static final CParams P = CParams.builder().codec(Codec.ZSTD).clevel(5).typesize(4)
            .filters(Filter.SHUFFLE).blocksize(1000).build();
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Counters with noise in their low byte: compressible, but not into a special or memcpy'd chunk. */
    private static byte[] data(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i % 4 == 0 ? r.nextInt() : i / 4 >> (8 * (i % 4)));
        }
        return b;
    }

    @Test
    void getSliceLeavesOtherChunksUnread() {
        byte[] all = data(10 * CHUNK, 4);
        byte[] frame;
        try (SChunk sc = SChunk.create(Storage.inMemory(), P, CHUNK, ChunkCodec.BLOSC2)) {
            sc.extend(MemorySegment.ofArray(all));
            frame = sc.toCframe();
        }
        MemorySegment f = MemorySegment.ofArray(frame);
        try (SChunk sc = SChunk.fromCframe(f, ChunkCodec.BLOSC2)) {
            // chunk 5: a header whose cbytes runs past the frame; chunk 2: its last block's stream claims 2 GB
            MemorySegment c5 = sc.chunk(5);
            c5.set(INT, 12, Integer.MAX_VALUE);
            MemorySegment c2 = sc.chunk(2);
            int lastBlock = c2.get(INT, 32 + 4 * 3);
            c2.set(INT, lastBlock, Integer.MAX_VALUE);

            SplittableRandom r = new SplittableRandom(5);
            for (int k = 0; k < 300; k++) {
                int a = r.nextInt(all.length + 1);
                int b = r.nextInt(all.length + 1);
                long start = Math.min(a, b);
                long stop = Math.max(a, b);
                boolean touches5 = start < 6 * CHUNK && stop > 5 * CHUNK;
                boolean touchesBlock = start < 3 * CHUNK && stop > 2 * CHUNK + 3000;
                if (touches5 || touchesBlock) {
                    Blosc2Exception e = assertThrows(Blosc2Exception.class, () -> sc.getSlice(start, stop));
                    // chunks are read in order: chunk 2 fails first when both are in the slice
                    assertTrue(e.getMessage().contains(touchesBlock ? "chunk 2" : "chunk 5"), e.getMessage());
                } else {
                    assertArrayEquals(Arrays.copyOfRange(all, (int) start, (int) stop), sc.getSlice(start, stop),
                            "[" + start + ", " + stop + ")");
                }
            }
            // the first three blocks of chunk 2 read, its fourth does not
            assertArrayEquals(Arrays.copyOfRange(all, 2 * CHUNK + 10, 2 * CHUNK + 3000),
                    sc.getSlice(2 * CHUNK + 10, 2 * CHUNK + 3000));
            assertTrue(assertThrows(Blosc2Exception.class, () -> sc.getSlice(2 * CHUNK + 2999, 2 * CHUNK + 3001))
                    .getMessage().contains("chunk 2"));
            assertTrue(assertThrows(Blosc2Exception.class, () -> sc.getSlice(5 * CHUNK + 1, 5 * CHUNK + 2))
                    .getMessage().contains("chunk 5"));
        }
    }

    @Test
    void getSliceOfChunksOfManySizes() {
        // the chunksize turns 0: the chunks are found by their sizes
        int[] sizes = {4000, 1000, 4000, 1, 3999, 4000};
        byte[] all = data(Arrays.stream(sizes).sum(), 6);
        try (SChunk sc = SChunk.create(Storage.inMemory(), P, CHUNK, TestSupport.MEMCPY)) {
            int pos = 0;
            for (int n : sizes) {
                sc.append(MemorySegment.ofArray(Arrays.copyOfRange(all, pos, pos + n)));
                pos += n;
            }
            assertEquals(0, sc.header().chunksize());
            checkSlices(sc, all, 7);
        }
        // regular chunks with the default codec's whole-chunk ranges
        byte[] regular = data(7 * CHUNK - 5, 8);
        try (SChunk sc = SChunk.create(Storage.inMemory(), P, CHUNK, TestSupport.MEMCPY)) {
            sc.extend(MemorySegment.ofArray(regular));
            assertEquals(CHUNK, sc.header().chunksize());
            checkSlices(sc, regular, 9);
        }
    }

    private static void checkSlices(SChunk sc, byte[] all, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int k = 0; k < 200; k++) {
            int a = r.nextInt(all.length + 1);
            int b = k % 4 == 0 ? a : r.nextInt(all.length + 1);
            int start = Math.min(a, b);
            int stop = Math.max(a, b);
            assertArrayEquals(Arrays.copyOfRange(all, start, stop), sc.getSlice(start, stop),
                    "[" + start + ", " + stop + ")");
        }
        assertArrayEquals(all, sc.getSlice(0, all.length));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(0, all.length + 1));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(-1, 3));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(5, 4));
    }
}
