package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A frame whose offsets index is one repeated value is read without an array of one offset per chunk: the frame of
 * {@code blosc2.zeros((20_000_000,), dtype=np.int8, chunks=(1,), blocks=(1,), urlpath=...)} (python-blosc2 4.12,
 * C-Blosc2 3.3.3) is a file of 221 bytes, whose index as an array took 160 MB here (880 MB resident for
 * {@code blosc2 info}, an OutOfMemoryError in a 128 MB heap).
 */
class RepeatedOffsetsIndexTest {
    /** The 221 bytes python-blosc2 wrote (20,000,000 special-zero chunks of one int8 each). */
    static final byte[] ZEROS_20M = HexFormat.of().parseHex(
            "9ea862326672616d6500d200000092cf00000000000000dda412005502d30000000001312d00d30000000000000000d200000001d200000001d200000001d10002d10002c2d8060000000000010500000000000000000093cd0011de0001a462326e64d20000006bdc0001c60000002297000191d30000000001312d0091d20000000191d20000000100db000000037c693105010508006889090040000028000000000000000000000000000000000000300000000000000081940193cd0006de0000dc0000ce00000023d80000000000000000000000000000000000");

    /** The same for {@code blosc2.zeros((10,), ...)}: ten chunks. */
    static final byte[] ZEROS_10 = HexFormat.of().parseHex(
            "9ea862326672616d6500d200000092cf00000000000000dda412005502d3000000000000000ad30000000000000000d200000001d200000001d200000001d10002d10002c2d8060000000000010500000000000000000093cd0011de0001a462326e64d20000006bdc0001c60000002297000191d3000000000000000a91d20000000191d20000000100db000000037c693105010508500000005000000028000000000000000000000000000000000000300000000000000081940193cd0006de0000dc0000ce00000023d80000000000000000000000000000000000");

    @Test
    void theIndexOfTwentyMillionZeroChunksStaysOneValue() {
        ParsedFrame pf = parse(ZEROS_20M);
        assertEquals(20_000_000, pf.nchunks());
        assertTrue(pf.offsets().isRepeated());
        assertEquals(OffsetsIndex.specialOffset(SpecialValue.ZERO), pf.offsets().get(19_999_999));
    }

    @Test
    void itsArrayReadsLikeAnyOther() {
        try (NDArray a = NDArray.fromCframe(ZEROS_20M)) {
            assertArrayEquals(new long[] {20_000_000}, a.shape());
            assertArrayEquals(new byte[12], a.getSlice(new long[] {12_345_678}, new long[] {12_345_690}));
            SuperChunk sc = a.superChunk();
            assertEquals(20_000_000, sc.nchunks());
            assertEquals(1, sc.chunkNbytes(19_999_999));
            assertEquals(SpecialValue.ZERO, Blosc2.info(sc.chunk(7_654_321)).special());
            assertArrayEquals(new byte[1], sc.decompressChunk(19_999_999));
        }
    }

    @Test
    void writingIntoSuchAnArrayTurnsTheIndexIntoAnArray(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("z10.b2nd");
        Files.write(file, ZEROS_10);
        try (NDArray a = NDArray.openWritable(file)) {
            a.setSlice(new long[] {3}, new long[] {5}, new byte[] {7, 8});
        }
        byte[] want = new byte[10];
        want[3] = 7;
        want[4] = 8;
        try (NDArray a = NDArray.open(file)) {
            assertArrayEquals(want, a.toBytes());
            assertEquals(10, a.superChunk().nchunks());
        }
        ParsedFrame pf = parse(Files.readAllBytes(file));
        assertFalse(pf.offsets().isRepeated());
        assertEquals(OffsetsIndex.specialOffset(SpecialValue.ZERO), pf.offsets().get(9));
    }

