package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Header-only chunks: what they decompress to, and the empty ones C-Blosc2 can or cannot read. */
class SpecialChunksTest {
    @Test
    void repeatedValuesDecompressToTheValue() {
        byte[] value = {1, 2, 3, 4, 5, 6};
        for (int n : new int[] {6, 60, 6 * 4099}) {
            byte[] chunk = Blosc2.repeatValue(n, value);
            assertEquals(32 + value.length, chunk.length);
            assertEquals(SpecialValue.VALUE, Blosc2.info(chunk).special());
            byte[] out = Blosc2.decompress(chunk);
            assertEquals(n, out.length);
            for (int i = 0; i < n; i++) {
                assertEquals(value[i % 6], out[i], "byte " + i);
            }
        }
    }

    @Test
    void emptyZeroNanAndUninitChunksDecompressToNothing() {
        // C-Blosc2 decompresses these to 0 bytes too
        assertEquals(0, Blosc2.decompress(Blosc2.zeros(0, 4)).length);
        assertEquals(0, Blosc2.decompress(Blosc2.nans(0, 8)).length);
        assertEquals(0, Blosc2.decompress(Blosc2.uninit(0, 2)).length);
    }

    @Test
    void anEmptyRepeatedValueChunkIsNeitherWrittenNorRead() {
        // C-Blosc2 3.3 writes one (blosc2_chunk_repeatval) but cannot decompress it
        InvalidArgumentException refused = assertThrows(InvalidArgumentException.class,
                () -> Blosc2.repeatValue(0, new byte[] {1, 2, 3, 4}));
        assertTrue(refused.getMessage().contains("nbytes > 0"), refused.getMessage());
        byte[] chunk = Blosc2.repeatValue(4, new byte[] {1, 2, 3, 4});
        ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 0); // nbytes 0
        CorruptDataException corrupt = assertThrows(CorruptDataException.class, () -> Blosc2.decompress(chunk));
        assertTrue(corrupt.getMessage().contains("repeated-value chunk of 0 bytes"), corrupt.getMessage());
    }

    @Test
    void nanChunksHoldTheCanonicalNans() {
        byte[] f = Blosc2.decompress(Blosc2.nans(16, 4));
        byte[] d = Blosc2.decompress(Blosc2.nans(16, 8));
        ByteBuffer fb = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer db = ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4; i++) {
            assertEquals(0x7fc00000, fb.getInt(4 * i));
        }
        for (int i = 0; i < 2; i++) {
            assertEquals(0x7ff8000000000000L, db.getLong(8 * i));
        }
        assertArrayEquals(new byte[8], Blosc2.decompress(Blosc2.zeros(8, 8)));
    }
}
