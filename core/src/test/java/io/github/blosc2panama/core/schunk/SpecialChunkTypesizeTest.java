package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.FrameHeader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * A special offset stands for a chunk the frame's typesize must be able to make (whole items): where a corrupted
 * typesize cannot, the read is refused as corrupt data naming the chunk (it was an unlocated invalid-argument error,
 * found by {@code FrameFuzzTest#cframeEdit}), as C-Blosc2's {@code frame_get_lazychunk} fails to make it too.
 */
class SpecialChunkTypesizeTest {
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private static byte[] uninitFrame() {
        try (SChunk sc = SChunk.create(Storage.inMemory(), CParams.builder().typesize(4).build(), 8000,
                ChunkCodec.BLOSC2)) {
            sc.fillSpecial(5000, SpecialValue.UNINIT);
            return sc.toCframe();
        }
    }

    @Test
    void theFrameAsWritten() {
        try (SChunk sc = SChunk.fromCframe(MemorySegment.ofArray(uninitFrame()), ChunkCodec.BLOSC2)) {
            assertEquals(8000, sc.decompressChunk(1).length); // UNINIT: the bytes are unspecified
        }
    }

    @Test
    void aTypesizeThatCannotMakeTheChunkIsCorruptData() {
        byte[] f = uninitFrame();
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_TYPESIZE, 3); // 8000 bytes are not whole 3-byte items
        try (SChunk sc = SChunk.fromCframe(MemorySegment.ofArray(f), ChunkCodec.BLOSC2)) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.decompressChunk(1));
            assertTrue(e.getMessage().contains("chunk 1 is special (UNINIT, 8000 bytes)"), e.getMessage());
            assertTrue(e.getMessage().contains("typesize 3"), e.getMessage());
        }
    }
}
