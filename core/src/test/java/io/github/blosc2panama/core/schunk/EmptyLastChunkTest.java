package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.TestSupport;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An empty chunk last in a frame of fixed chunksize: readers count such a frame's chunks from nbytes and leave it
 * out, so the frame we wrote did not open (nor does the one C-Blosc2 writes for the same appends). The chunksize
 * turns variable, and the index counts (found by {@code FrameFuzzTest#sframeEdit}, inserting before such a chunk).
 */
class EmptyLastChunkTest {
    private static final CParams P = CParams.builder().typesize(2).build();
    private static final int CHUNK = 8192;

    @TempDir
    Path dir;

    private static byte[] data(int seed) {
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < CHUNK; i++) {
            b[i] = (byte) (i / 2 * seed);
        }
        return b;
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void anEmptyChunkAppendedLastStaysReadable(Storage.Kind kind) {
        Path path = dir.resolve(kind + ".b2frame");
        try (SChunk sc = SChunk.create(TestSupport.storage(kind, path), P, CHUNK, ChunkCodec.BLOSC2)) {
            sc.append(MemorySegment.ofArray(data(1)));
            sc.append(MemorySegment.ofArray(data(2)));
            sc.append(MemorySegment.ofArray(new byte[0]));
        }
        try (SChunk sc = SChunk.open(path, true, ChunkCodec.BLOSC2)) {
            assertEquals(3, sc.nchunks());
            assertEquals(0, sc.header().chunksize(), "variable");
            assertEquals(0, sc.decompressChunk(2).length);
            sc.insertChunk(0, MemorySegment.ofArray(ChunkCodec.BLOSC2.compress(MemorySegment.ofArray(data(3)), P)));
        }
        try (SChunk sc = SChunk.open(path, false, ChunkCodec.BLOSC2)) {
            assertEquals(4, sc.nchunks());
            assertArrayEquals(data(3), sc.decompressChunk(0));
            assertArrayEquals(data(2), sc.decompressChunk(2));
            assertEquals(0, sc.decompressChunk(3).length);
        }
        // and C-Blosc2 (skipped, after the checks above, when python-blosc2 is absent)
        String out = PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1])
                print(s.nchunks, s.nbytes, [len(s.decompress_chunk(i)) for i in range(s.nchunks)])
                """, path.toString());
        assertEquals("4 24576 [8192, 8192, 8192, 0]", out.strip());
    }
}
