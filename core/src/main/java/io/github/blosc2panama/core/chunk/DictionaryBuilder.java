package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.codec.NativeCodecs;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * Builds a chunk's dictionary the way C-Blosc2 does for {@code use_dict} (see {@link NativeCodecs}):
 * the filtered blocks, one after the other, are sampled; LZ4 and LZ4HC use the leading samples as
 * the dictionary, Zstd trains one from them with ZDICT. When C would write the chunk without a
 * dictionary, so do we.
 */
final class DictionaryBuilder {
    private DictionaryBuilder() {
    }

    /** The dictionary for this chunk, or {@code null} to write it without one. */
    static MemorySegment build(CParams p, BlockPlan plan, FilterPipeline pipeline, MemorySegment src, int nbytes) {
        if (plan.nblocks() == 0) {
            return null;
        }
        Optional<NativeCodecs.DictSampling> sampling = NativeCodecs.dictSampling(nbytes, plan.nblocks(),
                plan.typesize(), plan.split());
        if (sampling.isEmpty()) {
            return null;
        }
        NativeCodecs.DictSampling s = sampling.get();
        long wanted = s.samplesBytes();
        MemorySegment training = Arena.ofAuto().allocate(wanted);
        Scratch scratch = Scratch.get();
        long filled = 0;
        for (int j = 0; j < plan.nblocks() && filled < wanted; j++) {
            int bsize = plan.blockSize(j);
            MemorySegment filtered = pipeline.forward(src, (long) j * plan.blocksize(), bsize,
                    scratch.a(bsize), scratch.b(bsize));
            long take = Math.min(bsize, wanted - filled);
            MemorySegment.copy(filtered, 0, training, filled, take);
            filled += take;
        }
        if (p.codec() == Codec.LZ4 || p.codec() == Codec.LZ4HC) {
            byte[] dict = s.lz4Dictionary(training, plan.nblocks());
            MemorySegment native_ = Arena.ofAuto().allocate(dict.length);
            MemorySegment.copy(MemorySegment.ofArray(dict), 0, native_, 0, dict.length);
            return native_;
        }
        return NativeCodecs.trainDictionary(training, s.sampleSizes(), s.maxSize()).orElse(null);
    }
}
