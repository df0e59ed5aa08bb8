package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.LimitExceededException;
import io.github.blosc2panama.core.Limits;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The caller-lowerable {@link Limits}, and error messages that say where the input was wrong. */
class LimitsTest {

    private static final CParams LZ4 = CParams.builder().codec(Codec.LZ4).typesize(4).build();

    @Test
    void defaultsAreTheFormatMaxima() {
        assertEquals(Blosc2.MAX_BUFFERSIZE, Limits.defaults().maxChunkNbytes());
        assertEquals(Blosc2.MAX_BUFFERSIZE / 8, Limits.defaults().maxNchunks());
        assertEquals(Limits.defaults(), DParams.defaults().limits());
        assertThrows(InvalidArgumentException.class, () -> Limits.defaults().withMaxChunkNbytes(-1));
        assertThrows(InvalidArgumentException.class, () -> Limits.defaults().withMaxNchunks(Limits.MAX_NCHUNKS + 1));
    }

    @Test
    void chunkLargerThanTheLimitIsRefusedBeforeAllocation() {
        byte[] zeros = Blosc2.zeros(8 << 20, 4); // a 32-byte chunk standing for 8 MiB
        DParams lowered = DParams.defaults().withLimits(Limits.defaults().withMaxChunkNbytes(1 << 20));
        LimitExceededException e = assertThrows(LimitExceededException.class, () -> Blosc2.decompress(zeros, lowered));
        assertTrue(e.getMessage().contains("nbytes 8388608") && e.getMessage().contains("maxChunkNbytes 1048576"),
                e.getMessage());
        assertEquals(8 << 20, Blosc2.decompress(zeros).length);
        byte[] exact = Blosc2.decompress(zeros, DParams.defaults().withLimits(
                Limits.defaults().withMaxChunkNbytes(8 << 20)));
        assertArrayEquals(new byte[8 << 20], exact);
    }

    @Test
    void frameWithMoreChunksThanTheLimitIsRefusedAtOpen() {
        byte[] frame = frameOfThreeChunks();
        LimitExceededException e = assertThrows(LimitExceededException.class,
                () -> SuperChunk.fromCframe(frame, Limits.defaults().withMaxNchunks(2)));
        assertTrue(e.getMessage().contains("offsets index at offset") && e.getMessage().contains("3 chunks"),
                e.getMessage());
        try (SuperChunk sc = SuperChunk.fromCframe(frame, Limits.defaults().withMaxNchunks(3))) {
            assertEquals(3, sc.nchunks());
        }
    }

    @Test
    void frameChunkAndVlmetalayerLargerThanTheLimitAreRefusedWithTheirName(@TempDir Path dir) {
        Path file = dir.resolve("limits.b2frame");
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(file), LZ4, 4096)) {
            sc.append(ramp(4096));
            sc.setVlmetalayer("big", new byte[5000]);
        }
        Limits small = Limits.defaults().withMaxChunkNbytes(4000);
        try (SuperChunk sc = SuperChunk.open(file, small)) {
            LimitExceededException e = assertThrows(LimitExceededException.class, () -> sc.decompressChunk(0));
            assertTrue(e.getMessage().startsWith(file + ": chunk 0: nbytes 4096"), e.getMessage());
            e = assertThrows(LimitExceededException.class, () -> sc.vlmetalayer("big"));
            assertTrue(e.getMessage().contains("vlmetalayer 'big'"), e.getMessage());
        }
        try (SuperChunk sc = SuperChunk.open(file, Limits.defaults())) {
            assertArrayEquals(ramp(4096), sc.decompressChunk(0));
        }
    }

    @Test
    void corruptStoredChunkNamesFileChunkBlockAndStream(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("corrupt.b2frame");
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(file), LZ4, 4096)) {
            sc.append(ramp(4096));
            sc.append(ramp(4096));
        }
        byte[] bytes = Files.readAllBytes(file);
        long chunk1;
        try (SuperChunk sc = SuperChunk.open(file)) {
            chunk1 = sc.offsets()[1];
        }
        int headerLen = java.nio.ByteBuffer.wrap(bytes, 11, 4).getInt();
        int at = (int) (headerLen + chunk1);
        // damage the first LZ4 stream of chunk 1: everything after its bstarts and size field
        int stream = at + 32 + 4 + 4;
        for (int i = stream; i < stream + 16; i++) {
            bytes[i] = (byte) 0xff;
        }
        Files.write(file, bytes);
        try (SuperChunk sc = SuperChunk.open(file)) {
            assertArrayEquals(ramp(4096), sc.decompressChunk(0));
            Blosc2Exception e = assertThrows(CorruptDataException.class, () -> sc.decompressChunk(1));
            String m = e.getMessage();
            assertTrue(m.startsWith(file + ": chunk 1: "), m);
            assertTrue(m.contains("block 0") && m.contains("stream 0") && m.contains("at offset"), m);
        }
    }

    private static byte[] frameOfThreeChunks() {
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), LZ4, 1024)) {
            for (int i = 0; i < 3; i++) {
                sc.append(ramp(1024));
            }
            return sc.toCframe();
        }
    }

    private static byte[] ramp(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + (i >> 8));
        }
        return Arrays.copyOf(b, n);
    }
}
