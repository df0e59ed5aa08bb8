package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** A forced blocksize above the largest a reader accepts (C-Blosc2's BLOSC2_MAXBLOCKSIZE). */
class ForcedBlocksizeTest {
    private static CParams forced(int blocksize) {
        return CParams.builder().codec(Codec.LZ4).clevel(5).typesize(16).filters(Filter.NOFILTER)
                .blocksize(blocksize).build();
    }

    @Test
    void aBlockLargerThanAReaderAcceptsIsNotWritten() {
        // we wrote such chunks (a 2 GiB - 33 byte memcpyed one with blocksize 2,147,483,600), and no reader,
        // ours or C's, reads them
        long nbytes = ChunkHeader.MAX_BLOCKSIZE + 64L;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(nbytes);
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> Blosc2.compress(src, forced((int) nbytes)));
            assertTrue(e.getMessage().contains("blocksize"), e.getMessage());
        }
    }

    @Test
    void aLargeForcedBlocksizeForFewerBytesIsTheirSize() {
        byte[] data = new byte[1024];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i / 3);
        }
        byte[] chunk = Blosc2.compress(data, forced(1 << 30));
        assertEquals(1024, Blosc2.info(chunk).blocksize());
        assertArrayEquals(data, Blosc2.decompress(chunk));
    }
}
