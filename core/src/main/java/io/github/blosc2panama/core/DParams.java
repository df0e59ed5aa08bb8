package io.github.blosc2panama.core;

/** Decompression parameters, immutable: the number of threads that may decompress a chunk's blocks. */
public record DParams(int nthreads) {
    private static final DParams DEFAULTS = new DParams(1);

    public DParams {
        if (nthreads < 1) {
            throw new InvalidArgumentException("nthreads must be >= 1, got " + nthreads);
        }
    }

    public static DParams defaults() {
        return DEFAULTS;
    }
}
