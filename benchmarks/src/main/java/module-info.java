/** JMH benchmarks, with the C-Blosc2 baseline of the c-baseline module. */
module io.github.blosc2panama.benchmarks {
    requires io.github.blosc2panama.core;
    requires io.github.blosc2panama.cbaseline;
    requires jmh.core;
    opens io.github.blosc2panama.benchmarks;
}