    @Test
    void pythonBlosc2WritesSuchFramesAndReadsOursBack(@TempDir Path dir) throws IOException {
        Path theirs = dir.resolve("theirs.b2nd");
        PythonPeer.run("""
                import sys, numpy as np, blosc2
                blosc2.zeros((3_000_001,), dtype=np.int16, chunks=(2,), blocks=(2,), urlpath=sys.argv[1], mode="w")
                """, theirs.toString());
        try (NDArray a = NDArray.open(theirs)) {
            assertEquals(1_500_001, a.superChunk().nchunks());
            assertArrayEquals(new byte[10], a.getSlice(new long[] {2_999_996}, new long[] {3_000_001}));
        }
        assertTrue(parse(Files.readAllBytes(theirs)).offsets().isRepeated());

        Path ours = dir.resolve("ours.b2nd");
        Files.write(ours, ZEROS_10);
        try (NDArray a = NDArray.openWritable(ours)) {
            a.setSlice(new long[] {3}, new long[] {5}, new byte[] {7, 8});
        }
        String read = PythonPeer.run("""
                import sys, blosc2
                a = blosc2.open(sys.argv[1])
                print(a.schunk.nchunks, a[:].tolist())
                """, ours.toString());
        assertEquals("10 [0, 0, 0, 7, 8, 0, 0, 0, 0, 0]", read.strip());
    }

    @Test
    void aRepeatedOffsetIsCheckedOnce() {
        // the index chunk's repeated value (the last 8 bytes of its 40) pointing past the chunks section
        byte[] bad = ZEROS_20M.clone();
        int index = indexChunkStart(bad);
        for (int k = 0; k < 8; k++) {
            bad[index + 32 + k] = (byte) (k == 0 ? 0x10 : 0);
        }
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> parse(bad));
        assertTrue(e.getMessage().contains("chunk 0"), e.getMessage());
    }

    @Test
    void theArrayFormIsACopyAndTheRepeatedFormFillsOne() {
        long[] values = {3, 1, 4};
        ChunkOffsets a = ChunkOffsets.of(values);
        assertFalse(a.isRepeated());
        long[] copy = a.toArray();
        copy[0] = 9;
        assertEquals(3, a.get(0));
        assertArrayEquals(new long[] {-5, -5}, ChunkOffsets.repeated(2, -5).toArray());
        assertThrows(IndexOutOfBoundsException.class, () -> ChunkOffsets.repeated(2, -5).get(2));
        assertEquals(0, ChunkOffsets.EMPTY.size());
    }

    @Test
    void insertingAndRemovingMakeNewArraysInBothForms() {
        long[] values = {3, 1, 4};
        ChunkOffsets a = ChunkOffsets.of(values);
        assertArrayEquals(new long[] {7, 3, 1, 4}, a.toArrayInserting(0, 7));
        assertArrayEquals(new long[] {3, 1, 7, 4}, a.toArrayInserting(2, 7));
        assertArrayEquals(new long[] {3, 1, 4, 7}, a.toArrayInserting(3, 7));
        assertArrayEquals(new long[] {1, 4}, a.toArrayRemoving(0));
        assertArrayEquals(new long[] {3, 4}, a.toArrayRemoving(1));
        assertArrayEquals(new long[] {3, 1}, a.toArrayRemoving(2));
        assertArrayEquals(new long[] {3, 1, 4}, values, "the held array is left alone");
        ChunkOffsets r = ChunkOffsets.repeated(3, -5);
        assertArrayEquals(new long[] {-5, 7, -5, -5}, r.toArrayInserting(1, 7));
        assertArrayEquals(new long[] {-5, -5}, r.toArrayRemoving(2));
        assertArrayEquals(new long[] {7}, ChunkOffsets.EMPTY.toArrayInserting(0, 7));
        assertThrows(IndexOutOfBoundsException.class, () -> r.toArrayInserting(4, 7));
        assertThrows(IndexOutOfBoundsException.class, () -> r.toArrayRemoving(3));
        assertThrows(IndexOutOfBoundsException.class, () -> ChunkOffsets.EMPTY.toArrayRemoving(0));
    }

    /** A contiguous frame that must fill {@code frame} exactly. */
    private static ParsedFrame parse(byte[] frame) {
        return ParsedFrame.parse(MemorySegment.ofArray(frame), false, true, ChunkCodec.BLOSC2, "frame");
    }

    /** Where the offsets index chunk starts: header_len + cbytes (the frame's chunks section is empty here). */
    private static int indexChunkStart(byte[] frame) {
        FrameHeader h = FrameHeader.parse(MemorySegment.ofArray(frame), "zeros");
        return (int) (h.headerLen() + h.cbytes());
    }
}
