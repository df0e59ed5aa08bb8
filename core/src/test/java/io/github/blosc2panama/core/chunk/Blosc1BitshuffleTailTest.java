package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.testutil.Vectors;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bit-shuffled chunks of format version 2 written by C-Blosc 1.21.7 (numcodecs 0.16.5's {@code blosc.compress},
 * BITSHUFFLE, blosclz, clevel 5, one thread) whose blocks end in bytes that make no whole element (a last block
 * shorter than the typesize, or blocks under it): C-Blosc 1.18 and later store those bytes as they are and read them
 * back; C-Blosc2 leaves them unwritten, and we wrote zeros.
 */
class Blosc1BitshuffleTailTest {
    private static final IntUnaryOperator MOD7 = i -> i % 7 * 3;
    private static final IntUnaryOperator BY50 = i -> i / 50 % 5;

    /**
     * C-Blosc2's compat files of such chunks: the bytes after the last whole element of the last block as C-Blosc
     * 1.21.7 reads them (numcodecs 0.16.5), what the chunk stores there. The 1.17.1 writer (before C-Blosc's
     * 0eb03db, "Copy the leftovers in bitshuffle", in 1.18.0) stored what its scratch held; C-Blosc2 copied the
     * bytes too from 2020 until its 099b8b48 (2025) took the copy for dead code.
     */
    @ParameterizedTest
    @CsvSource({
        "upstream/blosc-1.17.1-lz4-bitshuffle8-nomemcpy.cdata, 641088, 00000000",
        "upstream/blosc-1.18.0-lz4-bitshuffle4-memcpy.cdata, 641088, 404142",
        "upstream/blosc-1.18.0-lz4-bitshuffle8-nomemcpy.cdata, 641088, 404142",
    })
    void theCompatFilesTailsAreWhatTheyStore(String file, int tailStart, String tailHex) {
        byte[] data = Blosc2.decompress(Vectors.read(file));
        assertEquals(tailHex, HexFormat.of().formatHex(data, tailStart, data.length));
        MemorySegment s = MemorySegment.ofArray(data);
        for (int i = 0; i < tailStart; i += 4) {
            assertEquals(i / 4, s.get(ValueLayout.JAVA_INT_UNALIGNED, i), file);
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = Blosc1BitshuffleTailTest.class.getResourceAsStream("blosc1/" + name + ".chunk")) {
            return in.readAllBytes();
        }
    }

    /** Each row: the file, its data (byte i is i % 7 * 3 or i / 50 % 5), and its header's nbytes, typesize, blocksize. */
    @ParameterizedTest
    @CsvSource({
        "A_ts2_nb257_bs128, mod7, 257, 2, 128",  // blocks of 64 elements, the last block 1 byte: less than one
        "B_ts3_nb256, mod7, 256, 3, 255",        // a block of 85 elements (stored as they are), then 1 byte
        "C_ts4_nb255, mod7, 255, 4, 252",        // a block of 63 elements, then 3 bytes
        "D_ts2_nb129, mod7, 129, 2, 128",        // a block of 64 elements, then 1 byte
        "E_ts255_bs128, by50, 16320, 255, 128",  // blocks of 128 bytes under a 255-byte element
    })
    void readAsCBlosc1ReadsThem(String name, String pattern, int nbytes, int typesize, int blocksize)
            throws IOException {
        IntUnaryOperator f = pattern.equals("mod7") ? MOD7 : BY50;
        byte[] data = new byte[nbytes];
        for (int i = 0; i < nbytes; i++) {
            data[i] = (byte) f.applyAsInt(i);
        }
        byte[] chunk = resource(name);
        ChunkInfo info = Blosc2.info(chunk);
        assertEquals(2, info.version());
        assertEquals(nbytes, info.nbytes());
        assertEquals(typesize, info.typesize());
        assertEquals(blocksize, info.blocksize());
        assertArrayEquals(data, Blosc2.decompress(chunk), name);
        int nitems = nbytes / typesize;
        assertArrayEquals(Arrays.copyOf(data, nitems * typesize), Blosc2.getItems(chunk, 0, nitems), name);
    }
}
