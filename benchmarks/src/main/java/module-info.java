/** JMH benchmarks, with a C-Blosc2 baseline bound through FFM. */
module io.github.blosc2panama.benchmarks {
    requires io.github.blosc2panama.core;
    requires io.github.blosc2panama.simd;
    requires jmh.core;
    opens io.github.blosc2panama.benchmarks;
}
