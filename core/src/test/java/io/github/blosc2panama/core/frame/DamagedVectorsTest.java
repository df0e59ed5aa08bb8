package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.SuperChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every cframe and sframe vector of the manifest, truncated at 20 points and hit by 50 random bit
 * flips: reading everything it offers (all chunks decompressed, a slice, metalayers, vlmetalayers)
 * either gives the correct data or throws a {@link Blosc2Exception}; never another exception, a
 * crash or a hang. Contiguous frames are damaged in memory and, for truncations, as mapped files
 * too; sparse frames are damaged in a copy of the directory (the index file or a chunk file).
 *
 * <p>Blosc2 chunks carry no checksum, so a flip inside compressed payload may decode to other
 * bytes without any error; flips are therefore held only to "no escape", truncations to "correct
 * or typed".
 */
class DamagedVectorsTest {
    @TempDir
    Path tmp;

    /** Reads everything; returns the sha256 of all chunk data. */
    static String readAll(SuperChunk sc) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (int k = 0; k < sc.nchunks(); k++) {
            sc.chunkNbytes(k);
            sc.chunk(k);
            md.update(sc.decompressChunk(k));
        }
        if (sc.nbytes() > 2) {
            sc.getSlice(1, sc.nbytes() - 1);
        }
        for (String n : sc.metalayerNames()) {
            sc.metalayer(n);
        }
        for (String n : sc.vlmetalayerNames()) {
            sc.vlmetalayer(n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** Opens and reads; returns the data sha, or null if a Blosc2Exception was thrown; fails on anything else. */
    private static String attempt(String what, ThrowingOpener opener) {
        try (SuperChunk sc = opener.open()) {
            return readAll(sc);
        } catch (Blosc2Exception e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), what + ": exception without a message");
            return null;
        } catch (Throwable e) {
            fail(what + ": " + e, e);
            return null;
        }
    }

    @FunctionalInterface
    interface ThrowingOpener {
        SuperChunk open() throws Exception;
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> truncatedAndFlipped() {
        Path root = TestSupport.vectors();
        List<Map<String, Object>> entries = TestSupport.frameEntries();
        assertEquals(40, entries.size(), "frame vectors in the manifest");
        return entries.stream().map(e -> DynamicTest.dynamicTest((String) e.get("file"), () -> {
            Map<String, Object> x = (Map<String, Object>) e.get("expect");
            String expected = (String) x.get("sha256");
            Path src = root.resolve((String) e.get("file"));
            boolean sparse = "sframe".equals(e.get("kind"));
            long seed = ((String) e.get("file")).hashCode();
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                if (sparse) {
                    sparse(src, expected, new Random(seed));
                } else {
                    contiguous(src, expected, new Random(seed));
                }
            });
        }));
    }

    private void contiguous(Path src, String expected, Random rnd) throws Exception {
        byte[] full = Files.readAllBytes(src);
        assertEquals(expected, attempt(src + " intact", () -> SuperChunk.fromCframe(full)));
        Path file = tmp.resolve("cut.b2frame");
        for (int k = 0; k < 20; k++) {
            int len = (int) ((long) full.length * k / 20) + (k == 0 ? 0 : rnd.nextInt(Math.max(1, full.length / 20)));
            len = Math.min(len, full.length - 1);
            byte[] cut = Arrays.copyOf(full, len);
            String what = src.getFileName() + " cut to " + len;
            String got = attempt(what + " (memory)", () -> SuperChunk.fromCframe(cut));
            assertTrue(got == null || got.equals(expected), what + ": wrong data without an exception");
            Files.write(file, cut);
            got = attempt(what + " (file)", () -> SuperChunk.open(file));
            assertTrue(got == null || got.equals(expected), what + " (file): wrong data without an exception");
        }
        for (int t = 0; t < 50; t++) {
            byte[] b = full.clone();
            int pos = rnd.nextInt(b.length);
            int bit = rnd.nextInt(8);
            b[pos] ^= (byte) (1 << bit);
            attempt(src.getFileName() + " bit " + bit + " of byte " + pos + " flipped", () -> SuperChunk.fromCframe(b));
        }
    }

    private void sparse(Path src, String expected, Random rnd) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(src)) {
            files = s.sorted().toList();
        }
        int trial = 0;
        assertEquals(expected, attempt(src + " intact", () -> SuperChunk.open(src)));
        for (int k = 0; k < 20; k++) {
            // even trials damage the index file, odd ones a chunk file
            Path victim = k % 2 == 0 || files.size() == 1 ? src.resolve(SparseFrameStore.INDEX_FILE)
                    : files.get(rnd.nextInt(files.size()));
            byte[] full = Files.readAllBytes(victim);
            int len = Math.min(full.length - 1, (int) ((long) full.length * k / 20) + rnd.nextInt(Math.max(1, full.length / 20)));
            Path copy = copy(src, trial++);
            Files.write(copy.resolve(victim.getFileName().toString()), Arrays.copyOf(full, Math.max(0, len)));
            String got = attempt(victim + " cut to " + len, () -> SuperChunk.open(copy));
            assertTrue(got == null || got.equals(expected), victim + " cut to " + len + ": wrong data without an exception");
        }
        for (int t = 0; t < 50; t++) {
            Path victim = t % 2 == 0 ? src.resolve(SparseFrameStore.INDEX_FILE) : files.get(rnd.nextInt(files.size()));
            byte[] b = Files.readAllBytes(victim);
            int pos = rnd.nextInt(b.length);
            int bit = rnd.nextInt(8);
            b[pos] ^= (byte) (1 << bit);
            Path copy = copy(src, trial++);
            Files.write(copy.resolve(victim.getFileName().toString()), b);
            attempt(victim + ": bit " + bit + " of byte " + pos + " flipped", () -> SuperChunk.open(copy));
        }
    }

    private Path copy(Path srcDir, int trial) throws Exception {
        Path d = tmp.resolve(srcDir.getFileName() + "-" + trial);
        Files.createDirectories(d);
        try (Stream<Path> s = Files.list(srcDir)) {
            for (Path p : s.toList()) {
                Files.copy(p, d.resolve(p.getFileName()));
            }
        }
        return d;
    }
}
