package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.simd.Shuffle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Chunks in native memory whose shuffled blocks keep some streams raw: the decoder unshuffles those from the chunk
 * itself (where {@link Shuffle#hasRowKernel} allows) and must give the data, with run streams kept in its scratch
 * from block to block and chunk to chunk, leftover blocks, several threads, heap and native destinations, getitem.
 */
class RawStreamsInPlaceTest {
    /** Items whose byte {@code p} is, per block, noise (a raw stream), zero, a constant or a slow ramp. */
    private static byte[] planes(SplittableRandom r, int nbytes, int typesize, int blocksize) {
        byte[] b = new byte[nbytes];
        for (int block = 0; block < nbytes; block += blocksize) {
            int end = Math.min(nbytes, block + blocksize);
            for (int p = 0; p < typesize; p++) {
                int kind = r.nextInt(4);
                byte c = (byte) (kind == 1 ? 0 : r.nextInt(256));
                for (int i = block + p; i < end; i += typesize) {
                    b[i] = kind == 0 ? (byte) r.nextInt(256) : kind == 3 ? (byte) (i / 97) : c;
                }
            }
        }
        return b;
    }

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
    void nativeChunksWithRawStreamsDecodeToTheirData() {
        SplittableRandom r = new SplittableRandom(4242);
        int raw = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 120; round++) {
                int typesize = new int[] {8, 8, 8, 4, 16}[r.nextInt(5)];
                int blocksize = typesize * 1024 * (1 + r.nextInt(4));
                int nbytes = blocksize * (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? typesize * r.nextInt(300) : 0);
                Codec codec = new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}[r.nextInt(3)];
                CParams p = CParams.builder().codec(codec).clevel(1 + r.nextInt(9)).typesize(typesize)
                        .filters(Filter.SHUFFLE).splitMode(SplitMode.ALWAYS).blocksize(blocksize).build();
                for (int k = 0; k < 3; k++) {
                    byte[] data = planes(r, nbytes, typesize, blocksize);
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

    @Test
    void theDecoderReadsRawStreamsInPlaceWhereTheKernelRuns() {
        byte[] data = planes(new SplittableRandom(7), 1 << 16, 8, 1 << 14);
        CParams p = CParams.builder().codec(Codec.LZ4).typesize(8).filters(Filter.SHUFFLE)
                .splitMode(SplitMode.ALWAYS).blocksize(1 << 14).build();
        byte[] bytes = Blosc2.compress(data, p);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(bytes.length);
            chunk.copyFrom(MemorySegment.ofArray(bytes));
            BlockDecoder d = new BlockDecoder();
            d.reset(ChunkHeader.parse(chunk), chunk);
            assertEquals(Shuffle.hasRowKernel(8), d.readsRawStreamsInPlace(), "native split typesize-8 chunk");
            d.reset(ChunkHeader.parse(MemorySegment.ofArray(bytes)), MemorySegment.ofArray(bytes));
            assertEquals(false, d.readsRawStreamsInPlace(), "heap chunk");
            byte[] delta = Blosc2.compress(data, p.toBuilder().filters(Filter.DELTA, Filter.SHUFFLE).build());
            MemorySegment deltaChunk = arena.allocate(delta.length);
            deltaChunk.copyFrom(MemorySegment.ofArray(delta));
            d.reset(ChunkHeader.parse(deltaChunk), deltaChunk);
            assertEquals(false, d.readsRawStreamsInPlace(), "DELTA to undo as well");
        }
    }

    @Test
    void onlyShuffleTypesizeIsTheShuffleWhenNothingElseIsUndone() {
        assertEquals(8, only(new int[] {Filter.SHUFFLE.id()}, 0));
        assertEquals(4, only(new int[] {Filter.SHUFFLE.id()}, 4));
        assertEquals(8, only(new int[] {Filter.TRUNC_PREC.id(), Filter.SHUFFLE.id()}, 0));
        assertEquals(0, only(new int[] {Filter.DELTA.id(), Filter.SHUFFLE.id()}, 0));
        assertEquals(0, only(new int[] {Filter.SHUFFLE.id(), Filter.SHUFFLE.id()}, 0));
        assertEquals(0, only(new int[] {Filter.BITSHUFFLE.id()}, 0));
        assertEquals(0, only(new int[] {}, 0));
    }

    private static int only(int[] pipeline, int shuffleMeta) {
        int[] ids = new int[6];
        int[] meta = new int[6];
        for (int i = 0; i < pipeline.length; i++) {
            ids[6 - pipeline.length + i] = pipeline[i];
            if (pipeline[i] == Filter.SHUFFLE.id()) {
                meta[6 - pipeline.length + i] = shuffleMeta;
            }
        }
        return new FilterPipeline(ids, meta, 8, ChunkHeader.VERSION_FORMAT_STABLE).onlyShuffleTypesize();
    }
}
