package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.data.DataPatterns;
import io.github.blosc2panama.core.data.Pattern;
import io.github.blosc2panama.core.data.PatternSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compress -> info -> decompress through {@link Main}, info and decompress of C-Blosc2's vectors, and a
 * one-row bench. These need the chunk layer (Blosc2.compress/decompress/info).
 */
class EndToEndTest {
    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String s) {
        return (Map<String, Object>) MiniJson.parse(s);
    }

    private static long num(Map<String, Object> m, String k) {
        return ((Number) m.get(k)).longValue();
    }

    private void roundTrip(byte[] data, String... options) throws IOException {
        Path in = Files.write(tmp.resolve("in.bin"), data);
        Path chunk = tmp.resolve("out.chunk");
        Path back = tmp.resolve("back.bin");
        List<String> args = new ArrayList<>(List.of("compress", in.toString(), chunk.toString()));
        args.addAll(List.of(options));
        assertEquals("", Run.of(args.toArray(String[]::new)).ok());
        Map<String, Object> info = json(Run.of("info", "--json", chunk.toString()).ok());
        assertEquals("chunk", info.get("kind"));
        assertEquals(data.length, num(info, "nbytes"), String.join(" ", options));
        assertEquals(Files.size(chunk), num(info, "cbytes"));
        assertEquals("", Run.of("decompress", chunk.toString(), back.toString()).ok());
        assertArrayEquals(data, Files.readAllBytes(back), String.join(" ", options));
        assertArrayEquals(data, Run.of("decompress", chunk.toString(), "-").outBytes());
    }

    @Test
    void roundTripsWithDefaultsAndOptions() throws IOException {
        byte[] f64 = DataPatterns.generate(PatternSpec.of(Pattern.SINE, 8), 200_003);
        roundTrip(f64);
        roundTrip(f64, "--codec", "lz4", "--clevel", "9", "--filters", "delta,bitshuffle", "--typesize", "8");
        roundTrip(f64, "--codec", "blosclz", "--blocksize", "16384", "--splitmode", "always", "--nthreads", "2");
        roundTrip(f64, "--codec", "zlib", "--filters", "nofilter", "--typesize", "1");
        roundTrip(DataPatterns.generate(PatternSpec.of(Pattern.TEXT, 1), 100_000), "--codec", "zstd", "--use-dict",
                "--typesize", "1");
        roundTrip(DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 65_536), "--codec", "lz4hc",
                "--filters", "shuffle,bytedelta", "--filters-meta", "0,4", "--typesize", "4");
        roundTrip(new byte[0]);
        roundTrip(new byte[] {42});
    }

    @Test
    void infoReportsWhatWasAsked() throws IOException {
        Path in = Files.write(tmp.resolve("in.bin"), DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 400_000));
        Path chunk = tmp.resolve("c.chunk");
        Run.of("compress", in.toString(), chunk.toString(), "--codec", "lz4", "--typesize", "4", "--filters",
                "delta,shuffle", "--blocksize", "32768").ok();
        Map<String, Object> info = json(Run.of("info", "--json", chunk.toString()).ok());
        assertEquals("lz4", info.get("codec"));
        assertEquals(4L, num(info, "typesize"));
        assertEquals(32768L, num(info, "blocksize"));
        assertEquals(List.of("nofilter", "nofilter", "nofilter", "nofilter", "delta", "shuffle"), info.get("filters"));
        assertEquals("none", info.get("special"));
        assertTrue(((Number) info.get("ratio")).doubleValue() > 10, info.toString());
        String text = Run.of("info", chunk.toString()).ok();
        assertTrue(text.contains("codec         lz4 (compcode 1)"), text);
    }

    @Test
    void compressToStdoutWritesTheChunk() throws IOException {
        byte[] data = DataPatterns.generate(PatternSpec.of(Pattern.RANDINT, 4), 50_000);
        Path in = Files.write(tmp.resolve("in.bin"), data);
        byte[] chunk = Run.of("compress", in.toString(), "-", "--typesize", "4").outBytes();
        Path c = Files.write(tmp.resolve("s.chunk"), chunk);
        assertArrayEquals(data, Run.of("decompress", c.toString(), "-").outBytes());
    }

    @Test
    void corruptChunkIsAOneLineError() throws IOException {
        byte[] data = DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 8), 80_000);
        Path in = Files.write(tmp.resolve("in.bin"), data);
        Path chunk = tmp.resolve("c.chunk");
        Run.of("compress", in.toString(), chunk.toString()).ok();
        byte[] c = Files.readAllBytes(chunk);
        Path truncated = Files.write(tmp.resolve("t.chunk"), java.util.Arrays.copyOf(c, c.length - 5));
        MainTest.assertError(Run.of("info", truncated.toString()));
        Path out = tmp.resolve("never.bin");
        MainTest.assertError(Run.of("decompress", truncated.toString(), out.toString()));
        assertFalse(Files.exists(out), "no partial output");
        Path longer = Files.write(tmp.resolve("l.chunk"), java.util.Arrays.copyOf(c, c.length + 3));
        assertTrue(MainTest.assertError(Run.of("decompress", longer.toString(), "-")).contains("cbytes"));
    }

    /** C-Blosc2's chunks: info agrees with the manifest's header, decompress with its sha256. */
    @Test
    @SuppressWarnings("unchecked")
    void vectorChunks() throws Exception {
        List<Map<String, Object>> manifest = (List<Map<String, Object>>) MiniJson.parse(
                Files.readString(Vectors.dir().resolve("manifest.json")));
        int checked = 0;
        for (Map<String, Object> e : manifest) {
            String file = (String) e.get("file");
            Map<String, Object> expect = (Map<String, Object>) e.get("expect");
            if (!"chunk".equals(e.get("kind")) || !file.startsWith("chunks/") || (checked++ % 7) != 0
                    || expect.containsKey("c_decompress_ctx_rc") || expect.containsKey("alt_sha256")) {
                continue;
            }
            Path path = Vectors.dir().resolve(file);
            Map<String, Object> info = json(Run.of("info", "--json", path.toString()).ok());
            Map<String, Object> header = (Map<String, Object>) expect.get("header");
            for (String k : List.of("version", "versionlz", "flags", "typesize", "nbytes", "blocksize", "cbytes")) {
                assertEquals(num(header, k), num(info, k), file + " " + k);
            }
            byte[] data = Run.of("decompress", path.toString(), "-").outBytes();
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
            assertEquals(expect.get("sha256"), sha, file);
        }
        assertTrue(checked > 100, "looked at " + checked);
    }

    @Test
    void benchOneRow() {
        String json = Run.of("bench", "--json", "--size", "1", "--dataset", "text", "--config", "lz4-5-shuffle",
                "--threads", "1").ok();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) MiniJson.parse(json);
        assertEquals(1, rows.size(), json);
        Map<String, Object> r = rows.get(0);
        assertEquals("text", r.get("dataset"));
        assertEquals("lz4-5-shuffle", r.get("config"));
        assertEquals(1L, r.get("nthreads"));
        double ratio = ((Number) r.get("ratio")).doubleValue();
        assertTrue(ratio > 1.2 && ratio < 5, "text compresses about 2x with lz4: " + ratio);
        assertTrue(((Number) r.get("compress_gbps")).doubleValue() > 0);
        assertTrue(((Number) r.get("decompress_gbps")).doubleValue() > 0);
        String table = Run.of("bench", "--size", "1", "--dataset", "i32_arange", "--config", "blosclz-5-shuffle",
                "--threads", "2", "--reps", "1").ok();
        List<String> lines = table.lines().toList();
        assertEquals(7, lines.size(), table);
        assertTrue(lines.get(2).matches("i32_arange +[0-9a-f]{16} blosclz-5-shuffle +2 .*"), table);
        assertTrue(lines.get(3).startsWith("# lz4, lz4hc compression: "), table);
        assertTrue(lines.get(6).startsWith("# zlib: "), table);
    }
}
