/** Blosc2 filter kernels over MemorySegments. */
package io.github.blosc2panama.simd;
