package io.github.blosc2panama.cli;

/**
 * One line of {@code blosc2 bench}.
 *
 * @param dataset         dataset name, or "(any)" for the memcpy reference
 * @param sha256Prefix    first 16 hex digits of the sha256 of the benchmarked bytes, or "-"
 * @param config          configuration name as in DATASETS.md, or "memcpy"
 * @param nthreads        threads used
 * @param ratio           uncompressed / compressed bytes (NaN for memcpy)
 * @param compressGbps    compression speed, 1e9 bytes of uncompressed data per second (memcpy: copy speed)
 * @param decompressGbps  decompression speed (NaN for memcpy)
 * @param baseline        the baseline's figures for the same case, or null
 */
record BenchRow(String dataset, String sha256Prefix, String config, int nthreads, double ratio, double compressGbps,
        double decompressGbps, Baseline.Measurement baseline) {
}
