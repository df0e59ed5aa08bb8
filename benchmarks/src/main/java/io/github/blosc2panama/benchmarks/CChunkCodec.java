package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CBlosc2;
import io.github.blosc2panama.core.CParams;
import java.lang.foreign.MemorySegment;

/**
 * C-Blosc2 given its best case: one compression and one decompression context, created once and reused
 * (as python-blosc2 and {@code blosc2_schunk_*} do), with the same nthreads for both.
 */
final class CChunkCodec implements ChunkCodec {
    private final CBlosc2 c;
    private final CBlosc2.Context cctx;
    private final CBlosc2.Context dctx;

    CChunkCodec(CParams params) {
        this.c = CBlosc2.load();
        this.cctx = c.createCctx(params);
        this.dctx = c.createDctx(params.nthreads());
    }

    @Override
    public long compress(MemorySegment src, MemorySegment dst) {
        return c.compress(cctx, src, dst);
    }

    @Override
    public long decompress(MemorySegment chunk, MemorySegment dst) {
        return c.decompress(dctx, chunk, dst);
    }

    @Override
    public void close() {
        cctx.close();
        dctx.close();
    }
}
