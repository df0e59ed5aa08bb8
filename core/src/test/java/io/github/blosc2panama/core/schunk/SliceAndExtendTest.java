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
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code getSlice} reads only the chunks, and of a chunk only the blocks, that hold the slice; {@code extend} commits
 * its chunks in batches and leaves the same frame as appending them one by one.
 */
class SliceAndExtendTest {
    private static final int CHUNK = 4000;
    /** Zstd, shuffle, blocks of 1000 bytes: 4 blocks of one stream each per chunk. */
    private static final CParams P = CParams.builder().codec(Codec.ZSTD).clevel(5).typesize(4)
            .filters(Filter.SHUFFLE).blocksize(1000).build();
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @TempDir
    Path dir;

    /** Counters with noise in their low byte: compressible, but not into a special or memcpy'd chunk. */
    private static byte[] data(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i % 4 == 0 ? r.nextInt() : i / 4 >> (8 * (i % 4)));
        }
        return b;
    }

    private Storage storage(Storage.Kind kind, String name) {
        return TestSupport.storage(kind, dir.resolve(name + ".b2frame"));
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void extendLeavesTheFrameThatAppendingChunkByChunkLeaves(Storage.Kind kind) {
        byte[] first = data(2 * CHUNK, 1);
        byte[] rest = data(25 * CHUNK + 1234, 2);
        byte[] expected;
        try (SChunk one = SChunk.create(storage(kind, "one"), P, CHUNK, ChunkCodec.BLOSC2)) {
            for (byte[] d : new byte[][] {first, rest}) {
                for (int pos = 0; pos < d.length; pos += CHUNK) {
                    one.append(MemorySegment.ofArray(Arrays.copyOfRange(d, pos, Math.min(d.length, pos + CHUNK))));
                }
            }
            expected = one.toCframe();
        }
        // a batch per chunk, batches of several chunks (the last one short), everything in one batch
        for (long batchBytes : new long[] {1, 5000, Long.MAX_VALUE}) {
            try (SChunk sc = SChunk.create(storage(kind, "b" + batchBytes), P, CHUNK, ChunkCodec.BLOSC2)) {
                sc.extend(MemorySegment.ofArray(first), batchBytes);
                sc.extend(MemorySegment.ofArray(new byte[0]), batchBytes);
                sc.extend(MemorySegment.ofArray(rest), batchBytes);
                assertEquals(28, sc.nchunks());
                assertEquals(CHUNK, sc.header().chunksize());
                assertArrayEquals(expected, sc.toCframe(), "frame extended in batches of " + batchBytes + " bytes");
                byte[] all = new byte[first.length + rest.length];
                System.arraycopy(first, 0, all, 0, first.length);
                System.arraycopy(rest, 0, all, first.length, rest.length);
                assertArrayEquals(all, sc.getSlice(0, all.length));
            }
        }
    }

    @Test
    void extendedFileReadsBackAndStaysCompact() throws Exception {
        Path file = dir.resolve("big.b2frame");
        byte[] d = data(300 * 100, 3);
        try (SChunk sc = SChunk.create(Storage.contiguous(file), P, 100, ChunkCodec.BLOSC2)) {
            sc.extend(MemorySegment.ofArray(d));
            assertEquals(300, sc.nchunks());
        }
        try (SChunk sc = SChunk.open(file, false, ChunkCodec.BLOSC2)) {
            assertArrayEquals(d, sc.getSlice(0, d.length));
            assertEquals(Files.size(file), sc.header().frameLen());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void theChunksizeOfCreationOutlivesAShorterFirstChunk(Storage.Kind kind) {
        Storage st = storage(kind, "short-first");
        byte[] head = data(CHUNK / 4, 5);
        byte[] rest = data(3 * CHUNK, 6);
        try (SChunk sc = SChunk.create(st, P, CHUNK, ChunkCodec.BLOSC2)) {
            assertEquals(CHUNK, sc.header().chunksize(), "in the header before any chunk, as C-Blosc2 has it");
            sc.append(MemorySegment.ofArray(head));
            assertEquals(CHUNK, sc.header().chunksize());
        }
        try (SChunk sc = SChunk.open(st.path(), true, ChunkCodec.BLOSC2)) {
            sc.extend(MemorySegment.ofArray(rest)); // split by the chunksize of creation, not the first chunk's size
            assertEquals(4, sc.nchunks());
            assertEquals(CHUNK, sc.chunkNbytes(3));
            assertEquals(0, sc.header().chunksize(), "variable: the first chunk is shorter than the others");
            assertArrayEquals(rest, sc.getSlice(head.length, head.length + rest.length));
        }
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
            // into a native segment, whose bytes past the slice stay as they were
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dst = arena.allocate(stop - start + 3).fill((byte) 0x5A);
                assertEquals(stop - start, sc.getSlice(start, stop, dst));
                assertArrayEquals(Arrays.copyOfRange(all, start, stop),
                        dst.asSlice(0, stop - start).toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A},
                        dst.asSlice(stop - start).toArray(ValueLayout.JAVA_BYTE));
                if (stop > start) {
                    assertThrows(InvalidArgumentException.class,
                            () -> sc.getSlice(start, stop, dst.asSlice(0, stop - start - 1)));
                }
            }
        }
        assertArrayEquals(all, sc.getSlice(0, all.length));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(0, all.length + 1));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(-1, 3));
        assertThrows(InvalidArgumentException.class, () -> sc.getSlice(5, 4));
    }
}
