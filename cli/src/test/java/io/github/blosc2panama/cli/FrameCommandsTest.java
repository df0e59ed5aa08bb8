package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.data.DataPatterns;
import io.github.blosc2panama.core.data.Pattern;
import io.github.blosc2panama.core.data.PatternSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code info}, {@code compress} and {@code decompress} on contiguous and sparse frames. */
class FrameCommandsTest {
    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String s) {
        return (Map<String, Object>) MiniJson.parse(s);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> m, String k) {
        return (List<Map<String, Object>>) m.get(k);
    }

    private static long num(Map<String, Object> m, String k) {
        return ((Number) m.get(k)).longValue();
    }

    private static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void contiguousFrameRoundTripWithMetadata() throws Exception {
        byte[] data = DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 250_000);
        Path in = Files.write(tmp.resolve("in.bin"), data);
        Path frame = tmp.resolve("out.b2frame");
        Run r = Run.of("compress", in.toString(), frame.toString(), "--codec", "lz4", "--typesize", "4",
                "--filters", "shuffle", "--chunksize", "40000", "--meta", "shape=9201a178,empty=",
                "--vlmeta", "note=68656c6c6f");
        assertEquals("", r.ok());
        assertEquals("", r.err(), "no progress bar when stderr is not a terminal");
        assertTrue(Files.isRegularFile(frame));
        Map<String, Object> info = json(Run.of("info", "--json", frame.toString()).ok());
        assertEquals("cframe", info.get("kind"));
        assertEquals(7L, num(info, "nchunks"));
        assertEquals(250_000L, num(info, "nbytes"));
        assertEquals(40_000L, num(info, "chunksize"));
        assertEquals(4L, num(info, "typesize"));
        assertEquals("lz4", info.get("codec"));
        assertEquals(Files.size(frame), num(info, "disk_bytes"));
        assertTrue(num(info, "cbytes") < 250_000 / 5, "arange compresses well: " + info.get("cbytes"));
        assertEquals(List.of("nofilter", "nofilter", "nofilter", "nofilter", "nofilter", "shuffle"), info.get("filters"));
        assertEquals(List.of(Map.of("name", "shape", "hex", "9201a178"), Map.of("name", "empty", "hex", "")),
                info.get("metalayers"));
        assertEquals(List.of(Map.of("name", "note", "hex", "68656c6c6f")), info.get("vlmetalayers"));
        List<Map<String, Object>> chunks = list(info, "chunks");
        assertEquals(7, chunks.size());
        long cb = 0;
        for (int k = 0; k < 7; k++) {
            assertEquals(k < 6 ? 40_000L : 10_000L, num(chunks.get(k), "nbytes"));
            assertEquals("none", chunks.get(k).get("special"));
            assertEquals(cb, num(chunks.get(k), "offset"));
            cb += num(chunks.get(k), "cbytes");
        }
        assertEquals(cb, num(info, "cbytes"));

        String text = Run.of("info", frame.toString()).ok();
        assertTrue(text.contains("contiguous frame"), text);
        assertTrue(text.contains("metalayers (2)"), text);
        assertTrue(text.contains("shape  9201a178"), text);
        assertTrue(text.contains("note  68656c6c6f"), text);
        assertTrue(text.contains("chunks (7)"), text);

        Path back = tmp.resolve("back.bin");
        assertEquals("", Run.of("decompress", frame.toString(), back.toString()).ok());
        assertArrayEquals(data, Files.readAllBytes(back));
        assertArrayEquals(data, Run.of("decompress", frame.toString(), "-").outBytes());
    }

    @Test
    void infoTextShortensLongMetadataAndJsonKeepsIt() throws Exception {
        Path in = Files.write(tmp.resolve("in.bin"), new byte[1000]);
        Path frame = tmp.resolve("long-meta.b2frame");
        String big = "ab".repeat(100_000);
        assertEquals("", Run.of("compress", in.toString(), frame.toString(), "--meta", "m=" + "cd".repeat(33),
                "--vlmeta", "big=" + big + ",small=" + "ef".repeat(32)).ok());

        String text = Run.of("info", frame.toString()).ok();
        assertTrue(text.contains("  m  " + "cd".repeat(32) + "... (33 bytes)\n"), text);
        assertTrue(text.contains("  big  " + "ab".repeat(32) + "... (100,000 bytes)\n"), text);
        assertTrue(text.contains("  small  " + "ef".repeat(32) + "\n"), text);
        assertTrue(text.length() < 2000, "the text stays short: " + text.length());

        Map<String, Object> info = json(Run.of("info", "--json", frame.toString()).ok());
        assertEquals(List.of(Map.of("name", "big", "hex", big), Map.of("name", "small", "hex", "ef".repeat(32))),
                info.get("vlmetalayers"));
        assertEquals(List.of(Map.of("name", "m", "hex", "cd".repeat(33))), info.get("metalayers"));
    }

    @Test
    void sparseFrameWithSpecialChunks() throws Exception {
        byte[] data = new byte[300_000];
        byte[] text = DataPatterns.generate(PatternSpec.of(Pattern.TEXT, 1), 100_000);
        System.arraycopy(text, 0, data, 100_000, text.length); // chunks: zeros, text, zeros
        Path in = Files.write(tmp.resolve("in.bin"), data);
        Path dir = tmp.resolve("out.b2frame");
        assertEquals("", Run.of("compress", in.toString(), dir.toString(), "--sparse", "--chunksize", "100000",
                "--typesize", "1", "--codec", "zstd").ok());
        assertTrue(Files.isRegularFile(dir.resolve("chunks.b2frame")));
        Map<String, Object> info = json(Run.of("info", "--json", dir.toString()).ok());
        assertEquals("sframe", info.get("kind"));
        List<Map<String, Object>> chunks = list(info, "chunks");
        assertEquals(List.of("zero", "none", "zero"), chunks.stream().map(c -> c.get("special")).toList());
        assertEquals(List.of(false, true, false), chunks.stream().map(c -> c.get("stored")).toList());
        assertTrue(Files.isRegularFile(dir.resolve(String.format("%08X.chunk", num(chunks.get(1), "file_number")))));
        assertTrue(Run.of("info", dir.toString()).ok().contains("sparse frame"));
        assertArrayEquals(data, Run.of("decompress", dir.toString(), "-").outBytes());
        // an existing sparse frame is not overwritten
        Run again = Run.of("compress", in.toString(), dir.toString(), "--sparse");
        assertEquals(1, again.rc());
        assertTrue(again.err().contains("exists"), again.err());
    }

    @Test
    void frameOnStandardOutputAndDefaults() throws Exception {
        byte[] data = DataPatterns.generate(PatternSpec.of(Pattern.SINE, 8), 3_000_000);
        Path in = Files.write(tmp.resolve("in.bin"), data);
        byte[] cframe = Run.of("compress", in.toString(), "-", "--chunksize", "1000000").outBytes();
        Path f = Files.write(tmp.resolve("stdout.b2frame"), cframe);
        Map<String, Object> info = json(Run.of("info", "--json", f.toString()).ok());
        assertEquals(3L, num(info, "nchunks"));
        assertEquals("zstd", info.get("codec"));
        // default chunk size: 1 MiB rounded to the typesize (8)
        Path g = tmp.resolve("default.b2frame");
        Run.of("compress", in.toString(), g.toString()).ok();
        Map<String, Object> ginfo = json(Run.of("info", "--json", g.toString()).ok());
        assertEquals(1L << 20, num(ginfo, "chunksize"));
        assertEquals(3L, num(ginfo, "nchunks"));
        assertArrayEquals(data, Run.of("decompress", g.toString(), "-").outBytes());
        // an empty input makes an empty frame
        Path empty = Files.write(tmp.resolve("empty.bin"), new byte[0]);
        Path ef = tmp.resolve("empty.b2frame");
        Run.of("compress", empty.toString(), ef.toString()).ok();
        assertEquals(0L, num(json(Run.of("info", "--json", ef.toString()).ok()), "nchunks"));
        assertEquals(0, Run.of("decompress", ef.toString(), "-").outBytes().length);
    }

    @Test
    void badFrameOptions() throws Exception {
        Path in = Files.write(tmp.resolve("in.bin"), new byte[1000]);
        Run bad = Run.of("compress", in.toString(), tmp.resolve("x.b2frame").toString(), "--meta", "m=abc");
        assertEquals(1, bad.rc());
        assertTrue(bad.err().contains("hex"), bad.err());
        Run noName = Run.of("compress", in.toString(), tmp.resolve("x.b2frame").toString(), "--vlmeta", "=00");
        assertEquals(1, noName.rc());
        assertTrue(noName.err().contains("NAME=HEX"), noName.err());
        Run chunkMeta = Run.of("compress", in.toString(), tmp.resolve("x.chunk").toString(), "--meta", "m=00");
        assertEquals(1, chunkMeta.rc());
        assertTrue(chunkMeta.err().contains("frames"), chunkMeta.err());
        Run sparseStdout = Run.of("compress", in.toString(), "-", "--sparse");
        assertEquals(1, sparseStdout.rc());
        assertFalse(Files.exists(tmp.resolve("x.b2frame")), "no output left behind by a failed command");
        try (var s = Files.list(tmp)) {
            assertEquals(List.of("in.bin"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void corruptFrameIsAOneLineError() throws Exception {
        Path in = Files.write(tmp.resolve("in.bin"), DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 100_000));
        Path f = tmp.resolve("f.b2frame");
        Run.of("compress", in.toString(), f.toString(), "--chunksize", "30000").ok();
        byte[] b = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(b, b.length - 30));
        for (String cmd : List.of("info", "decompress")) {
            Run r = cmd.equals("info") ? Run.of("info", f.toString()) : Run.of("decompress", f.toString(), "-");
            assertEquals(1, r.rc(), cmd);
            assertTrue(r.err().contains("f.b2frame"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    /** C-Blosc2's frames: info agrees with the manifest, decompress with its sha256. */
    @Test
    @SuppressWarnings("unchecked")
    void vectorFrames() throws Exception {
        int checked = 0;
        for (Map<String, Object> e : Vectors.manifest()) {
            if (!"cframe".equals(e.get("kind")) && !"sframe".equals(e.get("kind"))) {
                continue;
            }
            Map<String, Object> x = (Map<String, Object>) e.get("expect");
            Path p = Vectors.dir().resolve((String) e.get("file"));
            Map<String, Object> info = json(Run.of("info", "--json", p.toString()).ok());
            assertEquals(e.get("kind"), info.get("kind"));
            for (String k : List.of("nchunks", "nbytes", "cbytes", "typesize", "chunksize", "blocksize", "clevel",
                    "compcode")) {
                assertEquals(num(x, k), num(info, k), p + " " + k);
            }
            assertEquals(x.get("filters"), info.get("filter_ids"), p + " filters");
            List<Map<String, Object>> metas = list(info, "metalayers");
            List<Map<String, Object>> want = list(x, "metalayers");
            assertEquals(want.size(), metas.size(), p + " metalayers");
            for (int k = 0; k < want.size(); k++) {
                assertEquals(want.get(k).get("name"), metas.get(k).get("name"));
                assertEquals(want.get(k).get("content_hex"), metas.get(k).get("hex"));
            }
            List<Map<String, Object>> vl = list(info, "vlmetalayers");
            List<Map<String, Object>> wantVl = list(x, "vlmetalayers");
            assertEquals(wantVl.size(), vl.size(), p + " vlmetalayers");
            for (int k = 0; k < wantVl.size(); k++) {
                assertEquals(wantVl.get(k).get("name"), vl.get(k).get("name"));
                assertEquals(wantVl.get(k).get("content_hex"), vl.get(k).get("hex"));
            }
            List<Map<String, Object>> chunks = list(info, "chunks");
            List<Map<String, Object>> wantChunks = list(x, "chunks");
            for (int k = 0; k < wantChunks.size(); k++) {
                assertEquals(num(wantChunks.get(k), "nbytes"), num(chunks.get(k), "nbytes"), p + " chunk " + k);
            }
            assertEquals(x.get("sha256"), sha(Run.of("decompress", p.toString(), "-").outBytes()), p.toString());
            checked++;
        }
        assertEquals(40, checked);
    }

    @Test
    void progressBarRendersAndStaysQuietWhenDisabled() {
        assertEquals("compressing [...............................]   0%  0 B / 2.0 MiB".replace("...............................",
                ".".repeat(30)), ProgressBar.render("compressing", 0, 2 << 20));
        assertEquals("x [" + "#".repeat(15) + ".".repeat(15) + "]  50%  1.0 KiB / 2.0 KiB", ProgressBar.render("x", 1024, 2048));
        assertEquals("x [" + "#".repeat(30) + "] 100%  0 B / 0 B", ProgressBar.render("x", 0, 0));
        ByteArrayOutputStream on = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(on, true, StandardCharsets.UTF_8), "c", 1000, true);
        for (int i = 0; i <= 1000; i += 5) {
            bar.update(i);
        }
        bar.finish();
        String s = on.toString(StandardCharsets.UTF_8);
        assertEquals(101, s.chars().filter(c -> c == '\r').count(), "one redraw per percent");
        assertTrue(s.endsWith("100%  1000 B / 1000 B" + System.lineSeparator()), s);
        ByteArrayOutputStream off = new ByteArrayOutputStream();
        ProgressBar quiet = new ProgressBar(new PrintStream(off, true, StandardCharsets.UTF_8), "c", 1000, false);
        quiet.update(500);
        quiet.finish();
        assertEquals(0, off.size());
    }
}
