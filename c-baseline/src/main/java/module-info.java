/**
 * An FFM binding to the real C-Blosc2 (the libblosc2 of python-blosc2), for baselines only: measuring our
 * engine against C ({@code blosc2 bench}, the JMH benchmarks) and checking interop. Core never uses it.
 */
module io.github.blosc2panama.cbaseline {
    requires io.github.blosc2panama.core;
    exports io.github.blosc2panama.cbaseline;
}
