package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's surface that does not need the chunk layer: help, version, errors. */
class MainTest {
    @TempDir
    Path tmp;

    /** Asserts the error contract: exit 1, nothing on stdout, exactly one stderr line "blosc2: ...". */
    static String assertError(Run r) {
        assertEquals(1, r.rc(), "exit code; stderr: " + r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("blosc2: "), r.err());
        assertTrue(r.err().endsWith("\n"), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        return r.err().strip();
    }

    @Test
    void versionAndHelp() {
        String version = Run.of("--version").ok();
        List<String> lines = version.lines().toList();
        assertTrue(lines.get(0).matches("blosc2 \\(blosc2-panama\\) \\S+"), version);
        assertEquals("native codec libraries:", lines.get(1), version);
        assertEquals(List.of("lz4, lz4hc compression", "lz4, lz4hc decompression", "zstd", "zlib"),
                lines.subList(2, lines.size()).stream().map(l -> l.strip().split(":")[0]).toList(), version);
        assertTrue(lines.get(2).contains("LZ4 1.10."), "LZ4 compresses as C-Blosc2 3.3's 1.10: " + version);
        String help = Run.of("--help").ok();
        for (String c : new String[] {"compress", "decompress", "info", "bench", "--debug"}) {
            assertTrue(help.contains(c), c + " in " + help);
        }
        assertEquals(help, Run.of("help").ok());
        assertEquals(help, Run.of("-h").ok());
        assertTrue(Run.of("help", "compress").ok().startsWith("usage: blosc2 compress IN OUT"));
        assertTrue(Run.of("compress", "--help").ok().contains("--filters-meta"));
        assertTrue(Run.of("bench", "--help").ok().contains("lz4-5-bitshuffle"));
        assertTrue(Run.of("info", "--help").ok().contains("--json"));
        assertTrue(Run.of("decompress", "--help").ok().contains("--nthreads"));
    }

    @Test
    void usageErrors() {
        assertEquals("blosc2: no command given (see 'blosc2 --help')", assertError(Run.of()));
        assertEquals("blosc2: unknown command 'zip' (see 'blosc2 --help')", assertError(Run.of("zip")));
        assertEquals("blosc2: unknown option '--frob' (see 'blosc2 --help')", assertError(Run.of("--frob")));
        assertEquals("blosc2: unknown option '--level' for 'compress' (see 'blosc2 --help')",
                assertError(Run.of("compress", "a", "b", "--level", "3")));
        assertEquals("blosc2: 'decompress' expects PATH OUT, got x (see 'blosc2 --help')",
                assertError(Run.of("decompress", "x")));
        assertEquals("blosc2: --clevel: must be 0..9, got 12 (see 'blosc2 --help')",
                assertError(Run.of("compress", "a", "b", "--clevel", "12")));
        assertEquals("blosc2: 'help' takes at most one command name (see 'blosc2 --help')",
                assertError(Run.of("help", "a", "b")));
        assertEquals("blosc2: unknown command 'nope' (see 'blosc2 --help')", assertError(Run.of("help", "nope")));
        assertTrue(assertError(Run.of("bench", "--threads", "0")).contains("--threads: must be 1..1024, got 0"));
        assertTrue(assertError(Run.of("bench", "--dataset", "f32")).contains("unknown dataset 'f32'"));
        assertTrue(assertError(Run.of("bench", "--config", "lz4-1-shuffle")).contains("unknown configuration"));
        assertTrue(assertError(Run.of("bench", "--size", "0")).contains("--size: must be 1..1024"));
        assertTrue(assertError(Run.of("bench", "extra")).contains("'bench' expects no arguments"));
    }

    @Test
    void parameterErrorsFromCore() throws IOException {
        Path in = Files.write(tmp.resolve("in.bin"), new byte[100]);
        String out = tmp.resolve("o.chunk").toString();
        assertTrue(assertError(Run.of("compress", in.toString(), out, "--codec", "brotli"))
                .startsWith("blosc2: unknown codec 'brotli'"));
        assertTrue(assertError(Run.of("compress", in.toString(), out, "--filters", "shuffle,rle"))
                .startsWith("blosc2: unknown filter 'rle'"));
        assertTrue(assertError(Run.of("compress", in.toString(), out, "--splitmode", "sometimes"))
                .startsWith("blosc2: unknown splitmode 'sometimes'"));
        assertTrue(assertError(Run.of("compress", in.toString(), out, "--filters-meta", "1,2,3,4,5,6,7"))
                .contains("at most 6"));
        assertFalse(Files.exists(tmp.resolve("o.chunk")));
    }

    @Test
    void fileErrors() throws IOException {
        Path missing = tmp.resolve("missing.chunk");
        assertEquals("blosc2: no such file or directory: " + missing, assertError(Run.of("info", missing.toString())));
        assertEquals("blosc2: no such file or directory: " + missing,
                assertError(Run.of("decompress", missing.toString(), "-")));
        assertEquals("blosc2: no such file or directory: " + missing,
                assertError(Run.of("compress", missing.toString(), tmp.resolve("x").toString())));
        assertEquals("blosc2: " + tmp + " is a directory but not a sparse frame (no chunks.b2frame in it)",
                assertError(Run.of("info", tmp.toString())));
        assertEquals("blosc2: " + tmp + " is a directory",
                assertError(Run.of("compress", tmp.toString(), tmp.resolve("x").toString())));
    }

    @Test
    void framesAreRecognised() throws IOException {
        Path frame = Vectors.dir().resolve("frames/cf_lz4_nthreads2_f64.b2frame");
        assertTrue(Run.of("info", frame.toString()).ok().startsWith("kind "));
        Path sframe = Vectors.dir().resolve("sframes/sf_lz4_shuffle_i32.b2frame");
        assertEquals(130_000, Run.of("decompress", sframe.toString(), "-").outBytes().length);
        assertEquals(InputKind.CFRAME, InputKind.detect(frame));
        assertEquals(InputKind.SFRAME, InputKind.detect(sframe));
        assertEquals(InputKind.CHUNK, InputKind.detect(Vectors.dir().resolve("chunks/size_15_lz4_ts1.chunk")));
    }

    @Test
    void debugPrintsTheStackTrace() {
        Run r = Run.of("--debug", "info", tmp.resolve("nope").toString());
        assertEquals(1, r.rc());
        assertTrue(r.err().startsWith("blosc2: no such file or directory: "), r.err());
        assertTrue(r.err().contains("NoSuchFileException") && r.err().contains("\tat "), r.err());
        Run late = Run.of("info", tmp.resolve("nope").toString(), "--debug");
        assertTrue(late.err().contains("\tat "), "--debug anywhere before --");
    }

    @Test
    void describeKeepsOneLine() {
        assertEquals("bad thing on two lines",
                Main.describe(new io.github.blosc2panama.core.CorruptDataException("bad thing\n  on two lines")));
        assertEquals("not supported yet: chunk compression is being written",
                Main.describe(new UnsupportedOperationException("chunk compression is being written")));
        assertEquals("internal error: java.lang.NullPointerException", Main.describe(new NullPointerException()));
    }
}
