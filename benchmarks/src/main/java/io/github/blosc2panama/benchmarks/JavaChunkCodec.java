package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.DParams;
import java.lang.foreign.MemorySegment;

/** Our chunk layer, through the public {@link Blosc2} facade. */
final class JavaChunkCodec implements ChunkCodec {
    private final CParams cparams;
    private final DParams dparams;

    JavaChunkCodec(CParams cparams) {
        this.cparams = cparams;
        this.dparams = new DParams(cparams.nthreads());
    }

    @Override
    public long compress(MemorySegment src, MemorySegment dst) {
        return Blosc2.compress(src, dst, cparams);
    }

    @Override
    public long decompress(MemorySegment chunk, MemorySegment dst) {
        return Blosc2.decompress(chunk, dst, dparams);
    }

    @Override
    public void close() {
    }
}
