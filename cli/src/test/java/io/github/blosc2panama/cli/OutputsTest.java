package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.NDArray;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the commands write: standard output that fails, missing directories, b2nd options. */
class OutputsTest {
    @TempDir
    Path tmp;

    private Path input(int n) throws IOException {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i / 7);
        }
        return Files.write(tmp.resolve("in.raw"), b);
    }

    /** Runs the command with a standard output that fails every write (a full disk, a closed pipe). */
    private static Run withFailingStdout(String... args) {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(args, new PrintStream(broken, false), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, new byte[0], err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingStandardOutputIsAnError() throws Exception {
        Path in = input(300_000);
        Path chunk = tmp.resolve("c.chunk");
        Run.of("compress", in.toString(), chunk.toString()).ok();
        String[][] commands = {
            {"compress", in.toString(), "-", "--chunksize", "100000"}, // a frame
            {"compress", in.toString(), "-"}, // a chunk
            {"decompress", chunk.toString(), "-"},
            {"info", chunk.toString()},
            {"--version"},
        };
        for (String[] c : commands) {
            Run r = withFailingStdout(c);
            assertEquals(1, r.rc(), String.join(" ", c));
            assertTrue(r.err().contains("error writing to standard output"), String.join(" ", c) + ": " + r.err());
        }
    }

    @Test
    void aMissingOutputDirectoryIsNamedAndNotCreated() throws Exception {
        Path in = input(1000);
        Path missing = tmp.resolve("nodir");
        for (String out : new String[] {"x.chunk", "x.b2frame", "x.b2nd"}) {
            String[] args = out.equals("x.b2nd")
                    ? new String[] {"compress", in.toString(), missing.resolve(out).toString(), "--dtype", "<i4", "--shape", "250"}
                    : new String[] {"compress", in.toString(), missing.resolve(out).toString()};
            Run r = Run.of(args);
            assertEquals(1, r.rc(), out);
            assertEquals("blosc2: cannot write " + missing.resolve(out).toAbsolutePath() + ": no directory " + missing
                    + "\n", r.err(), out);
        }
        Run r = Run.of("compress", in.toString(), missing.resolve("deeper/x").toString(), "--sparse");
        assertEquals(1, r.rc());
        assertTrue(r.err().contains("no directory " + missing.resolve("deeper")), r.err());
        assertFalse(Files.exists(missing));
        Path chunk = tmp.resolve("c.chunk");
        Run.of("compress", in.toString(), chunk.toString()).ok();
        r = Run.of("decompress", chunk.toString(), missing.resolve("out.raw").toString());
        assertEquals(1, r.rc());
        assertTrue(r.err().contains("no directory " + missing), r.err());
    }

    @Test
    void arraysTakeSparseAndRefuseFrameOptions() throws Exception {
        Path in = input(4000);
        for (String[] extra : new String[][] {{"--meta", "a=01"}, {"--vlmeta", "b=02"}, {"--chunksize", "100"}}) {
            Run r = Run.of("compress", in.toString(), tmp.resolve("a.b2nd").toString(), "--dtype", "<i4", "--shape",
                    "1000", extra[0], extra[1]);
            assertEquals(1, r.rc(), extra[0]);
            assertTrue(r.err().contains(extra[0] + " applies to frames, not to b2nd arrays"), r.err());
        }
        assertFalse(Files.exists(tmp.resolve("a.b2nd")));
        Path dir = tmp.resolve("sparse.b2nd");
        Run.of("compress", in.toString(), dir.toString(), "--dtype", "<i4", "--shape", "1000", "--chunkshape", "300",
                "--sparse").ok();
        assertTrue(Files.isDirectory(dir));
        try (NDArray a = NDArray.open(dir)) {
            assertArrayEquals(Files.readAllBytes(in), a.toBytes());
        }
        Run again = Run.of("compress", in.toString(), dir.toString(), "--dtype", "<i4", "--shape", "1000", "--sparse");
        assertEquals(1, again.rc());
        assertTrue(again.err().contains("exists"), again.err());
    }

    @Test
    void helpOfHelp() {
        assertEquals(Main.usage(), Run.of("help", "--help").ok());
        assertEquals(Main.usage(), Run.of("help", "-h").ok());
    }
}
