package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.schunk.SChunk;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A commit to an in-memory frame that fails must leave the store as it was. A commit that frees a chunk first copies
 * the kept chunks into a new array, then appends the new ones; the store took the new array and its length as it went,
 * so a commit failing after that (a kept chunk that does not read, or the new chunks passing the 2 GiB an in-memory
 * frame holds, which an update of a large enough frame reaches through {@code SuperChunk}) left it half-rebuilt, and
 * the next commit installed that array under the old offsets: the chunks already stored read as other bytes.
 */
class MemoryFrameStoreCommitTest {
    private static final CParams P = CParams.builder().typesize(4).build();
    private static final int CHUNK = 4000;

    private static byte[] data(int seed) {
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < CHUNK; i++) {
            b[i] = (byte) (i / 4 * seed + (i % 4 == 0 ? i * 31 : 0));
        }
        return b;
    }

    @Test
    void aCommitThatFailsWhileCompactingLeavesTheStoreAsItWas() {
        try (SChunk sc = SChunk.create(Storage.inMemory(), P, CHUNK, ChunkCodec.BLOSC2)) {
            for (int seed = 1; seed <= 3; seed++) {
                sc.append(MemorySegment.ofArray(data(seed)));
            }
            long[] o = sc.offsets();
            long section = sc.header().cbytes();
            // chunk 1 freed, chunk 0 kept, and an entry whose chunk does not read (4 bytes before the section's end):
            // the commit fails after chunk 0 was copied to the new array
            long[] offsets = {o[0], section - 4, o[2]};
            FrameStore.Commit c = new FrameStore.Commit(sc.header(), offsets, 3, List.of(), List.of(), List.of(o[1]),
                    section, false, false);
            assertThrows(CorruptDataException.class, () -> sc.store().commit(c));
            assertArrayEquals(new long[] {o[0], section - 4, o[2]}, offsets, "the offsets given were changed");

            sc.append(MemorySegment.ofArray(data(4))); // a commit that frees nothing: appended to the stored chunks
            assertEquals(4, sc.nchunks());
            for (int i = 0; i < 4; i++) {
                assertArrayEquals(data(i + 1), sc.decompressChunk(i), "chunk " + i);
            }
            try (SChunk again = SChunk.fromCframe(MemorySegment.ofArray(sc.toCframe()), ChunkCodec.BLOSC2)) {
                for (int i = 0; i < 4; i++) {
                    assertArrayEquals(data(i + 1), again.decompressChunk(i), "chunk " + i + " of the cframe");
                }
            }
        }
    }

    /** A commit that changes only metadata keeps reading the caller's cframe in place (no copy of its chunks). */
    @Test
    void aMetadataCommitKeepsReadingTheCallersBytes() {
        byte[] cframe;
        try (SChunk sc = SChunk.create(Storage.inMemory(), P, CHUNK, ChunkCodec.BLOSC2)) {
            sc.append(MemorySegment.ofArray(data(1)));
            cframe = sc.toCframe();
        }
        try (SChunk sc = SChunk.fromCframe(MemorySegment.ofArray(cframe), ChunkCodec.BLOSC2)) {
            assertSame(cframe, sc.chunk(0).heapBase().orElseThrow());
            sc.setVlmetalayer("m", new byte[] {1, 2, 3}, null);
            assertSame(cframe, sc.chunk(0).heapBase().orElseThrow(), "chunk 0 is no longer read in place");
            assertArrayEquals(new byte[] {1, 2, 3}, sc.vlmetalayer("m"));
            sc.append(MemorySegment.ofArray(data(3))); // stores a chunk: the chunks section is copied
            assertNotSame(cframe, sc.chunk(0).heapBase().orElseThrow());
            assertArrayEquals(data(1), sc.decompressChunk(0));
            assertArrayEquals(data(3), sc.decompressChunk(1));
        }
    }
}
