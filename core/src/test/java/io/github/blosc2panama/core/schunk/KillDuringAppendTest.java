package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durable appends: a child JVM appends chunks to a frame in a loop (durable mode) and is killed
 * ({@code destroyForcibly}, SIGKILL) at a random moment; the frame is then reopened and must hold
 * every chunk the child reported as appended (it prints "appended i" once {@code append} returned),
 * with the right data. The next child reopens the same frame and goes on appending. 100 kills on
 * contiguous files and 100 on sparse directories, in four loops of 50 run side by side (children
 * spend much of their life starting up or waiting for fsync). When python-blosc2 is available
 * (property {@code blosc2.python}), C-Blosc2 also reads the last frame of each loop and up to two
 * copies of a contiguous frame caught between the two header writes of a commit.
 */
class KillDuringAppendTest {
    private static final int KILLS_PER_LOOP = 50;
    /** A new frame is started once one holds this many chunks, to keep verification cheap. */
    private static final int MAX_CHUNKS_PER_FRAME = 1500;

    @TempDir
    Path dir;

    /** The data of chunk {@code i}: 2..18 KB, compressible, different for every i. */
    static byte[] data(int i) {
        SplittableRandom r = new SplittableRandom(0x5EEDL * 31 + i);
        int n = 2048 + r.nextInt(16384);
        byte[] b = new byte[n];
        int k = 0;
        while (k < n) {
            int run = 1 + r.nextInt(12);
            byte v = (byte) r.nextInt(24);
            for (int j = 0; j < run && k < n; j++) {
                b[k++] = v;
            }
        }
        b[0] = (byte) i;
        b[n - 1] = (byte) (i >> 8);
        return b;
    }

    static CParams params() {
        return CParams.builder().codec(Codec.LZ4).clevel(5).typesize(2).filters(Filter.SHUFFLE).build();
    }

