package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Arrays with no items, whose chunks a resize adds later: their chunks are whole blocks, as C-Blosc2 makes them. */
class EmptyArrayTest {
    @TempDir
    Path dir;

    @Test
    void anEmptyArraysChunksizeIsItsChunkRoundedUpToBlocks() throws Exception {
        // chunk 4 items, block 3: a chunk holds 2 blocks, 6 items, 24 bytes (python-blosc2: chunksize 24). Ours was
        // 16, so the chunks a resize added (24 bytes) made the chunksize variable, and their zeros were stored as
        // repeated values in one block, which C-Blosc2's b2nd reader refused (2 blocks expected)
        Path f = dir.resolve("e.b2nd");
        try (NDArray a = NDArray.builder(DType.INT32, 0).chunkshape(4).blockshape(3).storage(Storage.contiguous(f))
                .zeros()) {
            assertEquals(24, a.superChunk().chunksize());
            a.resize(5);
            assertEquals(24, a.superChunk().chunksize());
            assertEquals(SpecialValue.ZERO, Blosc2.info(a.superChunk().chunk(0)).special());
            assertArrayEquals(new byte[20], a.toBytes());
        }
        String out = PythonPeer.run("""
                import sys, blosc2
                a = blosc2.open(sys.argv[1])
                print(a.schunk.chunksize, a[...].tolist())
                """, f.toString());
        assertEquals("24 [0, 0, 0, 0, 0]", out.strip());
    }

    @Test
    void aRepeatedValueChunkHasTheBlocksOfTheSuperChunksParameters() {
        // a zero chunk in a frame of variable chunksize is stored as a repeated value; its blocksize is what the
        // super-chunk compresses with (a b2nd reader counts its blocks), as C-Blosc2's blosc2_chunk_repeatval
        CParams p = CParams.builder().typesize(4).blocksize(12).build();
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), p, 0)) {
            sc.append(new byte[40]);
            sc.append(new byte[48]); // another size: the chunksize is variable from here on
            sc.appendChunk(MemorySegment.ofArray(Blosc2.zeros(24, 4)));
            var info = Blosc2.info(sc.chunk(2));
            assertEquals(SpecialValue.VALUE, info.special());
            assertEquals(12, info.blocksize());
            assertArrayEquals(new byte[24], sc.decompressChunk(2));
        }
    }
}
