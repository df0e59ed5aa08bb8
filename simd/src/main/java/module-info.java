/** Blosc2 filter kernels over MemorySegments: scalar twins and (later) Vector API versions. */
module io.github.blosc2panama.simd {
    requires static jdk.incubator.vector;
    exports io.github.blosc2panama.simd;
}
