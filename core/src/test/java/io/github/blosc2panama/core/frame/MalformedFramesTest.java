package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SuperChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncated, bit-flipped and incomplete frames raise only Blosc2Exception subtypes. */
class MalformedFramesTest {

    /** Reads everything a frame offers, so lazily checked parts are exercised too. */
    private static void readAll(SuperChunk sc) {
        for (int k = 0; k < sc.nchunks(); k++) {
            sc.chunkNbytes(k);
            if (sc.offsets()[k] >= 0) {
                sc.chunk(k);
            }
        }
        for (String n : sc.metalayerNames()) {
            sc.metalayer(n);
        }
        sc.vlmetalayerNames();
    }

    /** Returns true if the input was rejected (false if it still parsed); fails on any other exception. */
    private static boolean rejectedCleanly(byte[] bytes, String what) {
        try (SuperChunk sc = SuperChunk.fromCframe(bytes)) {
            readAll(sc);
            return false;
        } catch (Blosc2Exception e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), what);
            return true;
        } catch (RuntimeException e) {
            fail(what + ": " + e, e);
            return false;
        }
    }

    @Test
    void truncationsAtTwentyPoints() throws Exception {
        for (String name : new String[] {"cf_meta_vlmeta.b2frame", "cf_special_chunks_f32.b2frame",
            "cf_lz4_shuffle_i32_arange.b2frame"}) {
            byte[] full = Files.readAllBytes(TestSupport.vectors().resolve("frames").resolve(name));
            for (int k = 0; k < 20; k++) {
                int len = (int) ((long) full.length * k / 20);
                byte[] cut = java.util.Arrays.copyOf(full, len);
                assertTrue(rejectedCleanly(cut, name + " cut to " + len), name + " cut to " + len + " was accepted");
            }
        }
    }

    @Test
    void bitFlipsNeverEscape() throws Exception {
        Random rnd = new Random(42);
        for (String name : new String[] {"cf_meta_vlmeta.b2frame", "cf_special_chunks_f64.b2frame",
            "cf_empty_with_meta.b2frame", "cf_fill_special_zeros.b2frame"}) {
            byte[] full = Files.readAllBytes(TestSupport.vectors().resolve("frames").resolve(name));
            for (int t = 0; t < 400; t++) {
                byte[] b = full.clone();
                int flips = 1 + rnd.nextInt(3);
                for (int f = 0; f < flips; f++) {
                    int pos = rnd.nextInt(b.length);
                    b[pos] ^= (byte) (1 << rnd.nextInt(8));
                }
                rejectedCleanly(b, name + " trial " + t);
            }
            // every single byte of the header and trailer set to 0xff
            for (int pos = 0; pos < full.length; pos++) {
                byte[] b = full.clone();
                b[pos] = (byte) 0xff;
                rejectedCleanly(b, name + " byte " + pos + " = 0xff");
            }
        }
    }

    @Test
    void truncatedFileIsCorrupt(@TempDir Path dir) throws Exception {
        byte[] full = Files.readAllBytes(TestSupport.vectors().resolve("frames/cf_meta_vlmeta.b2frame"));
        Path f = dir.resolve("cut.b2frame");
        Files.write(f, java.util.Arrays.copyOf(full, full.length - 10));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.open(f));
        assertTrue(e.getMessage().contains("cut.b2frame"), e.getMessage());
        assertTrue(e.getMessage().contains("frame_len"), e.getMessage());
    }

    private static void copyDir(Path from, Path to) throws Exception {
        Files.createDirectories(to);
        try (var s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(p.getFileName()));
            }
        }
    }

    @Test
    void sparseMissingChunkFileIsNamed(@TempDir Path dir) throws Exception {
        Path src = TestSupport.vectors().resolve("sframes/sf_lz4_shuffle_i32.b2frame");
        Path d = dir.resolve("sf.b2frame");
        copyDir(src, d);
        Files.delete(d.resolve("00000002.chunk"));
        try (SuperChunk sc = SuperChunk.open(d)) {
            sc.chunk(1);
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.chunk(2));
            assertTrue(e.getMessage().contains("00000002.chunk"), e.getMessage());
            assertTrue(e.getMessage().contains("missing"), e.getMessage());
        }
    }

    @Test
    void sparseShortChunkFileIsNamed(@TempDir Path dir) throws Exception {
        Path src = TestSupport.vectors().resolve("sframes/sf_lz4_shuffle_i32.b2frame");
        Path d = dir.resolve("sf.b2frame");
        copyDir(src, d);
        Path c = d.resolve("00000001.chunk");
        byte[] b = Files.readAllBytes(c);
        Files.write(c, java.util.Arrays.copyOf(b, b.length - 7));
        try (SuperChunk sc = SuperChunk.open(d)) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.chunk(1));
            assertTrue(e.getMessage().contains("00000001.chunk"), e.getMessage());
        }
        Files.write(c, new byte[5]);
        try (SuperChunk sc = SuperChunk.open(d)) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> sc.chunkNbytes(1));
            assertTrue(e.getMessage().contains("00000001.chunk"), e.getMessage());
        }
    }

    @Test
    void sparseMissingIndexIsNamed(@TempDir Path dir) throws Exception {
        Path d = dir.resolve("empty.b2frame");
        Files.createDirectories(d);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.open(d));
        assertTrue(e.getMessage().contains("chunks.b2frame"), e.getMessage());
    }

    @Test
    void wrongFrameTypeIsReported() throws Exception {
        byte[] idx = Files.readAllBytes(TestSupport.vectors().resolve("sframes/sf_lz4_shuffle_i32.b2frame/chunks.b2frame"));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.fromCframe(idx));
        assertTrue(e.getMessage().contains("frame_type"), e.getMessage());
        assertEquals(1, FrameHeader.parse(java.lang.foreign.MemorySegment.ofArray(idx), "x").frameType());
    }
}
