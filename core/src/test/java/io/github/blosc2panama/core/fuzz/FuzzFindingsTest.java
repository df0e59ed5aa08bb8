package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.frame.FrameHeader;
import java.lang.foreign.MemorySegment;
import java.io.IOException;
import java.io.InputStream;
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

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = FuzzFindingsTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return in.readAllBytes();
        }
    }
}
