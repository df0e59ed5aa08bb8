/** Blosc2 chunks, codecs, super-chunks, frames and b2nd arrays. The root package is the public API. */
module io.github.blosc2panama.core {
    requires io.github.blosc2panama.ffm;
    requires io.github.blosc2panama.simd;
    exports io.github.blosc2panama.core;
    exports io.github.blosc2panama.core.data;
}
