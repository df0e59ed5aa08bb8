package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against the live C-Blosc2 3.3.3 (python-blosc2's libblosc2, -Dblosc2.python=...): C decodes the
 * streams we write; on the benchmark datasets our streams are byte-identical to C's and the ratio is
 * within 3%.
 */
class BloscLzInteropTest {

    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int BLOCK = 256 * 1024;
    private static final int DATASET_BYTES = 4 * 1024 * 1024;

    private static BloscLzTestNative c;

    @BeforeAll
    static void peer() {
        c = BloscLzTestNative.get();
        Assumptions.assumeTrue(c != null, "libblosc2 not found (set -Dblosc2.python=<venv>/bin/python)");
    }

    /** A one-block, not-split, unfiltered BloscLZ chunk (extended header, version 5) around our stream. */
    static MemorySegment wrapAsChunk(Arena arena, MemorySegment stream, int nbytes) {
        int streamLen = (int) stream.byteSize();
        int cbytes = 32 + 4 + 4 + streamLen;
        MemorySegment chunk = arena.allocate(cbytes);
        chunk.set(ValueLayout.JAVA_BYTE, 0, (byte) 5);    // version
        chunk.set(ValueLayout.JAVA_BYTE, 1, (byte) 1);    // versionlz
        chunk.set(ValueLayout.JAVA_BYTE, 2, (byte) 0x15); // extended header | not split | blosclz
        chunk.set(ValueLayout.JAVA_BYTE, 3, (byte) 1);    // typesize
        chunk.set(INT_LE, 4, nbytes);
        chunk.set(INT_LE, 8, nbytes);                      // blocksize
        chunk.set(INT_LE, 12, cbytes);
        chunk.set(INT_LE, 32, 36);                         // bstarts[0]
        chunk.set(INT_LE, 36, streamLen);                  // csize
        MemorySegment.copy(stream, 0, chunk, 40, streamLen);
        return chunk;
    }

    /** C's decoding of one of our streams, or null when C refuses it. */
    static byte[] cDecode(MemorySegment stream, int nbytes) throws Throwable {
        return cDecodeWith(c, stream, nbytes);
    }

    static byte[] cDecodeWith(BloscLzTestNative c, MemorySegment stream, int nbytes) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = wrapAsChunk(arena, stream, nbytes);
            MemorySegment out = arena.allocate(Math.max(nbytes, 1));
            int rc = c.decompress(chunk, out.asSlice(0, nbytes));
            return rc == nbytes ? out.asSlice(0, nbytes).toArray(ValueLayout.JAVA_BYTE) : null;
        }
    }

    @Test
    void cDecodesOurStreams() throws Throwable {
        SplittableRandom rnd = new SplittableRandom(42);
        int[] sizes = {16, 17, 40, 64, 100, 255, 1000, 4096, 10_000, 65_537, 100_000, 262_144, 1_000_003};
        int checked = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int size : sizes) {
                byte[][] inputs = {
                    BloscLzTestData.text(size).bytes(size),
                    BloscLzTestData.shuffle(BloscLzTestData.walkI64(1_000_000, size).bytes(size), 0, size, 8),
                    BloscLzTestData.arange(4).bytes(size),
                    runsAndNoise(rnd, size),
                };
                for (byte[] data : inputs) {
                    for (int clevel = 1; clevel <= 9; clevel++) {
                        MemorySegment dst = arena.allocate(size);
                        int n = BloscLzCodec.INSTANCE.compress(MemorySegment.ofArray(data), dst, clevel, null);
                        if (n == 0 || n == size) {
                            continue;
                        }
                        byte[] back = cDecode(dst.asSlice(0, n), size);
                        assertArrayEquals(data, back, "C's decoding of our stream, size " + size + " clevel " + clevel);
                        checked++;
                    }
                }
            }
        }
        System.out.println("C-Blosc2 decoded " + checked + " BloscLZ streams written by us");
        assertTrue(checked >= 150, "only " + checked + " streams checked");
    }

    /** Runs of random lengths/values (near and far matches, long lengths) mixed with noise. */
    static byte[] runsAndNoise(SplittableRandom rnd, int size) {
        byte[] b = new byte[size];
        int i = 0;
        while (i < size) {
            int len = Math.min(size - i, 1 + rnd.nextInt(rnd.nextBoolean() ? 40 : 3000));
            switch (rnd.nextInt(4)) {
                case 0 -> java.util.Arrays.fill(b, i, i + len, (byte) rnd.nextInt(4));
                case 1 -> {
                    for (int k = 0; k < len; k++) {
                        b[i + k] = (byte) rnd.nextInt(256);
                    }
                }
                default -> {
                    int back = 1 + rnd.nextInt(Math.max(1, Math.min(i, 70_000)));
                    for (int k = 0; k < len; k++) {
                        b[i + k] = i + k - back >= 0 ? b[i + k - back] : 7;
                    }
                }
            }
            i += len;
        }
        return b;
    }

    @Test
    void sameStreamsAndRatioAsCOnBenchmarkDatasets() throws Throwable {
        StringBuilder table = new StringBuilder();
        for (BloscLzTestData.Dataset ds : BloscLzTestData.Dataset.values()) {
            for (int clevel : new int[] {1, 5, 9}) {
                compareWithC(ds, clevel, table);
            }
        }
        System.out.print(table);
    }

    private void compareWithC(BloscLzTestData.Dataset ds, int clevel, StringBuilder table) throws Throwable {
        byte[] data = ds.pattern().bytes(DATASET_BYTES);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment raw = arena.allocate(DATASET_BYTES);
            MemorySegment.copy(data, 0, raw, ValueLayout.JAVA_BYTE, 0, DATASET_BYTES);
            // the shuffle step of blosclz-5-shuffle, done by C per 256 KiB block
            MemorySegment shuffled = arena.allocate(DATASET_BYTES);
            for (int off = 0; off < DATASET_BYTES; off += BLOCK) {
                int rc = c.shuffle(ds.typesize, BLOCK, raw.asSlice(off, BLOCK), shuffled.asSlice(off, BLOCK));
                assertEquals(BLOCK, rc, "blosc2_shuffle");
            }
            byte[] javaShuffled = BloscLzTestData.shuffle(data, 0, BLOCK, ds.typesize);
            assertArrayEquals(javaShuffled, shuffled.asSlice(0, BLOCK).toArray(ValueLayout.JAVA_BYTE),
                    "our test shuffle agrees with blosc2_shuffle");

            MemorySegment cChunk = arena.allocate(DATASET_BYTES + 64 + 4 * 64);
            int cbytes = c.compressBlosclz(clevel, 0, 1, 2, BLOCK, shuffled, cChunk);
            assertTrue(cbytes > 0, "blosc1_compress failed: " + cbytes);
            int flags = cChunk.get(ValueLayout.JAVA_BYTE, 2) & 0xFF;
            assertEquals(BLOCK, cChunk.get(INT_LE, 8), "C used our blocksize");
            assertTrue((flags & 0x10) != 0, "C did not split");
            boolean cMemcpy = (flags & 0x02) != 0;

            long cTotal = 0;
            long ourTotal = 0;
            int identical = 0;
            int nblocks = DATASET_BYTES / BLOCK;
            MemorySegment ours = arena.allocate(BLOCK);
            for (int k = 0; k < nblocks; k++) {
                MemorySegment block = shuffled.asSlice((long) k * BLOCK, BLOCK);
                int n = BloscLzCodec.INSTANCE.compress(block, ours, clevel, null);
                ourTotal += n == 0 ? BLOCK : n;
                if (cMemcpy) {
                    cTotal += BLOCK;
                    continue;
                }
                int bstart = cChunk.get(INT_LE, 32 + 4L * k);
                int csize = cChunk.get(INT_LE, bstart);
                assertTrue(csize > 0, "C wrote a run token for " + ds + " block " + k);
                cTotal += csize;
                if (csize == BLOCK) {
                    assertEquals(0, n, ds + " block " + k + ": C stored it raw but we compressed it");
                } else {
                    assertEquals(csize, n, ds + " clevel " + clevel + " block " + k + ": stream size differs from C's");
                    assertEquals(-1, ours.asSlice(0, n).mismatch(cChunk.asSlice(bstart + 4, csize)),
                            ds + " clevel " + clevel + " block " + k + ": stream differs from C's");
                    identical++;
                }
            }
            double cRatio = (double) DATASET_BYTES / cTotal;
            double ourRatio = (double) DATASET_BYTES / ourTotal;
            table.append(String.format("%-11s clevel %d: C %d bytes (ratio %.3f), ours %d bytes (ratio %.3f), %d/%d blocks byte-identical%n",
                    ds, clevel, cTotal, cRatio, ourTotal, ourRatio, identical, nblocks));
            assertTrue(Math.abs(ourRatio / cRatio - 1) <= 0.03, ds + ": ratio " + ourRatio + " vs C " + cRatio);
        }
    }

    /**
     * The benchmark configuration blosclz-5-shuffle itself: C compresses each dataset with SHUFFLE,
     * automatic blocksize and FORWARD_COMPAT splitting; we shuffle and split the same blocks the same way
     * and compress every stream with our codec.
     */
    @Test
    void sameStreamsAndRatioAsCInTheBenchmarkConfiguration() throws Throwable {
        StringBuilder table = new StringBuilder();
        for (BloscLzTestData.Dataset ds : BloscLzTestData.Dataset.values()) {
            byte[] data = ds.pattern().bytes(DATASET_BYTES);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment raw = arena.allocate(DATASET_BYTES);
                MemorySegment.copy(data, 0, raw, ValueLayout.JAVA_BYTE, 0, DATASET_BYTES);
                MemorySegment cChunk = arena.allocate(DATASET_BYTES + (1 << 16));
                int cbytes = c.compressBlosclz(5, 1, ds.typesize, 4, 0, raw, cChunk);
                assertTrue(cbytes > 0, "blosc1_compress failed: " + cbytes);
                int flags = cChunk.get(ValueLayout.JAVA_BYTE, 2) & 0xFF;
                assertEquals(0, flags & 0x02, ds + ": C stored the chunk raw");
                int blocksize = cChunk.get(INT_LE, 8);
                assertEquals(0, DATASET_BYTES % blocksize, "blocksize " + blocksize);
                int nstreams = (flags & 0x10) != 0 ? 1 : ds.typesize;
                int neblock = blocksize / nstreams;
                long cTotal = 0;
                long ourTotal = 0;
                int identical = 0;
                int runs = 0;
                int total = 0;
                MemorySegment ours = arena.allocate(neblock);
                for (int k = 0; k < DATASET_BYTES / blocksize; k++) {
                    byte[] block = BloscLzTestData.shuffle(data, k * blocksize, blocksize, ds.typesize);
                    int pos = cChunk.get(INT_LE, 32 + 4L * k);
                    for (int j = 0; j < nstreams; j++) {
                        total++;
                        int csize = cChunk.get(INT_LE, pos);
                        pos += 4;
                        if (csize <= 0) {
                            // C found a run and never called the codec; the chunk writer does the same for us
                            runs++;
                            int token = csize < 0 ? 1 : 0;
                            cTotal += token;
                            ourTotal += token;
                            pos += token;
                            continue;
                        }
                        MemorySegment stream = MemorySegment.ofArray(block).asSlice((long) j * neblock, neblock);
                        int n = BloscLzCodec.INSTANCE.compress(stream, ours, 5, null);
                        cTotal += csize;
                        ourTotal += n == 0 ? neblock : n;
                        if (csize == neblock) {
                            assertEquals(0, n, ds + " block " + k + " stream " + j + ": C stored it raw, we did not");
                        } else {
                            assertEquals(csize, n, ds + " block " + k + " stream " + j + ": size differs from C's");
                            assertEquals(-1, ours.asSlice(0, n).mismatch(cChunk.asSlice(pos, csize)),
                                    ds + " block " + k + " stream " + j + ": stream differs from C's");
                            identical++;
                        }
                        pos += csize;
                    }
                }
                double cRatio = (double) DATASET_BYTES / cTotal;
                double ourRatio = (double) DATASET_BYTES / ourTotal;
                table.append(String.format("blosclz-5-shuffle %-11s blocksize %d, %d streams: C %d bytes (ratio %.3f), "
                        + "ours %d bytes (ratio %.3f); %d byte-identical compressed streams, %d run tokens, rest raw%n",
                        ds, blocksize, total, cTotal, cRatio, ourTotal, ourRatio, identical, runs));
                assertTrue(Math.abs(ourRatio / cRatio - 1) <= 0.03, ds + ": ratio " + ourRatio + " vs C " + cRatio);
            }
        }
        System.out.print(table);
    }

    @Test
    void datasetGeneratorsMatchTheBenchmarkChecksums() throws Exception {
        // the whole 64 MiB of each dataset, streamed, must hash to the DATASETS.md check value
        byte[] buf = new byte[1 << 20];
        for (BloscLzTestData.Dataset ds : BloscLzTestData.Dataset.values()) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            BloscLzTestData.Pattern p = ds.pattern();
            for (int i = 0; i < 64; i++) {
                p.fill(buf, 0, buf.length);
                md.update(buf);
            }
            String hex = HexFormat.of().formatHex(md.digest());
            assertEquals(ds.sha256Prefix64MiB, hex.substring(0, 16), ds + " generator");
        }
    }
}
