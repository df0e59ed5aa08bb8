package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.TestSupport;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import io.github.blosc2panama.core.testutil.PythonPeer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code updateChunks} leaves the frame that {@code updateChunk} one chunk at a time leaves, in one commit. */
class UpdateChunksTest {
    private static final CParams P = CParams.builder().typesize(4).build();
    private static final int CHUNK = 4000;

    @TempDir
    Path dir;

    private static byte[] data(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i / 4 * seed + (i % 4 == 0 ? i * 31 : 0));
        }
        return b;
    }

    private Storage storage(Storage.Kind kind, String name) {
        return TestSupport.storage(kind, dir.resolve(name + ".b2frame"));
    }

    private SChunk tenChunks(Storage where) {
        SChunk sc = SChunk.create(where, P, CHUNK, ChunkCodec.BLOSC2);
        sc.extend(MemorySegment.ofArray(data(10 * CHUNK - 100, 3)));
        return sc;
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void oneCommitLeavesTheFrameOfOneUpdateAtATime(Storage.Kind kind) {
        int[] indexes = {7, 2, 9, 0};
        List<MemorySegment> chunks = new ArrayList<>();
        for (int i : indexes) {
            // the last chunk keeps its shorter size; chunk 2 becomes a special zero chunk
            int n = i == 9 ? CHUNK - 100 : CHUNK;
            chunks.add(MemorySegment.ofArray(i == 2 ? Blosc2.zeros(n, 4) : Blosc2.compress(data(n, 10 + i), P)));
        }
        byte[] expected;
        try (SChunk one = tenChunks(storage(kind, "one"))) {
            for (int k = 0; k < indexes.length; k++) {
                one.updateChunk(indexes[k], chunks.get(k));
            }
            expected = one.toCframe();
        }
        try (SChunk all = tenChunks(storage(kind, "all"))) {
            byte[] before = all.toCframe();
            assertThrows(InvalidArgumentException.class,
                    () -> all.updateChunks(new int[] {3, 3}, List.of(chunks.get(0), chunks.get(1))));
            assertThrows(InvalidArgumentException.class, () -> all.updateChunks(new int[] {10}, List.of(chunks.get(0))));
            assertArrayEquals(before, all.toCframe(), "a refused update changes nothing");
            all.updateChunks(indexes, chunks);
            assertArrayEquals(expected, all.toCframe());
        }
    }

    @org.junit.jupiter.api.Test
    void sparseChunkFilesTakeTheSmallestFreeNumbers() throws Exception {
        Path p = dir.resolve("numbers.b2frame");
        try (SChunk sc = tenChunks(Storage.sparse(p).durable(false))) {
            for (int u = 0; u < 50; u++) {
                sc.updateChunk(u % 3, MemorySegment.ofArray(Blosc2.compress(data(CHUNK, 20 + u), P)));
            }
            sc.deleteChunk(4);
            sc.appendChunk(MemorySegment.ofArray(Blosc2.compress(data(CHUNK - 100, 99), P)));
            long max = -1;
            for (long off : sc.offsets()) {
                max = Math.max(max, off);
            }
            // 10 chunks: an update takes a number the committed index does not hold, so at most one above them;
            // numbers that grew by one with each update (and the append) reached 60
            org.junit.jupiter.api.Assertions.assertTrue(max <= 10, "largest chunk file number " + max);
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(p)) {
                org.junit.jupiter.api.Assertions.assertEquals(10, files.filter(f -> f.toString().endsWith(".chunk"))
                        .count(), "one file per chunk, the replaced ones removed");
            }
            assertArrayEquals(data(CHUNK - 100, 99), sc.decompressChunk(9));
            assertArrayEquals(Blosc2.decompress(Blosc2.compress(data(CHUNK, 20 + 48), P)), sc.decompressChunk(0));
        }
    }

    @org.junit.jupiter.api.Test
    void aChunkLeftUnderAHighNumberTakesALowOneCBlosc2Reads() throws Exception {
        // C-Blosc2 refuses a chunk file number above the frame's cbytes less 32: 8 one-byte chunks, the first updated
        // (file 8), then the other 7 deleted left one chunk of 33 bytes under number 8, which python could not open
        Path p = dir.resolve("high.b2frame");
        CParams one = CParams.builder().typesize(1).build();
        try (SChunk sc = SChunk.create(Storage.sparse(p).durable(false), one, 1, ChunkCodec.BLOSC2)) {
            sc.extend(MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
            sc.updateChunk(0, MemorySegment.ofArray(Blosc2.compress(new byte[] {42}, one)));
            for (int k = 7; k >= 1; k--) {
                sc.deleteChunk(k);
            }
            long bound = sc.header().cbytes() - 32;
            org.junit.jupiter.api.Assertions.assertTrue(sc.offsets()[0] <= bound, "chunk file number "
                    + sc.offsets()[0] + " above cbytes - 32 = " + bound);
            assertArrayEquals(new byte[] {42}, sc.decompressChunk(0));
        }
        try (SChunk sc = SChunk.open(p, false, ChunkCodec.BLOSC2)) {
            assertArrayEquals(new byte[] {42}, sc.decompressChunk(0));
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(p)) {
                org.junit.jupiter.api.Assertions.assertEquals(1, files.filter(f -> f.toString().endsWith(".chunk"))
                        .count(), "the old name removed");
            }
        }
        // and C-Blosc2 (skipped, after the checks above, when python-blosc2 is absent)
        String out = PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1])
                print(s.nchunks, list(s.decompress_chunk(0)))
                """, p.toString());
        org.junit.jupiter.api.Assertions.assertEquals("1 [42]", out.strip());
    }
}
