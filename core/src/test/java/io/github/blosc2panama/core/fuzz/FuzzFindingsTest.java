package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
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

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = FuzzFindingsTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return in.readAllBytes();
        }
    }
}
