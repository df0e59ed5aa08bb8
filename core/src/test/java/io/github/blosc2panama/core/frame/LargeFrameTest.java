package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contiguous frame of more than 3 GiB whose second chunk lies past 3 GiB. The file is sparse on
 * disk: the chunks section has an unreferenced hole (as C-Blosc2 also tolerates), so the test
 * writes a few KB. The frame is mapped, read, appended to (the new chunk lands past 3 GiB),
 * reopened, and read by python-blosc2 when available.
 */
class LargeFrameTest {
    private static final long HOLE = 3L << 30;

    @TempDir
    Path dir;

    static byte[] data(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ((i / 7) * seed + (i >> 10));
        }
        return b;
    }

    /** Writes a frame whose chunks {@code a} and {@code b} sit at offsets 0 and {@link #HOLE} of the chunks section. */
    private static Path writeSparse(Path file, byte[] a, byte[] b) throws IOException {
        byte[] small;
        try (SuperChunk mem = SuperChunk.create(Storage.inMemory(), params(), 0)) {
            mem.append(a);
            mem.append(b);
            mem.setVlmetalayer("note", "large".getBytes(StandardCharsets.US_ASCII));
            small = mem.toCframe();
        }
        ParsedFrame pf = ParsedFrame.parse(MemorySegment.ofArray(small), false, true, ChunkCodec.BLOSC2, "mem");
        FrameHeader h = pf.header();
        MemorySegment s = MemorySegment.ofArray(small);
        long[] offs = pf.offsets().toArray();
        MemorySegment ca = s.asSlice(h.headerLen() + offs[0], offs[1] - offs[0]);
        MemorySegment cb = s.asSlice(h.headerLen() + offs[1], h.cbytes() - offs[1]);
        byte[] index = OffsetsIndex.encode(new long[] {0, HOLE}, 2, false, ChunkCodec.BLOSC2);
        byte[] trailer = FrameTrailer.encode(pf.trailer().vlmetalayers());
        long dataLen = HOLE + cb.byteSize();
        long frameLen = h.headerLen() + dataLen + index.length + trailer.length;
        FrameHeader big = h.withSizes(frameLen, h.nbytes(), dataLen, h.chunksize(), h.blocksize(), h.generalFlags(),
                h.hasVlmetalayers());
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            write(ch, big.encode(), 0);
            write(ch, ca.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), h.headerLen());
            write(ch, cb.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), h.headerLen() + HOLE);
            write(ch, index, h.headerLen() + dataLen);
            write(ch, trailer, h.headerLen() + dataLen + index.length);
        }
        return file;
    }

    private static void write(FileChannel ch, byte[] b, long pos) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(b);
        while (bb.hasRemaining()) {
            pos += ch.write(bb, pos);
        }
    }

    static CParams params() {
        return CParams.builder().codec(Codec.ZSTD).clevel(3).typesize(4).filters(Filter.SHUFFLE).build();
    }

    @Test
    void readAndAppendPastThreeGiB() throws Exception {
        byte[] a = data(100_000, 3);
        byte[] b = data(100_000, 5);
        byte[] c = data(60_000, 11);
        Path f = writeSparse(dir.resolve("big.b2frame"), a, b);
        assertTrue(Files.size(f) > HOLE, "file size " + Files.size(f));
        try (SuperChunk sc = SuperChunk.open(f)) {
            assertEquals(2, sc.nchunks());
            assertEquals(HOLE, sc.offsets()[1]);
            assertArrayEquals(a, sc.decompressChunk(0));
            assertArrayEquals(b, sc.decompressChunk(1));
            assertEquals(200_000, sc.nbytes());
            assertEquals(HOLE + sc.chunk(1).byteSize(), sc.cbytes());
            byte[] across = sc.getSlice(99_000, 101_000);
            assertArrayEquals(java.util.Arrays.copyOfRange(a, 99_000, 100_000), java.util.Arrays.copyOf(across, 1000));
            assertArrayEquals(java.util.Arrays.copyOf(b, 1000), java.util.Arrays.copyOfRange(across, 1000, 2000));
            assertArrayEquals("large".getBytes(StandardCharsets.US_ASCII), sc.vlmetalayer("note"));
        }
        try (SuperChunk sc = SuperChunk.openWritable(f)) {
            sc.append(c);
            assertTrue(sc.offsets()[2] > HOLE, "third chunk at " + sc.offsets()[2]);
            assertArrayEquals(c, sc.decompressChunk(2));
        }
        try (SuperChunk sc = SuperChunk.open(f)) {
            assertEquals(3, sc.nchunks());
            assertArrayEquals(a, sc.decompressChunk(0));
            assertArrayEquals(b, sc.decompressChunk(1));
            assertArrayEquals(c, sc.decompressChunk(2));
            assertEquals(260_000, sc.nbytes());
        }
        pythonReads(f, List.of(a, b, c));
    }

    /** C-Blosc2 (through python-blosc2) reads the same chunks from the large file. */
    private static void pythonReads(Path f, List<byte[]> chunks) throws Exception {
        String py = System.getProperty("blosc2.python", "");
        assumeTrue(!py.isBlank() && Files.isExecutable(Path.of(py)), "blosc2.python not set");
        String script = String.join("\n",
                "import blosc2, hashlib, sys",
                "s = blosc2.open(sys.argv[1])",
                "print(s.nchunks, s.nbytes)",
                "for i in range(s.nchunks):",
                "    print(hashlib.sha256(s.decompress_chunk(i)).hexdigest())");
        Process p = new ProcessBuilder(py, "-c", script, f.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        String[] lines = out.split("\n");
        assertEquals(chunks.size() + " " + chunks.stream().mapToLong(x -> x.length).sum(), lines[0]);
        for (int i = 0; i < chunks.size(); i++) {
            assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(chunks.get(i))),
                    lines[1 + i], "chunk " + i);
        }
    }
}
