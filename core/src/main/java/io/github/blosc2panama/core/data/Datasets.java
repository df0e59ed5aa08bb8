package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.util.List;

/**
 * The benchmark datasets and configurations of {@code shared/bench/DATASETS.md}, so that Java and C
 * benchmarks compress identical bytes with identical parameters.
 */
public final class Datasets {
    /** The size the check values ({@link Dataset#sha256Prefix64M()}) are computed over: 64 MiB. */
    public static final long CHECK_NBYTES = 64L << 20;
    /** The chunk size datasets are cut into: 4 MiB. */
    public static final int CHUNK_NBYTES = 4 << 20;

    /** float64 linspace from 0 in steps of 2^-20 plus 1e-6 of noise, seed 1. */
    public static final Dataset F64_NOISE = new Dataset("f64_noise",
            PatternSpec.of(Pattern.LINSPACE_NOISE, 8).withA(0.0).withD(0x1p-20).withNoise(1e-6).withSeed(1),
            "b77ef6f93caeca0e");
    /** int32 0, 1, 2, ... */
    public static final Dataset I32_ARANGE = new Dataset("i32_arange", PatternSpec.of(Pattern.ARANGE, 4),
            "d5f530811c8d9d40");
    /** An int64 random walk from 1000000, seed 2. */
    public static final Dataset I64_WALK = new Dataset("i64_walk",
            PatternSpec.of(Pattern.WALK_I64, 8).withStart(1_000_000L).withSeed(2), "f73ce20b80e36c2a");
    /** Random English-ish words, seed 3, typesize 1. */
    public static final Dataset TEXT = new Dataset("text", PatternSpec.of(Pattern.TEXT, 1).withSeed(3),
            "3aeb934f69269165");

    private static final List<Dataset> DATASETS = List.of(F64_NOISE, I32_ARANGE, I64_WALK, TEXT);

    private static final List<BenchConfig> CONFIGURATIONS = List.of(
            BenchConfig.of(Codec.BLOSCLZ, 5, Filter.SHUFFLE),
            BenchConfig.of(Codec.LZ4, 5, Filter.SHUFFLE),
            BenchConfig.of(Codec.LZ4, 5, Filter.BITSHUFFLE),
            BenchConfig.of(Codec.LZ4HC, 5, Filter.SHUFFLE),
            BenchConfig.of(Codec.ZSTD, 1, Filter.SHUFFLE),
            BenchConfig.of(Codec.ZSTD, 5, Filter.BITSHUFFLE),
            BenchConfig.of(Codec.ZLIB, 5, Filter.SHUFFLE));

    private Datasets() {
    }

    /** The four datasets, in the order of DATASETS.md. */
    public static List<Dataset> datasets() {
        return DATASETS;
    }

    /** The dataset called {@code name}. */
    public static Dataset dataset(String name) {
        for (Dataset d : DATASETS) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        throw new InvalidArgumentException("unknown dataset '" + name + "' (expected " + names(DATASETS.stream()
                .map(Dataset::name).toList()) + ")");
    }

    /** The seven configurations, in the order of DATASETS.md. */
    public static List<BenchConfig> configurations() {
        return CONFIGURATIONS;
    }

    /** The configuration called {@code name}, e.g. {@code "zstd-5-bitshuffle"}. */
    public static BenchConfig configuration(String name) {
        for (BenchConfig c : CONFIGURATIONS) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new InvalidArgumentException("unknown configuration '" + name + "' (expected " + names(CONFIGURATIONS
                .stream().map(BenchConfig::name).toList()) + ")");
    }

    private static String names(List<String> names) {
        return String.join(", ", names);
    }
}
