package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.util.Objects;

/**
 * A benchmark configuration of {@code shared/bench/DATASETS.md}, such as {@code lz4-5-shuffle}: a codec,
 * a clevel and one filter in slot 5, with automatic blocksize and FORWARD_COMPAT split.
 *
 * @param name   the name reports use, {@code codec-clevel-filter}
 * @param codec  the codec
 * @param clevel the compression level
 * @param filter the filter placed in slot 5 (slots 0..4 stay NOFILTER)
 */
public record BenchConfig(String name, Codec codec, int clevel, Filter filter) {
    public BenchConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(filter, "filter");
    }

    /** The configuration named {@code codec.lowerName() + "-" + clevel + "-" + filter.cliName()}. */
    public static BenchConfig of(Codec codec, int clevel, Filter filter) {
        return new BenchConfig(codec.lowerName() + "-" + clevel + "-" + filter.cliName(), codec, clevel, filter);
    }

    /** The compression parameters for data of {@code typesize} compressed with {@code nthreads} threads. */
    public CParams cparams(int typesize, int nthreads) {
        return CParams.builder()
                .codec(codec)
                .clevel(clevel)
                .typesize(typesize)
                .nthreads(nthreads)
                .blocksize(0)
                .splitMode(SplitMode.FORWARD_COMPAT)
                .filters(filter)
                .filtersMeta()
                .build();
    }
}