    /** The child: opens the frame read-write and appends chunks until killed (or {@code limit} is reached). */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path path = Path.of(args[0]);
            int limit = Integer.parseInt(args[1]);
            PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                    StandardCharsets.US_ASCII);
            // warm up (class loading, native codec binding, JIT) in memory, so the kill window
            // that follows "start" is spent appending to the file
            try (SuperChunk warm = SuperChunk.create(Storage.inMemory(), params(), 0)) {
                for (int i = 0; i < 10; i++) {
                    warm.append(data(i));
                    warm.decompressChunk(i);
                }
            }
            try (SuperChunk sc = SuperChunk.openWritable(path)) {
                int n = sc.nchunks();
                out.println("start " + n);
                out.flush();
                for (int i = n; i < limit; i++) {
                    sc.append(data(i));
                    out.println("appended " + i);
                    out.flush();
                }
            }
            out.println("done");
            out.flush();
        }
    }

    private record Outcome(int kills, int chunksChecked, int framesUsed) {
    }

    @Test
    void twoHundredKillsLoseNothing() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Outcome>> loops = new ArrayList<>();
            for (int l = 0; l < 4; l++) {
                boolean sparse = l % 2 == 1;
                int id = l;
                loops.add(pool.submit(() -> killLoop(sparse, id)));
            }
            int kills = 0;
            for (int l = 0; l < 4; l++) {
                Outcome o = loops.get(l).get(10, TimeUnit.MINUTES);
                assertEquals(KILLS_PER_LOOP, o.kills());
                // the kills landed after real progress, not only before the first append
                assertTrue(o.chunksChecked() > KILLS_PER_LOOP / 2, "loop " + l + ": only " + o.chunksChecked() + " chunks");
                kills += o.kills();
            }
            assertEquals(200, kills);
        } finally {
            pool.shutdownNow();
        }
    }

    private Path newFrame(boolean sparse, int loop, int no) {
        Path p = dir.resolve((sparse ? "s" : "c") + loop + "-" + no + ".b2frame");
        Storage st = sparse ? Storage.sparse(p) : Storage.contiguous(p);
        SuperChunk.create(st, params(), 0).close();
        return p;
    }

    private Outcome killLoop(boolean sparse, int loop) throws Exception {
        Random rnd = new Random(loop);
        int frameNo = 0;
        Path frame = newFrame(sparse, loop, frameNo);
        int verified = 0;
        int chunksChecked = 0;
        int kills = 0;
        List<Path> gapCopies = new ArrayList<>();
        while (kills < KILLS_PER_LOOP) {
            if (verified >= MAX_CHUNKS_PER_FRAME) {
                frame = newFrame(sparse, loop, ++frameNo);
                verified = 0;
            }
            Path errFile = dir.resolve("child-" + loop + ".err");
            Process p = new ProcessBuilder(childCommand(frame, Integer.MAX_VALUE))
                    .redirectError(ProcessBuilder.Redirect.to(errFile.toFile())).start();
            BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
            String first = in.readLine();
            if (first == null || !first.startsWith("start ")) {
                p.waitFor(30, TimeUnit.SECONDS);
                fail("child did not start (" + first + "): " + Files.readString(errFile));
            }
            int startN = Integer.parseInt(first.substring(6));
            assertEquals(verified, startN, "the child reopened a frame with another number of chunks");
            // kill once the child has confirmed 0-2 appends (however slow the machine), after a further random
            // delay: most kills land inside an append (fsyncs dominate its time)
            int confirmed = startN;
            int before = rnd.nextInt(3);
            for (String line; confirmed - startN < before && (line = in.readLine()) != null;) {
                confirmed = confirmedAfter(line, confirmed, errFile);
            }
            Thread.sleep(rnd.nextInt(0, 150));
            // SIGKILL through the handle: Process.destroyForcibly would also close our end of the pipe
            // and drop the lines the child wrote just before dying
            p.toHandle().destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "child did not die");
            for (String line; (line = in.readLine()) != null;) {
                confirmed = confirmedAfter(line, confirmed, errFile);
            }
            in.close();
            kills++;
            verified = verify(frame, confirmed, verified, rnd);
            if (!sparse && gapCopies.size() < 2 && hasGap(frame)) {
                // killed between the two header writes of a commit: keep a copy for C to read
                Path copy = dir.resolve("gap-" + loop + "-" + gapCopies.size() + ".b2frame");
                Files.copy(frame, copy);
                gapCopies.add(copy);
            }
            chunksChecked += verified - startN;
        }
        verify(frame, verified, 0, rnd); // finally every chunk of the last frame
        for (Path g : gapCopies) {
            cReads(g);
        }
        cReads(frame);
        return new Outcome(kills, chunksChecked, frameNo + 1);
    }

    /** The chunks confirmed once the child's output {@code line} is read, {@code confirmed} before it. */
    private static int confirmedAfter(String line, int confirmed, Path errFile) throws java.io.IOException {
        if (!line.startsWith("appended ")) {
            fail("unexpected child output '" + line + "': " + Files.readString(errFile));
        }
        int i = Integer.parseInt(line.substring(9));
        assertEquals(confirmed, i, "appends out of order");
        return i + 1;
    }

    /** Whether the header's cbytes exceeds the stored chunks: a commit's intermediate state, or a frame grown from one. */
    private static boolean hasGap(Path frame) {
        try (SuperChunk sc = SuperChunk.open(frame)) {
            long stored = 0;
            for (int i = 0; i < sc.nchunks(); i++) {
                stored += sc.chunk(i).byteSize();
            }
            return stored < sc.cbytes();
        }
    }

    /** C-Blosc2 (python-blosc2, when the property blosc2.python is set) reads the frame with the right data. */
    private static void cReads(Path frame) throws Exception {
        String py = System.getProperty("blosc2.python", "");
        if (py.isBlank() || !Files.isExecutable(Path.of(py))) {
            return;
        }
        String script = String.join("\n",
                "import blosc2, hashlib, sys",
                "s = blosc2.open(sys.argv[1])",
                "print(s.nchunks)",
                "for i in range(s.nchunks):",
                "    print(hashlib.sha256(s.decompress_chunk(i)).hexdigest())");
        Process p = new ProcessBuilder(py, "-c", script, frame.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "python hangs");
        assertEquals(0, p.exitValue(), frame + ": " + out);
        String[] lines = out.split("\n");
        int n = Integer.parseInt(lines[0].trim());
        assertEquals(n + 1, lines.length, out);
        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < n; i++) {
            assertEquals(java.util.HexFormat.of().formatHex(md.digest(data(i))), lines[i + 1], frame + ": C, chunk " + i);
        }
    }

    /** Reopens {@code frame}: it must hold at least {@code confirmed} chunks (at most one more), all intact. */
    private static int verify(Path frame, int confirmed, int alreadyVerified, Random rnd) {
        try (SuperChunk sc = SuperChunk.open(frame)) {
            int n = sc.nchunks();
            assertTrue(n == confirmed || n == confirmed + 1,
                    frame + ": " + n + " chunks after a kill, " + confirmed + " were reported appended");
            long total = 0;
            for (int i = 0; i < n; i++) {
                total += sc.chunkNbytes(i);
            }
            assertEquals(total, sc.nbytes(), frame + ": header nbytes");
            for (int i = alreadyVerified; i < n; i++) {
                assertArrayEquals(data(i), sc.decompressChunk(i), frame + ": chunk " + i);
            }
            for (int t = 0; t < 5 && alreadyVerified > 0; t++) {
                int i = rnd.nextInt(alreadyVerified);
                assertArrayEquals(data(i), sc.decompressChunk(i), frame + ": older chunk " + i);
            }
            return n;
        } catch (RuntimeException e) {
            throw new AssertionError(frame + " cannot be read after a kill (" + confirmed + " chunks reported): " + e, e);
        }
    }

    private static List<String> childCommand(Path frame, int limit) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        // a quick start: these children live well under a second (C2 stays on: the Vector API needs it)
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:-UsePerfData");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Child.class.getName());
        cmd.add(frame.toString());
        cmd.add(Integer.toString(limit));
        return cmd;
    }
}
