package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.frame.FrameHeader;
import java.lang.foreign.MemorySegment;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Each input a fuzzing run found, with the exact outcome its fix gives (the fuzz tests replay the
 * same files but only check that the outcome is typed). See docs/FUZZING.md, "Findings".
 */
class FuzzFindingsTest {

    /**
     * Finding 1 (ChunkFuzzTest#getItem): a VL-block chunk with DELTA whose block 1 (20,000 bytes) is
     * longer than block 0 (1,000 bytes), the DELTA reference. getitem and decompress threw
     * IllegalArgumentException from the delta kernel; now the header check refuses it.
     */
    @Test
    void vlBlocksWithDeltaAndABlockLongerThanBlock0() throws IOException {
        byte[] input = resource("ChunkFuzzTestInputs/getItem/crash-vlblocks-delta-block-longer-than-block0");
        byte[] chunk = Arrays.copyOf(input, input.length - 8);
        ChunkInfo info = Blosc2.info(chunk);
        assertTrue(info.vlBlocks() && info.filters().contains(3), info.toString());
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> Blosc2.getItems(chunk, 0, 1));
        assertTrue(e.getMessage().contains("block 1") && e.getMessage().contains("DELTA reference"), e.getMessage());
        assertThrows(CorruptDataException.class, () -> Blosc2.decompress(chunk));
        FuzzTargets.chunkGetItem(input);
        FuzzTargets.chunkDecompress(chunk);
    }

    /**
     * Finding 2 (MsgPackFuzzTest#msgpack): a frame header starting with an array32 marker (5 bytes)
     * instead of the fixarray 0x9e. The fields after it are read at fixed offsets, so the cursor was
     * 4 bytes off and {@code MsgPackReader.readUnsignedAt} threw IllegalStateException; now the
     * header parser refuses any array marker but a fixarray.
     */
    @Test
    void frameHeaderWithAnArray32Marker() throws IOException {
        byte[] input = resource("MsgPackFuzzTestInputs/msgpack/crash-header-array32-shifts-fixed-offsets");
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> FrameHeader.parse(MemorySegment.ofArray(input), "input"));
        assertTrue(e.getMessage().contains("at offset 0, header array: marker 0xdd is not a fixarray"), e.getMessage());
        assertThrows(CorruptDataException.class, () -> SuperChunk.fromCframe(input));
        FuzzTargets.msgpack(input);
        FuzzTargets.cframe(input);
    }

    /**
     * Finding 3 (ChunkFuzzTest#decompress): a split chunk of typesize 4 whose header blocksize (2,762,512) exceeds
     * nbytes (10,003), so its one block is cut down to 10,003 bytes: four streams of 2,500 bytes leave 3 bytes that
     * no stream holds. They were left unwritten (the destination kept what it held, so decompressing into a zeroed
     * array and into a filled segment gave different bytes); C-Blosc2 does the same (python-blosc2's decompress2 into a
     * filled buffer leaves its last 3 bytes as they were). Now such a block is refused.
     */
    @Test
    void splitBlockThatIsNotWholeStreams() throws IOException {
        byte[] chunk = resource("ChunkFuzzTestInputs/decompress/crash-split-block-not-whole-streams");
        ChunkInfo info = Blosc2.info(chunk);
        assertTrue(info.split() && info.typesize() == 4 && info.nbytes() == 10_003 && info.nblocks() == 1, info.toString());
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> Blosc2.decompress(chunk));
        assertTrue(e.getMessage().contains("block 0: block of 10003 bytes does not split into 4 streams of equal size"),
                e.getMessage());
        byte[] out = new byte[info.nbytes()];
        Arrays.fill(out, (byte) 0x5A);
        assertThrows(CorruptDataException.class,
                () -> Blosc2.decompress(MemorySegment.ofArray(chunk), MemorySegment.ofArray(out), new DParams(2)));
        assertThrows(CorruptDataException.class, () -> Blosc2.getItems(chunk, 0, 1));
        FuzzTargets.chunkDecompress(chunk);
    }

    /**
     * Finding 6 (FrameFuzzTest#sframeEdit): a sparse frame whose index names chunk file 0xFFFFFFFF (missing) and whose
     * cbytes is enormous, given a vlmetalayer. Every commit looks for chunk numbers above what C-Blosc2's reader
     * accepts, marking the numbers in use in a {@code BitSet}: 0xFFFFFFFF became index -1 there
     * ({@code IndexOutOfBoundsException}), and 0x7FFFFFFF would have taken 256 MB. Only numbers below the count of
     * numbers in use are marked now (the lowest free one is among them); the edit is made, the chunks stay as they were.
     */
    @Test
    void sparseChunkNumberFfffffffOnACommit() throws IOException {
        byte[] input = resource("FrameFuzzTestInputs/sframeEdit/crash-chunk-number-ffffffff-in-the-index");
        Path dir = sparseDir(input);
        try (SuperChunk sc = SuperChunk.openWritable(dir)) {
            assertEquals(0xFFFFFFFFL, sc.offsets()[1]);
            byte[] chunk0 = sc.decompressChunk(0);
            sc.setVlmetalayer("fuzz", new byte[] {1, 2, 3});
            assertArrayEquals(chunk0, sc.decompressChunk(0));
        }
        try (SuperChunk sc = SuperChunk.open(dir)) {
            assertArrayEquals(new byte[] {1, 2, 3}, sc.vlmetalayer("fuzz"));
            assertThrows(CorruptDataException.class, () -> sc.decompressChunk(1)); // its file is missing
        }
        EditTargets.sframe(input);
    }

    /**
     * Finding 7 (FrameFuzzTest#sframeEdit): a sparse frame whose header cbytes (277) is less than its chunks hold (three
     * of 406 bytes), its first chunk deleted. The new cbytes was the header's less the deleted chunk, -129, and the
     * frame written did not open again. A count that comes out negative is now made afresh from the chunks kept.
     */
    @Test
    void sparseCbytesBelowItsChunksOnADelete() throws IOException {
        byte[] input = resource("FrameFuzzTestInputs/sframeEdit/crash-cbytes-below-its-chunks-delete");
        Path dir = sparseDir(input);
        try (SuperChunk sc = SuperChunk.openWritable(dir)) {
            assertEquals(277, sc.cbytes());
            assertEquals(3, sc.nchunks());
            sc.deleteChunk(0);
        }
        try (SuperChunk sc = SuperChunk.open(dir)) {
            assertEquals(2, sc.nchunks());
            assertEquals(sc.chunk(0).byteSize() + sc.chunk(1).byteSize(), sc.cbytes());
        }
        EditTargets.sframe(input);
    }

    /** The sparse frame of an {@link EditTargets#sframe} input (its first byte, the edit, left out), in a scratch dir. */
    private static Path sparseDir(byte[] input) {
        Path dir = FuzzTargets.SparseDir.fresh();
        FuzzTargets.writeSparseDir(Arrays.copyOfRange(input, 1, input.length), dir);
        return dir;
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = FuzzFindingsTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return in.readAllBytes();
        }
    }
}
