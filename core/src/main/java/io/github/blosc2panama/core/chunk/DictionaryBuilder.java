package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.codec.NativeCodecs;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Builds a chunk's dictionary the way C-Blosc2 does for {@code use_dict}: the filtered blocks,
 * one after the other, are cut into equal samples (1/16 of a block or of a split stream each, at
 * least 8 samples); LZ4 and LZ4HC use the first samples as the dictionary, Zstd trains one from
 * them with ZDICT. The dictionary is at most 32 KiB and at most 5% of the chunk; when that is under
 * 256 bytes, or training fails, the chunk is written without one.
 */
final class DictionaryBuilder {
    static final int MIN_USEFUL_DICT = 256;

    private DictionaryBuilder() {
    }

    /** The dictionary for this chunk, or {@code null} to write it without one. */
    static MemorySegment build(CParams p, BlockPlan plan, FilterPipeline pipeline, MemorySegment src, int nbytes) {
        int dictMax = Math.min(ChunkHeader.MAX_DICT_SIZE, nbytes / 20);
        long nsamples = (long) plan.nblocks() * (plan.split() ? plan.typesize() : 1);
        if (nsamples < 8) {
            nsamples = 8;
        }
        long sampleSize = nbytes / nsamples / 16;
        if (dictMax < MIN_USEFUL_DICT || sampleSize == 0) {
            return null;
        }
        long wanted = nsamples * sampleSize;
        MemorySegment samples = Arena.ofAuto().allocate(wanted);
        Scratch scratch = Scratch.get();
        long filled = 0;
        for (int j = 0; j < plan.nblocks() && filled < wanted; j++) {
            boolean leftoverBlock = j == plan.nblocks() - 1 && plan.leftover() > 0;
            int bsize = leftoverBlock ? plan.leftover() : plan.blocksize();
            MemorySegment filtered = pipeline.forward(src, (long) j * plan.blocksize(), bsize,
                    scratch.a(bsize), scratch.b(bsize));
            long take = Math.min(bsize, wanted - filled);
            MemorySegment.copy(filtered, 0, samples, filled, take);
            filled += take;
        }
        if (p.codec() == Codec.LZ4 || p.codec() == Codec.LZ4HC) {
            return samples.asSlice(0, Math.min(wanted, dictMax));
        }
        long[] sizes = new long[(int) nsamples];
        Arrays.fill(sizes, sampleSize);
        return NativeCodecs.trainDictionary(samples, sizes, dictMax);
    }
}
