package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.FrameStore;
import io.github.blosc2panama.core.frame.TestSupport;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An offsets index may point two entries at one stored chunk (C-Blosc2 reads such frames). Updating or deleting one
 * of them must leave the other readable: a sparse frame deleted the chunk's file with the first (found by
 * {@code FrameFuzzTest#sframeEdit}), and the frame's cbytes lost the chunk's size.
 */
class SharedOffsetsTest {
    private static final CParams P = CParams.builder().typesize(4).build();
    private static final int CHUNK = 4000;

    @TempDir
    Path dir;

    private static byte[] data(int seed) {
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < CHUNK; i++) {
            b[i] = (byte) (i / 4 * seed + (i % 4 == 0 ? i * 31 : 0));
        }
        return b;
    }

    /**
     * A frame of three entries over two stored chunks: data(1), data(1) again (the same offset), data(2). A sparse
     * frame loses the third chunk's file; a contiguous one keeps its bytes, unreferenced (a commit that frees a chunk
     * there rewrites the frame, one copy per entry).
     */
    private Path sharedFrame(Storage.Kind kind) {
        Path path = dir.resolve(kind + ".b2frame");
        try (SChunk sc = SChunk.create(TestSupport.storage(kind, path), P, CHUNK, ChunkCodec.BLOSC2)) {
            for (int seed = 1; seed <= 3; seed++) {
                sc.append(MemorySegment.ofArray(data(seed)));
            }
        }
        try (SChunk sc = SChunk.open(path, true, ChunkCodec.BLOSC2)) {
            long[] o = sc.offsets();
            long third = sc.chunk(2).byteSize();
            long[] shared = {o[0], o[0], o[1]};
            boolean sparse = kind == Storage.Kind.SPARSE_DIRECTORY;
            sc.store().commit(new FrameStore.Commit(sc.header(), shared, 3, List.of(), List.of(),
                    sparse ? List.of(o[2]) : List.of(), sc.header().cbytes() - (sparse ? third : 0), false, false));
        }
        try (SChunk sc = SChunk.open(path, false, ChunkCodec.BLOSC2)) {
            assertEquals(sc.offsets()[0], sc.offsets()[1], "the test frame shares an offset");
            assertArrayEquals(data(1), sc.decompressChunk(1));
        }
        return path;
    }

    private void edited(Storage.Kind kind, Consumer<SChunk> edit, byte[]... expected) {
        Path path = sharedFrame(kind);
        try (SChunk sc = SChunk.open(path, true, ChunkCodec.BLOSC2)) {
            edit.accept(sc);
        }
        try (SChunk sc = SChunk.open(path, false, ChunkCodec.BLOSC2)) {
            assertEquals(expected.length, sc.nchunks());
            for (int i = 0; i < expected.length; i++) {
                assertArrayEquals(expected[i], sc.decompressChunk(i), "chunk " + i);
            }
            long stored = 0;
            Set<Long> seen = new HashSet<>();
            for (int i = 0; i < sc.nchunks(); i++) {
                if (seen.add(sc.offsets()[i])) {
                    stored += sc.chunk(i).byteSize();
                }
            }
            if (kind == Storage.Kind.SPARSE_DIRECTORY) {
                assertEquals(stored, sc.header().cbytes(), "cbytes: the stored chunks, each once");
            }
        }
    }

    private static MemorySegment chunk(byte[] d) {
        return MemorySegment.ofArray(ChunkCodec.BLOSC2.compress(MemorySegment.ofArray(d), P));
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void updateKeepsTheOtherEntry(Storage.Kind kind) {
        edited(kind, sc -> sc.updateChunk(0, chunk(data(9))), data(9), data(1), data(2));
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void updatesOfBothEntriesFreeTheChunkOnce(Storage.Kind kind) {
        edited(kind, sc -> sc.updateChunks(new int[] {0, 1}, List.of(chunk(data(8)), chunk(data(9)))), data(8),
                data(9), data(2));
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void deleteKeepsTheOtherEntry(Storage.Kind kind) {
        edited(kind, sc -> sc.deleteChunk(1), data(1), data(2));
    }
}
