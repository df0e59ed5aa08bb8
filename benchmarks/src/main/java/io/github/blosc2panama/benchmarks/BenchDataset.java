package io.github.blosc2panama.benchmarks;

import java.lang.foreign.MemorySegment;

/**
 * The benchmark datasets of {@code shared/bench/DATASETS.md}. A shorter buffer is the prefix of the
 * 64 MiB stream that the check values describe (every pattern is a stream).
 */
enum BenchDataset {
    F64_NOISE("f64_noise", 8),
    I32_ARANGE("i32_arange", 4),
    I64_WALK("i64_walk", 8),
    TEXT("text", 1);

    private final String id;
    private final int typesize;

    BenchDataset(String id, int typesize) {
        this.id = id;
        this.typesize = typesize;
    }

    /** The dataset's name in DATASETS.md (and in the benchmark parameters). */
    String id() {
        return id;
    }

    int typesize() {
        return typesize;
    }

    /** Fills {@code dst} with the first {@code dst.byteSize()} bytes of this dataset. */
    void fill(MemorySegment dst) {
        switch (this) {
            case F64_NOISE -> DataPatterns.linspaceNoise(dst, 0.0, 0x1p-20, 1e-6, 1);
            case I32_ARANGE -> DataPatterns.arange(dst, 4);
            case I64_WALK -> DataPatterns.walkI64(dst, 1_000_000, 2);
            case TEXT -> DataPatterns.text(dst, 3);
        }
    }

    static BenchDataset ofId(String id) {
        for (BenchDataset d : values()) {
            if (d.id.equals(id)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown dataset '" + id + "' (expected f64_noise, i32_arange, i64_walk or text)");
    }
}
