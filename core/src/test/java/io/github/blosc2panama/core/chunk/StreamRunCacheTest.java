package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Run streams left in the decoder's scratch by one block are not written again by the next: chunk after chunk of
 * byte streams that are runs, other runs or not runs in turn, under pipelines that do and do not keep their input,
 * with compressions in between (which write the same scratch), every output must be the data.
 */
class StreamRunCacheTest {
    private static final Filter[][] PIPELINES = {
        {Filter.SHUFFLE}, {Filter.BITSHUFFLE}, {Filter.DELTA, Filter.SHUFFLE}, {Filter.SHUFFLE, Filter.DELTA},
        {Filter.SHUFFLE, Filter.BYTEDELTA}, {Filter.SHUFFLE, Filter.BITSHUFFLE, Filter.SHUFFLE},
    };

    /** Items of {@code typesize} bytes whose byte {@code p} is, per block, zero, a constant or noise. */
    static byte[] planes(SplittableRandom r, int nbytes, int typesize, int blocksize) {
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

    @Test
    void chunksDecodedOneAfterAnotherOnOneThreadAreTheirData() {
        SplittableRandom r = new SplittableRandom(2024);
        DParams one = new DParams(1);
        int checked = 0;
        for (int round = 0; round < 150; round++) {
            int typesize = new int[] {2, 4, 8, 16}[r.nextInt(4)];
            int blocksize = typesize * 1024 * (1 + r.nextInt(4));
            int nbytes = blocksize * (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? typesize * r.nextInt(300) : 0);
            Codec codec = new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}[r.nextInt(3)];
            CParams p = CParams.builder().codec(codec).clevel(1 + r.nextInt(9)).typesize(typesize)
                    .filters(PIPELINES[r.nextInt(PIPELINES.length)]).splitMode(SplitMode.ALWAYS)
                    .blocksize(blocksize).build();
            // chunks of one geometry one after another: their streams fall in the same slots
            for (int k = 0; k < 4; k++) {
                byte[] data = planes(r, nbytes, typesize, blocksize);
                byte[] chunk = Blosc2.compress(data, p);
                assertArrayEquals(data, Blosc2.decompress(chunk, one), "round " + round + "." + k + ": " + p);
                if (r.nextInt(4) == 0) {
                    // a compression in between writes the scratch the decoder keeps its streams in
                    Blosc2.compress(planes(r, nbytes, typesize, blocksize), p);
                }
                checked++;
            }
        }
        assertEquals(600, checked);
    }

    @Test
    void theCacheForgetsWhatIsWrittenAndWhenTheSlotsMove() {
        StreamRunCache c = new StreamRunCache();
        assertFalse(c.holds(0, 100, (byte) 0));
        c.filled(3, 100, (byte) 7);
        assertTrue(c.holds(3, 100, (byte) 7));
        assertFalse(c.holds(3, 100, (byte) 8));
        assertFalse(c.holds(3, 200, (byte) 7), "slots of another size lie elsewhere");
        c.written(3, 100);
        assertFalse(c.holds(3, 100, (byte) 7));
        c.filled(1, 100, (byte) -1);
        c.filled(2, 100, (byte) 0);
        c.written(0, 50);
        assertFalse(c.holds(1, 100, (byte) -1), "a write with other slots forgets all");
        assertFalse(c.holds(2, 100, (byte) 0));
        c.filled(StreamRunCache.SLOTS, 10, (byte) 1);
        assertFalse(c.holds(StreamRunCache.SLOTS, 10, (byte) 1), "slots past the tracked ones are never known");
        c.filled(0, 10, (byte) 1);
        c.forget();
        assertFalse(c.holds(0, 10, (byte) 1));
    }

    @Test
    void pipelinesThatWriteIntoTheirInputDoNotKeepIt() {
        assertTrue(keeps(Filter.SHUFFLE));
        assertTrue(keeps(Filter.BITSHUFFLE));
        assertTrue(keeps(Filter.SHUFFLE, Filter.BYTEDELTA));
        assertTrue(keeps(Filter.DELTA, Filter.SHUFFLE), "delta undone after the shuffle, on the output");
        assertFalse(keeps(Filter.SHUFFLE, Filter.DELTA), "delta undone first, on the streams");
        assertFalse(keeps(Filter.SHUFFLE, Filter.BITSHUFFLE, Filter.SHUFFLE), "the third swap writes the input");
    }

    private static boolean keeps(Filter... pipeline) {
        return pipeline(8, new int[6], pipeline).backwardKeepsInput();
    }

    /** The pipeline of {@code filters} in the last slots (the first runs first), with these meta bytes. */
    static FilterPipeline pipeline(int typesize, int[] meta, Filter... filters) {
        int[] ids = new int[6];
        for (int i = 0; i < filters.length; i++) {
            ids[6 - filters.length + i] = filters[i].id();
        }
        return new FilterPipeline(ids, meta, typesize, ChunkHeader.VERSION_FORMAT_STABLE);
    }
}
