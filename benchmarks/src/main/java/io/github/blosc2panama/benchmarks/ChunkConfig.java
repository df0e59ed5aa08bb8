package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;

/**
 * The compression configurations of DATASETS.md: codec, clevel and one filter in slot 5; blocksize
 * automatic and splitmode FORWARD_COMPAT (C-Blosc2's default).
 */
enum ChunkConfig {
    BLOSCLZ_5_SHUFFLE("blosclz-5-shuffle", Codec.BLOSCLZ, 5, Filter.SHUFFLE),
    LZ4_5_SHUFFLE("lz4-5-shuffle", Codec.LZ4, 5, Filter.SHUFFLE),
    LZ4_5_BITSHUFFLE("lz4-5-bitshuffle", Codec.LZ4, 5, Filter.BITSHUFFLE),
    LZ4HC_5_SHUFFLE("lz4hc-5-shuffle", Codec.LZ4HC, 5, Filter.SHUFFLE),
    ZSTD_1_SHUFFLE("zstd-1-shuffle", Codec.ZSTD, 1, Filter.SHUFFLE),
    ZSTD_5_BITSHUFFLE("zstd-5-bitshuffle", Codec.ZSTD, 5, Filter.BITSHUFFLE),
    ZLIB_5_SHUFFLE("zlib-5-shuffle", Codec.ZLIB, 5, Filter.SHUFFLE);

    private final String id;
    private final Codec codec;
    private final int clevel;
    private final Filter filter;

    ChunkConfig(String id, Codec codec, int clevel, Filter filter) {
        this.id = id;
        this.codec = codec;
        this.clevel = clevel;
        this.filter = filter;
    }

    String id() {
        return id;
    }

    /** The parameters for data of {@code typesize} compressed with {@code nthreads} threads. */
    CParams cparams(int typesize, int nthreads) {
        return CParams.builder()
                .codec(codec)
                .clevel(clevel)
                .typesize(typesize)
                .nthreads(nthreads)
                .blocksize(0)
                .splitMode(SplitMode.FORWARD_COMPAT)
                .filters(filter)
                .build();
    }

    static ChunkConfig ofId(String id) {
        for (ChunkConfig c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown config '" + id + "'");
    }
}
