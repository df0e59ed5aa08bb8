package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.LimitExceededException;
import io.github.blosc2panama.core.Limits;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.testutil.AllocationCounter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames whose fields are plausible but declare far more than their bytes hold: each is refused (or read) without
 * allocating what the declared size asks for. The bytes the reading thread allocates are counted
 * ({@link AllocationCounter}), so each test fails on code that sized an array from the declaration
 * first, whatever the heap.
 */
class SizesOnTrustTest {
    /** Far below what any of the declarations below would allocate. */
    private static final long FEW_BYTES = 16L << 20;
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @TempDir
    Path dir;

    private static CParams params() {
        return CParams.builder().codec(Codec.LZ4).clevel(5).typesize(8).filters(Filter.SHUFFLE).build();
    }

    /** Runs {@code r} and returns the bytes this thread allocated meanwhile. */
    private static long allocatedBy(Runnable r) {
        long before = AllocationCounter.current();
        r.run();
        return AllocationCounter.current() - before;
    }

    private static void assertFew(long allocated, String what) {
        assertTrue(allocated < FEW_BYTES, what + " allocated " + allocated + " bytes");
    }

    private static byte[] pattern(int n) {
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            data[i] = (byte) (i % 251);
        }
        return data;
    }

    private static byte[] frameWithVlmetalayers() {
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), params(), 0)) {
            sc.append(new byte[4000]);
            byte[] noise = new byte[3000];
            new java.util.SplittableRandom(3).nextBytes(noise);
            sc.setVlmetalayer("a", noise);
            sc.setVlmetalayer("b", new byte[] {1});
            return sc.toCframe();
        }
    }

    /** The position of the int32 offset of vlmetalayer {@code name} in the trailer's index map. */
    private static int offsetField(byte[] frame, char name) {
        for (int i = frame.length - 8; i > 0; i--) {
            if (frame[i] == (byte) 0xa1 && frame[i + 1] == name && frame[i + 2] == (byte) 0xd2) {
                return i + 3;
            }
        }
        throw new AssertionError("no vlmetalayer '" + name + "' in the trailer");
    }

    @Test
    void vlmetalayersSharingTheirContentAreRefused() {
        byte[] f = frameWithVlmetalayers();
        try (SuperChunk sc = SuperChunk.fromCframe(f)) {
            assertArrayEquals(new byte[] {1}, sc.vlmetalayer("b"));
        }
        // b's entry pointing at a's content: a thousand such entries made a 280 KB file take 256 MB at open
        MemorySegment s = MemorySegment.ofArray(f);
        s.set(BE_INT, offsetField(f, 'b'), s.get(BE_INT, offsetField(f, 'a')));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.fromCframe(f));
        assertTrue(e.getMessage().contains("overlap"), e.getMessage());
    }

    @Test
    void aChunkDeclaringMoreBytesThanItsBlocksHoldIsRefusedBeforeItsArray() {
        byte[] f;
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), params(), 0)) {
            sc.append(pattern(4000));
            f = sc.toCframe();
        }
        ParsedFrame pf = ParsedFrame.parse(MemorySegment.ofArray(f), false, true, ChunkCodec.BLOSC2, "f");
        // chunk 0's nbytes 1.5 GB: as many blocks as that makes have no starts in the chunk (PyTables' frames, fuzzed)
        MemorySegment.ofArray(f).set(LE_INT, pf.dataStart() + 4, 3 << 29);
        try (SuperChunk sc = SuperChunk.fromCframe(f)) {
            assertFew(allocatedBy(() -> {
                CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.decompressChunk(0));
                assertTrue(e.getMessage().contains("chunk 0"), e.getMessage());
            }), "the chunk");
        }
    }

    @Test
    void aVlmetalayerDeclaringMoreBytesThanItHoldsIsRefusedBeforeItsArray() {
        byte[] f = frameWithVlmetalayers();
        MemorySegment s = MemorySegment.ofArray(f);
        long trailer = f.length - FrameTrailer.readTrailerLen(s, f.length, "f");
        long content = trailer + s.get(BE_INT, offsetField(f, 'a')); // bin32 marker, length, then the chunk
        s.set(LE_INT, content + 5 + 4, 3 << 29);
        try (SuperChunk sc = SuperChunk.fromCframe(f)) {
            assertFew(allocatedBy(() -> {
                CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.vlmetalayer("a"));
                assertTrue(e.getMessage().contains("vlmetalayer 'a'"), e.getMessage());
            }), "the vlmetalayer");
        }
    }

    @Test
    void aChunksizeOfMinusOneInAFrameWithDataIsRefused() {
        byte[] f = frameWithVlmetalayers();
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_CHUNKSIZE, -1);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.fromCframe(f));
        assertTrue(e.getMessage().contains("chunksize"), e.getMessage());
    }

    @Test
    void anIndexChunkDeclaringMillionsOfOffsetsIsRefusedBeforeTheirArray() {
        byte[] f;
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), params(), 0)) {
            for (int i = 0; i < 40; i++) {
                sc.append(new byte[8 * (100 + i)]); // sizes differ: a variable chunksize, whose index gives nchunks
            }
            f = sc.toCframe();
        }
        ParsedFrame pf = ParsedFrame.parse(MemorySegment.ofArray(f), false, true, ChunkCodec.BLOSC2, "f");
        long index = pf.dataStart() + pf.dataLen();
        MemorySegment s = MemorySegment.ofArray(f);
        s.set(LE_INT, index + 4, 8 * 50_000_000); // nbytes: 50 million offsets, 400 MB
        assertFew(allocatedBy(() -> assertThrows(CorruptDataException.class, () -> SuperChunk.fromCframe(f))),
                "opening");
    }

    @Test
    void aSliceOfAnIndexOfOneRepeatedValueAllocatesNothingPerChunk() {
        byte[] f;
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), params(), 8)) {
            sc.fillSpecial(5_000_000, SpecialValue.ZERO); // 5 million chunks of 8 bytes: a 40-byte index
            f = sc.toCframe();
        }
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_CHUNKSIZE, 0); // variable: sizes from the chunks
        try (SuperChunk sc = SuperChunk.fromCframe(f)) {
            // special chunks in a frame of variable chunksize have no size: the first one read is refused
            assertFew(allocatedBy(() -> assertThrows(CorruptDataException.class, () -> sc.getSlice(0, 16))),
                    "the slice");
        }
    }

    @Test
    void aSparseChunkFileIsReadWholeOnlyOnceItsHeaderIsChecked() throws IOException {
        Path d = dir.resolve("s.b2frame");
        byte[] data = pattern(4096);
        try (SuperChunk sc = SuperChunk.create(Storage.sparse(d), params(), 0)) {
            sc.append(data);
        }
        Path chunk = d.resolve(SparseFrameStore.chunkFileName(0));
        byte[] header = Files.readAllBytes(chunk);
        // a 1.5 GB hole (no disk used) where the chunk was
        long size = 3L << 29;
        try (RandomAccessFile raf = new RandomAccessFile(chunk.toFile(), "rw")) {
            raf.setLength(0);
            raf.setLength(size);
        }
        try (SuperChunk sc = SuperChunk.open(d)) {
            assertFew(allocatedBy(() -> assertThrows(CorruptDataException.class, () -> sc.decompressChunk(0))),
                    "a file of zeros");
        }
        // the header the chunk had, saying it is the whole file and holds more than the limits allow
        MemorySegment h = MemorySegment.ofArray(header);
        h.set(LE_INT, 4, 1 << 30);
        h.set(LE_INT, 12, (int) size);
        try (RandomAccessFile raf = new RandomAccessFile(chunk.toFile(), "rw")) {
            raf.write(header, 0, 32);
        }
        try (SuperChunk sc = SuperChunk.open(d, Limits.defaults().withMaxChunkNbytes(1 << 20))) {
            assertFew(allocatedBy(() -> assertThrows(LimitExceededException.class, () -> sc.decompressChunk(0))),
                    "a chunk over the limits");
        }
    }
}
