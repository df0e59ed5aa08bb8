package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Chunks in native memory (at odd addresses) whose shuffled blocks mix raw, run, zero and coded streams decode to
 * their data: with run streams kept in the decoder's scratch from block to block and chunk to chunk, leftover
 * blocks, one and two threads, heap and native destinations, and getitem. The data is
 * {@link StreamRunCacheTest#planes}: per block, each byte stream noise (stored raw), zero, a constant or a slow ramp.
 */
class NativeChunkStreamsTest {
    /** Counts the raw (csize == neblock) streams of a split chunk with a 32-byte header. */
    private static int rawStreams(byte[] chunk, int typesize) {
        MemorySegment c = MemorySegment.ofArray(chunk);
        int nbytes = ChunkHeader.i32(c, 4);
        int blocksize = ChunkHeader.i32(c, 8);
        int nblocks = (nbytes + blocksize - 1) / blocksize;
        int raw = 0;
        for (int j = 0; j < nblocks; j++) {
            int bsize = Math.min(blocksize, nbytes - j * blocksize);
            int nstreams = bsize == blocksize ? typesize : 1;
            long pos = ChunkHeader.i32(c, 32 + 4L * j);
            for (int s = 0; s < nstreams; s++) {
                int csize = ChunkHeader.i32(c, pos);
                pos += 4;
                if (csize < 0) {
                    pos++;
                } else {
                    raw += csize == bsize / nstreams ? 1 : 0;
                    pos += csize;
                }
            }
        }
        return raw;
    }

    @Test
    void nativeChunksDecodeToTheirData() {
        SplittableRandom r = new SplittableRandom(4242);
        int raw = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 120; round++) {
                int typesize = new int[] {8, 8, 8, 4, 4, 2, 16}[r.nextInt(7)];
                int blocksize = typesize * 1024 * (1 + r.nextInt(4));
                int nbytes = blocksize * (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? typesize * r.nextInt(300) : 0);
                Codec codec = new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}[r.nextInt(3)];
                CParams p = CParams.builder().codec(codec).clevel(1 + r.nextInt(9)).typesize(typesize)
                        .filters(Filter.SHUFFLE).splitMode(SplitMode.ALWAYS).blocksize(blocksize).build();
                for (int k = 0; k < 3; k++) {
                    byte[] data = StreamRunCacheTest.planes(r, nbytes, typesize, blocksize);
                    byte[] bytes = Blosc2.compress(data, p);
                    raw += rawStreams(bytes, typesize);
                    MemorySegment chunk = arena.allocate(bytes.length + 8L).asSlice(r.nextInt(8), bytes.length);
                    chunk.copyFrom(MemorySegment.ofArray(bytes));
                    String what = "round " + round + "." + k + ": " + p;
                    int nthreads = 1 + r.nextInt(2);
                    MemorySegment dst = arena.allocate(nbytes + 8L).asSlice(r.nextInt(8), nbytes);
                    Blosc2.decompress(chunk, dst, new DParams(nthreads));
                    assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), what);
                    byte[] heap = Blosc2.decompress(chunk, new DParams(nthreads));
                    assertEquals(-1, MemorySegment.ofArray(heap).mismatch(MemorySegment.ofArray(data)), what);
                    long nitems = nbytes / typesize;
                    long start = r.nextLong(nitems);
                    long count = r.nextLong(nitems - start) + 1;
                    MemorySegment items = arena.allocate(count * typesize);
                    Blosc2.getItems(chunk, start, count, items);
                    assertEquals(-1, items.mismatch(dst.asSlice(start * typesize, count * typesize)), what + " items");
                }
            }
        }
        assertTrue(raw > 100, "raw streams exercised: " + raw);
    }
}
