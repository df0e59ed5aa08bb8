package io.github.blosc2panama.core;

import java.util.Objects;

/**
 * Decompression parameters, immutable: the number of threads that may decompress a chunk's blocks,
 * and the {@link Limits} a chunk read must respect.
 */
public record DParams(int nthreads, Limits limits) {
    private static final DParams DEFAULTS = new DParams(1);

    public DParams {
        if (nthreads < 1) {
            throw new InvalidArgumentException("nthreads must be >= 1, got " + nthreads);
        }
        Objects.requireNonNull(limits, "limits");
    }

    /** {@code nthreads} threads and {@link Limits#defaults()}. */
    public DParams(int nthreads) {
        this(nthreads, Limits.defaults());
    }

    public static DParams defaults() {
        return DEFAULTS;
    }

    public DParams withLimits(Limits newLimits) {
        return new DParams(nthreads, newLimits);
    }
}
