package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Shuffled chunks in native memory whose byte streams are stored raw, as runs or compressed, block after block in
 * every mix, decode to their data. In blocks whose low-byte streams are all raw (every other block here), the
 * unshuffle reads those in the chunk itself. On one thread and two, into native and heap outputs, with a last partial
 * block, and with other filters and typesizes (which copy them next to the others first, as before).
 */
class RawStreamsInPlaceTest {
    @Test
    void nativeChunksWithRawStreamsDecodeToTheirData() {
        SplittableRandom r = new SplittableRandom(77);
        int checked = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 120; round++) {
                int typesize = new int[] {2, 4, 8, 8, 3, 16}[r.nextInt(6)];
                int blocksize = typesize * 1024 * (1 + r.nextInt(4));
                int nbytes = blocksize * (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? typesize * r.nextInt(300) + 1 : 0);
                Codec codec = new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}[r.nextInt(3)];
                Filter[] filters = r.nextInt(6) == 0 ? new Filter[] {Filter.DELTA, Filter.SHUFFLE}
                        : r.nextInt(6) == 0 ? new Filter[] {Filter.BITSHUFFLE} : new Filter[] {Filter.SHUFFLE};
                CParams p = CParams.builder().codec(codec).clevel(1 + r.nextInt(9)).typesize(typesize)
                        .filters(filters).splitMode(SplitMode.ALWAYS).blocksize(blocksize).build();
                for (int k = 0; k < 3; k++) {
                    byte[] data = lowBytesNoiseInHalfTheBlocks(r,
                            StreamRunCacheTest.planes(r, nbytes, typesize, blocksize), typesize, blocksize);
                    byte[] chunkBytes = Blosc2.compress(data, p);
                    MemorySegment chunk = arena.allocate(chunkBytes.length + 3).asSlice(3, chunkBytes.length)
                            .copyFrom(MemorySegment.ofArray(chunkBytes));
                    MemorySegment dst = arena.allocate(nbytes + 5).asSlice(5, nbytes);
                    DParams threads = new DParams(1 + r.nextInt(2));
                    assertEquals(nbytes, Blosc2.decompress(chunk, dst, threads));
                    String what = "round " + round + "." + k + ": " + p;
                    assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), what);
                    byte[] heapOut = new byte[nbytes];
                    Blosc2.decompress(chunk, MemorySegment.ofArray(heapOut), threads);
                    assertEquals(-1, MemorySegment.ofArray(heapOut).mismatch(MemorySegment.ofArray(data)), what);
                    checked++;
                }
            }
        }
        assertEquals(360, checked);
    }

    /** {@code data} with the low half of the bytes of every item made noise in about half of its blocks. */
    private static byte[] lowBytesNoiseInHalfTheBlocks(SplittableRandom r, byte[] data, int typesize, int blocksize) {
        for (int block = 0; block < data.length; block += blocksize) {
            if (r.nextBoolean()) {
                int end = Math.min(data.length, block + blocksize);
                for (int i = block; i < end; i++) {
                    if ((i - block) % typesize < typesize / 2) {
                        data[i] = (byte) r.nextInt();
                    }
                }
            }
        }
        return data;
    }

    @Test
    void aChunkOfNoiseDecodesLikeItsHeapCopy() {
        // every stream raw but the top bytes' (zeros, so that the chunk is not stored as a copy of its data)
        SplittableRandom r = new SplittableRandom(3);
        try (Arena arena = Arena.ofConfined()) {
            for (int typesize : new int[] {2, 4, 8}) {
                byte[] data = new byte[(1 << 20) + 3 * typesize];
                for (int i = 0; i < data.length; i++) {
                    data[i] = i % typesize == typesize - 1 ? 0 : (byte) r.nextInt();
                }
                CParams p = CParams.builder().codec(Codec.LZ4).typesize(typesize).filters(Filter.SHUFFLE)
                        .splitMode(SplitMode.ALWAYS).build();
                byte[] chunkBytes = Blosc2.compress(data, p);
                MemorySegment chunk = arena.allocate(chunkBytes.length).copyFrom(MemorySegment.ofArray(chunkBytes));
                MemorySegment dst = arena.allocate(data.length);
                Blosc2.decompress(chunk, dst, new DParams(1));
                assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), "typesize " + typesize);
                assertEquals(-1, MemorySegment.ofArray(Blosc2.decompress(chunkBytes))
                        .mismatch(MemorySegment.ofArray(data)), "heap chunk, typesize " + typesize);
            }
        }
    }

    @Test
    void onlyAPipelineOfOneShuffleOfTheTypesizeIsOneUnshuffle() {
        assertTrue(oneUnshuffle(8, new int[] {0, 0, 0, 0, 0, 0}, Filter.SHUFFLE));
        assertTrue(oneUnshuffle(8, new int[] {0, 0, 0, 0, 0, 8}, Filter.SHUFFLE));
        assertFalse(oneUnshuffle(8, new int[] {0, 0, 0, 0, 0, 4}, Filter.SHUFFLE), "shuffle of 4-byte items");
        assertTrue(oneUnshuffle(8, new int[6], Filter.SHUFFLE, Filter.TRUNC_PREC), "trunc-prec is not undone");
        assertFalse(oneUnshuffle(8, new int[6], Filter.BITSHUFFLE));
        assertFalse(oneUnshuffle(8, new int[6], Filter.DELTA, Filter.SHUFFLE));
        assertFalse(oneUnshuffle(8, new int[6], Filter.SHUFFLE, Filter.SHUFFLE));
        assertFalse(oneUnshuffle(8, new int[6]));
    }

    private static boolean oneUnshuffle(int typesize, int[] meta, Filter... pipeline) {
        return StreamRunCacheTest.pipeline(typesize, meta, pipeline).backwardIsOneUnshuffle();
    }
}
