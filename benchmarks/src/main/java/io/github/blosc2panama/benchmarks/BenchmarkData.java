package io.github.blosc2panama.benchmarks;

/** Placeholder until the benchmark suite lands; holds nothing yet. */
final class BenchmarkData {
    private BenchmarkData() {
    }
}
